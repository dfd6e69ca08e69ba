import type { KanbanDecision } from '@aval/contracts';
import {
  ANALYSIS_STEP,
  AWAITING_BROKER_STEP,
  type CardTypeValue,
  engineExecutionTypeLabels,
  isInsurance,
  maskCpfCnpj,
  Permission as P,
  TimelineGroup,
  TimelineSituation,
  TimelineStatus,
} from '@aval/domain';
import type { UserContext } from '../../context.js';
import { forbidden, notFound, unprocessable } from '../../lib/errors.js';
import * as history from '../change-history/index.js';
import * as documents from '../documents/index.js';
import * as kanban from '../kanban/index.js';
import { sanitizeRichText } from '../parameterisation/index.js';
import * as policyHolders from '../policy-holders/index.js';
import { decideWaiting, waitingOn } from './decide-analysis.js';
import { assertSide, load, ownerOfRow, proposalHistory } from './proposals.access.js';
import * as arepo from './proposals.analysis.repository.js';
import { approvalBlockers } from './proposals.approvability.js';
import { recordTimeline } from './proposals.lifecycle.js';
import * as repo from './proposals.repository.js';
import { getProposalDetail } from './proposals.service.js';
import { contractualTerms, getRiskChange, requestAdjustment } from './proposals.workflow.js';

/**
 * The proposal cards of the analysis pipes (issue 15): what the underwriter sees and does on them.
 * Card calls need insurer staff who may view pipes (1, in the contract) and work proposals (31;
 * reads 32, checked by `load`).
 */
const staffWrite = (ctx: UserContext) => {
  if (!isInsurance(ctx.user.userType) || !ctx.user.permissions.has(P.GERENCIAR_PROPOSTAS_SEGURADORA))
    throw forbidden();
};

export const cardInfo = async (ctx: UserContext, uniqueId: string) => {
  const row = await load(ctx, uniqueId);
  const proposal = await getProposalDetail(ctx, uniqueId);
  const a = await arepo.findAnalysis(ctx.db, ctx.company.id, row.id);
  const risk = await getRiskChange(ctx, uniqueId);
  const plan = a?.cessionPlan as Record<string, string> | null | undefined;
  return {
    Proposal: proposal,
    Analysis: {
      Round: a?.round ?? 0,
      PassedEngineIds: a?.passed ?? [],
      WaitingEngineId: a?.waitingEngine ?? null,
      WaitingEngineName: a?.waitingEngine
        ? (engineExecutionTypeLabels[a.waitingEngine as keyof typeof engineExecutionTypeLabels] ?? null)
        : null,
      WaitingCardType: a?.waitingCardType ?? null,
      CessionPlan: plan
        ? {
            InsuredAmount: plan.insuredAmount!,
            Retention: plan.retention!,
            Retained: plan.retained!,
            Ceded: plan.ceded!,
            LocalOffered: plan.localOffered!,
            EventualMax: plan.eventualMax!,
            Admitted: plan.admitted!,
          }
        : null,
    },
    RiskChange: risk,
  };
};

export const requestDocument = async (
  ctx: UserContext,
  b: { ProposalUniqueId: string; Name: string; RequestDocumentTypeId: number; IsRequired?: boolean },
) => {
  staffWrite(ctx);
  const row = await load(ctx, b.ProposalUniqueId);
  return documents.createDocument(ctx, ownerOfRow(row), b);
};

export const changeDocumentStatus = async (
  ctx: UserContext,
  b: { RequestDocumentUniqueId: string; Approve: boolean; Justification?: string | null },
) => {
  staffWrite(ctx);
  const doc = await documents.findDocumentOfOwnerType(ctx, 'proposal', {
    uniqueId: b.RequestDocumentUniqueId,
  });
  if (!doc) throw notFound('Documento da proposta não encontrado.');
  return documents.reviewDocument(ctx, { type: 'proposal', id: doc.ownerId }, doc.uniqueId, {
    approve: b.Approve,
    note: b.Justification ?? undefined,
  });
};

export const deleteRequestDocument = async (
  ctx: UserContext,
  b: { ProposalUniqueId: string; RequestDocumentUniqueId: string },
) => {
  staffWrite(ctx);
  const row = await load(ctx, b.ProposalUniqueId);
  await documents.deleteDocument(ctx, ownerOfRow(row), b.RequestDocumentUniqueId);
  return { Deleted: true };
};

/**
 * KanbanProposalSendToBroker: a request for adjustment (2 → 6), never a decision. The validation the
 * proposal waits on stays waiting: its card moves to the pipe's 'Aguardando corretor' step, where it
 * cannot be approved; the broker sees the reason where it replies, and its answer brings the
 * proposal back to 2 and the card back to 'Em análise', where the underwriter decides.
 */
export const sendToBroker = async (
  ctx: UserContext,
  b: {
    ProposalUniqueId: string;
    Reason: string;
    RequestDocuments?: { Name: string; RequestDocumentTypeId: number; IsRequired?: boolean }[];
  },
) => {
  staffWrite(ctx);
  const row = await load(ctx, b.ProposalUniqueId);
  if (row.statusId !== 2) throw unprocessable('Só uma proposta em análise pode ser enviada ao corretor.');
  const a = await arepo.findAnalysis(ctx.db, ctx.company.id, row.id);
  if (a?.waitingEngine) {
    await arepo.insertEngineLog(ctx.db, {
      companyId: ctx.company.id,
      proposalId: row.id,
      engineTypeId: a.waitingEngine,
      approved: false,
      outcome: 'ENVIADO_AO_CORRETOR',
      message: `Enviada ao corretor para ajuste: ${b.Reason}`,
      inputs: { UserId: ctx.user.userId, SentToBroker: true },
      cardType: a.waitingCardType,
      round: a.round,
      createdByUserId: ctx.user.userId,
    });
    if (a.waitingCardType && a.waitingCardRef)
      await kanban.moveOwnedCard(ctx, {
        cardType: a.waitingCardType as never,
        cardRef: a.waitingCardRef,
        stepName: AWAITING_BROKER_STEP,
      });
  }
  return requestAdjustment(ctx, {
    ProposalUniqueId: b.ProposalUniqueId,
    Reason: b.Reason,
    RequestDocuments: b.RequestDocuments,
  });
};

/** KanbanInsuranceUpdateProposalContractualTerms: special clause and particular clause texts. */
export const updateContractualTerms = async (
  ctx: UserContext,
  b: {
    ProposalUniqueId: string;
    SpecialClause?: string | null;
    ParticularClauses?: { ParticularClauseId: number; Text: string }[];
  },
) => {
  staffWrite(ctx);
  const row = await load(ctx, b.ProposalUniqueId);
  if (![2, 6, 9].includes(row.statusId))
    throw unprocessable(
      'Só uma proposta em análise, aguardando o corretor ou em inspeção pode ter as cláusulas alteradas no card.',
    );
  const children = await repo.childrenOf(ctx.db, row.id);
  const changes: history.FieldChange[] = [];
  if (b.ParticularClauses?.length) {
    const known = new Set(children.clauses.map((c) => c.particularClauseId));
    const unknown = b.ParticularClauses.filter((c) => !known.has(c.ParticularClauseId));
    if (unknown.length) throw unprocessable('A proposta não tem esta cláusula particular.');
    // The clauses' texts are the editor's HTML: sanitised before they are stored, as in the catalogue.
    const texts = new Map(
      b.ParticularClauses.map((c) => [c.ParticularClauseId, sanitizeRichText(c.Text, 'o texto da cláusula')]),
    );
    await repo.replaceChildren(
      ctx.db,
      repo.tables.clauses,
      row.id,
      children.clauses.map(({ id: _id, ...c }) => ({
        ...c,
        text: texts.get(c.particularClauseId) ?? c.text,
      })),
    );
    for (const c of children.clauses)
      if (texts.has(c.particularClauseId) && texts.get(c.particularClauseId) !== c.text)
        changes.push({
          field: 'ParticularClause',
          old: c.title,
          new: `${c.title} (texto alterado pela seguradora)`,
        });
  }
  if (b.SpecialClause !== undefined) {
    const text = b.SpecialClause?.trim() || null;
    if (text !== row.specialClause) {
      const saved = await repo.updateVersioned(ctx.db, row.id, row.version, {
        specialClause: text,
        updatedByUserId: ctx.user.userId,
      });
      if (!saved) throw unprocessable('A proposta foi alterada por outra pessoa: recarregue.');
      changes.push({
        field: 'SpecialClause',
        old: row.specialClause ? 'Cláusula especial' : null,
        new: text ? 'Cláusula especial alterada pela seguradora' : null,
      });
    }
  }
  if (changes.length) {
    await history.recordChanges(ctx, proposalHistory.of(row.id), changes);
    await recordTimeline(ctx, row, {
      group: TimelineGroup.PROPOSTA,
      situation: TimelineSituation.SUBSCRICAO,
      status: TimelineStatus.SEGURADORA,
      text: 'Condições contratuais alteradas pela seguradora.',
    });
  }
  return (await contractualTerms(ctx, b.ProposalUniqueId)) as Record<string, unknown>[];
};

/**
 * The owner of a GRUPO_ECONOMICO card: a proposal the credit validation stopped on its holder's
 * group limit, or a policy holder whose group the registry asks to confirm (the card's ref).
 */
const economicGroupOwner = async (ctx: UserContext, ref: string) => {
  // Insurer staff only (the call's user types): a proposal's card also needs the proposals side (31/32).
  const proposal = await repo.findProposal(ctx.db, ctx.company.id, { uniqueId: ref }, { all: true });
  if (proposal) {
    assertSide(ctx);
    return { proposal, holderId: proposal.policyHolderId };
  }
  const holder = await policyHolders.getVisible(ctx, ref).catch(() => undefined);
  if (!holder) throw notFound('Card não encontrado: nem proposta nem tomador.');
  return { proposal: undefined, holderId: holder.id };
};

/** GetCardEconomicGroupInfo: the card's policy holder and its economic group (and the proposal, if any). */
export const economicGroupInfo = async (ctx: UserContext, ref: string) => {
  const { proposal, holderId } = await economicGroupOwner(ctx, ref);
  const p = await policyHolders.economicGroupPicture(ctx, holderId);
  return {
    ProposalUniqueId: proposal?.uniqueId ?? null,
    ProposalNumber: proposal?.number ?? null,
    InsuredAmount: proposal ? (proposal.insuredAmount ?? '0.00') : null,
    PolicyHolder: {
      Id: p.holder.id,
      UniqueId: p.holder.uniqueId,
      Name: p.holder.name,
      Document: maskCpfCnpj(p.holder.document),
    },
    EconomicGroup: p.group
      ? { ...p.group, Members: p.group.Members.map((m) => ({ ...m, Document: maskCpfCnpj(m.Document) })) }
      : null,
    HolderAvailable: p.holderAvailable,
  };
};

/** KanbanSaveEconomicGroup: the underwriter adjusts the group's aggregate limit on the card. */
export const saveEconomicGroup = async (
  ctx: UserContext,
  b: { ProposalUniqueId: string; Limit?: string | null },
) => {
  staffWrite(ctx);
  const { holderId } = await economicGroupOwner(ctx, b.ProposalUniqueId);
  await policyHolders.setEconomicGroupLimit(ctx, holderId, b.Limit ?? null);
  return economicGroupInfo(ctx, b.ProposalUniqueId);
};

/**
 * A decision on a proposal card (or on a holder's or brokerage's card a proposal waits on): each
 * waiting proposal goes on (approve) or is refused (98). Cards no proposal waits on go to `other`.
 */
export const proposalCardDecision =
  (other?: (ctx: UserContext, d: KanbanDecision) => Promise<void>, opts: { ownerFirst?: boolean } = {}) =>
  async (ctx: UserContext, d: KanbanDecision) => {
    // ownerFirst: the card is the owner's (a holder's branch activity): it decides, then the
    // proposals waiting on it go on.
    if (opts.ownerFirst && other) await other(ctx, d);
    const waiting = await waitingOn(ctx, d.cardType, d.cardRef);
    if (waiting.length === 0) {
      if (other && !opts.ownerFirst) await other(ctx, d);
      return;
    }
    for (const a of waiting) {
      const row = await repo.findProposal(ctx.db, ctx.company.id, { id: a.proposalId }, { all: true });
      if (!row || ![2, 6, 9].includes(row.statusId)) continue;
      if (d.decision === 'approve') {
        // The board refuses such a move; one that got there before the reasons did is undone.
        const blockers = await approvalBlockers(ctx, row, a.waitingEngine);
        if (blockers.length) {
          await kanban.moveOwnedCard(ctx, {
            cardType: d.cardType as CardTypeValue,
            cardRef: d.cardRef,
            stepName: row.statusId === 6 ? AWAITING_BROKER_STEP : ANALYSIS_STEP,
            approvalBlockers: blockers,
          });
          await kanban.addCardObservation(
            ctx,
            { cardType: d.cardType, cardRef: d.cardRef },
            `Aprovação não aplicada à proposta nº ${row.number}: ${blockers.join('; ')}.`,
          );
          continue;
        }
      }
      await decideWaiting(ctx, row, {
        approve: d.decision === 'approve',
        justification: d.justification ?? null,
      });
    }
  };
