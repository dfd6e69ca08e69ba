import type { ModalityDetail } from '@aval/contracts';
import {
  checkRetroactivity,
  getCompanyProposalTags,
  isInsurance,
  Permission as P,
  ProposalStatus,
  renderTags,
  type TagContext,
  TimelineGroup,
  TimelineSituation,
  TimelineStatus,
  tagDefinitionsByName,
} from '@aval/domain';
import type { UserContext } from '../../context.js';
import { currentDay } from '../../lib/clock.js';
import { forbidden, unprocessable } from '../../lib/errors.js';
import { hasAny } from '../../lib/permissions.js';
import * as documents from '../documents/index.js';
import { insurerTagParty } from '../parameterisation/index.js';
import { assertLegalRules } from './override-legal-rules.js';
import {
  assertCanWrite,
  assertSide,
  assertVersion,
  buildView,
  load,
  ownerOfRow,
  riskChanges,
  versionConflict,
} from './proposals.access.js';
import { resumeAnalysis } from './proposals.analysis.js';
import { refreshCardBlockers } from './proposals.approvability.js';
import { recordTimeline, transitionProposal } from './proposals.lifecycle.js';
import { modalityOf } from './proposals.modality.js';
import { type ProposalParties, partiesOfProposal } from './proposals.parties.js';
import * as repo from './proposals.repository.js';
import { timelineOf } from './proposals.service.js';
import { EDITABLE_STATUSES, pendingRequired, statusName } from './proposals.view.js';

/** RequestProposalAdjustment: 2 → 6, the acceptance clock pauses, documents asked are created. */
export const requestAdjustment = async (
  ctx: UserContext,
  b: {
    ProposalUniqueId: string;
    Version?: number;
    Reason: string;
    RequestDocuments?: { Name: string; RequestDocumentTypeId: number; IsRequired?: boolean }[];
  },
) => {
  const row = await load(ctx, b.ProposalUniqueId);
  await assertCanWrite(ctx, row);
  assertVersion(row, b.Version);
  if (row.statusId !== 2)
    throw unprocessable('Só uma proposta em análise pode voltar ao corretor para ajuste.');
  for (const d of b.RequestDocuments ?? []) await documents.createDocument(ctx, ownerOfRow(row), d);
  const saved = await transitionProposal(ctx, row, 6, {
    group: TimelineGroup.PROPOSTA,
    situation: TimelineSituation.CADASTRO,
    status: TimelineStatus.CORRETOR,
    text: b.Reason,
  });
  // The card the proposal waits on (if any) cannot be approved while the broker holds it.
  await refreshCardBlockers(ctx, saved);
  return (await buildView(ctx, saved)).view;
};

/**
 * UpdateProposalTimelineInfo: in status 6 the main broker answers (6 → 2, the clock resumes);
 * otherwise insurer staff (31) write a note.
 */
export const updateTimelineInfo = async (
  ctx: UserContext,
  b: { ProposalUniqueId: string; Version?: number; Description: string },
) => {
  const row = await load(ctx, b.ProposalUniqueId);
  await assertCanWrite(ctx, row);
  assertVersion(row, b.Version);
  const insurer = isInsurance(ctx.user.userType);
  let saved = row;
  if (!insurer) {
    if (row.statusId !== 6)
      throw unprocessable('A proposta não está aguardando o corretor: não há pedido de ajuste a responder.');
    // The answer sends the proposal back: the legal rules hold as they do on the first sending.
    assertLegalRules(row);
    saved = await transitionProposal(ctx, row, 2, {
      group: TimelineGroup.PROPOSTA,
      situation: TimelineSituation.CADASTRO,
      status: TimelineStatus.SEGURADORA,
      text: b.Description,
    });
    // The answer sends what the broker attached meanwhile to the insurer's analysis.
    await documents.submitAttached(ctx, ownerOfRow(saved));
    await resumeAnalysis(ctx, saved, b.Description);
  } else {
    // A note of the insurer's staff: the row's version moves, so a screen open on it reloads.
    saved =
      (await repo.updateVersioned(ctx.db, row.id, row.version, { updatedByUserId: ctx.user.userId })) ?? row;
    if (saved === row) throw versionConflict(row);
    await recordTimeline(ctx, saved, {
      group: TimelineGroup.PROPOSTA,
      situation: TimelineSituation.CADASTRO,
      status: TimelineStatus.SEGURADORA,
      text: b.Description,
    });
  }
  return {
    StatusId: saved.statusId,
    StatusName: statusName(saved),
    Version: saved.version,
    TimelineHistory: await timelineOf(ctx, saved),
  };
};

const riskMessage =
  'O risco mudou desde o último cálculo do prêmio: recalcule o prêmio para manter as mudanças ou desfaça-as.';

export const getRiskChange = async (ctx: UserContext, uniqueId: string) => {
  const row = await load(ctx, uniqueId);
  const changes = riskChanges(row, await repo.childrenOf(ctx.db, row.id));
  return {
    HasRiskChange: changes.length > 0,
    CalculatedAt: row.calculatedAt?.toISOString() ?? null,
    Changes: changes,
    Message: changes.length ? riskMessage : null,
  };
};

/** ResetProposalRiskChange: IS, dates, coverages and property values back to the last calculation. */
export const resetRiskChange = async (ctx: UserContext, uniqueId: string, version?: number) => {
  const row = await load(ctx, uniqueId);
  await assertCanWrite(ctx, row);
  assertVersion(row, version);
  if (!EDITABLE_STATUSES.includes(row.statusId))
    throw unprocessable('A proposta não pode mais ser alterada neste status.');
  const base = row.riskBaseline;
  const children = await repo.childrenOf(ctx.db, row.id);
  if (!base || riskChanges(row, children).length === 0)
    throw unprocessable('Não há mudança de risco a desfazer.');
  if (base.ModalityId !== row.modalityId || base.PolicyHolderId !== row.policyHolderId)
    throw unprocessable('A modalidade ou o tomador mudaram desde o cálculo: recalcule o prêmio.');
  const coverages = children.coverages.flatMap(({ id: _id, ...c }) => {
    const b = base.Coverages.find((x) => x.CoverageId === c.coverageId);
    return b ? [{ ...c, insuredAmount: b.InsuredAmountValue }] : [];
  });
  await repo.replaceChildren(ctx.db, repo.tables.coverages, row.id, coverages);
  const packages = children.packages.flatMap(({ id: _id, ...p }) => {
    const b = base.Package.find((x) => x.ModalityId === p.modalityId);
    return b ? [{ ...p, insuredAmount: b.InsuredAmountValue }] : [];
  });
  await repo.replaceChildren(ctx.db, repo.tables.packages, row.id, packages);
  const saved = await repo.updateVersioned(ctx.db, row.id, row.version, {
    updatedByUserId: ctx.user.userId,
    startDate: base.StartDate,
    endDate: base.EndDate,
    deadlineDays: row.deadlineDays,
    insuredAmount: base.InsuredAmountValue,
    ...(base.Property
      ? {
          building: base.Property.Building,
          content: base.Property.Content,
          lostProfit: base.Property.LostProfit,
          cnaeRateId: base.Property.CNAERateId,
        }
      : {}),
  });
  if (!saved) throw versionConflict(row);
  return (await buildView(ctx, saved)).view;
};

export const validateRetroactivity = async (ctx: UserContext, uniqueId: string) => {
  const row = await load(ctx, uniqueId);
  const modality = await modalityOf(ctx, row.modalityId);
  const base = {
    StartDate: row.startDate,
    AllowedRetroactiveDays: modality.RetroactiveDays,
    AllowedFutureDays: modality.FutureDays,
  };
  if (!row.startDate)
    return {
      ...base,
      IsValid: false,
      RetroactiveDays: 0,
      FutureDays: 0,
      Message: 'Informe o início de vigência.',
    };
  const r = checkRetroactivity({
    startDate: row.startDate,
    today: currentDay(),
    retroactiveDays: modality.RetroactiveDays,
    futureDays: modality.FutureDays,
  });
  return {
    ...base,
    IsValid: r.message === undefined,
    RetroactiveDays: r.retroactiveDays,
    FutureDays: r.futureDays,
    Message: r.message ?? null,
  };
};

export const pendingRequiredDocuments = async (ctx: UserContext, uniqueId: string) => {
  const row = await load(ctx, uniqueId);
  return pendingRequired(await documents.listDocuments(ctx, ownerOfRow(row)));
};

/**
 * What an issued policy's terms read instead of the proposal's values: its number and what the
 * policy record holds (the PDF prints the policy, not the proposal it came from).
 */
export type IssuedValues = {
  policyNumber?: string | null;
  startDate?: string;
  endDate?: string;
  insuredAmount?: string;
  deadlineDays?: number;
  /** The parties' addresses when the caller has read them already. */
  parties?: ProposalParties;
};

/** The proposal (or its issued policy's values) as the tag context of its terms. */
const tagContextOf = async (
  ctx: UserContext,
  row: repo.ProposalRow,
  issued: IssuedValues = {},
): Promise<TagContext> => {
  const parties = issued.parties ?? (await partiesOfProposal(ctx, row));
  return {
    startDate: issued.startDate ?? row.startDate,
    endDate: issued.endDate ?? row.endDate,
    insuredAmount: issued.insuredAmount ?? row.insuredAmount,
    deadlineDays: issued.deadlineDays ?? row.deadlineDays,
    modality: row.modalityName,
    policyHolder: {
      name: row.policyHolderName,
      document: row.policyHolderDocument,
      address: parties.holderAddress,
    },
    insured: parties.insured,
    insurer: await insurerTagParty(ctx),
    policyNumber: issued.policyNumber ?? null,
  };
};

const termTypeNames: Record<number, string> = {
  1: 'Condições Gerais',
  2: 'Condições Especiais',
  3: 'Objeto',
  4: 'Coberturas Adicionais',
  5: 'Condições Particulares',
};

export const contractualTerms = async (ctx: UserContext, uniqueId: string) =>
  renderedTermsOf(ctx, await load(ctx, uniqueId));

/**
 * The modality's contractual terms a proposal prints, the conditions that govern its policy: the
 * active ones, a coverage's own only when the proposal took that coverage (nobody grants what was
 * not chosen).
 */
export const modalityTermsFor = (
  modality: Pick<ModalityDetail, 'ContractualTerms'>,
  coverages: readonly { coverageId: number }[],
) => {
  const taken = new Set(coverages.map((c) => c.coverageId));
  return modality.ContractualTerms.filter(
    (t) => t.IsActive && (t.CoverageId == null || taken.has(t.CoverageId)),
  );
};

/** The proposal's terms and clauses with its tags filled (with the policy's values once issued). */
export const renderedTermsOf = async (ctx: UserContext, row: repo.ProposalRow, issued: IssuedValues = {}) => {
  const modality = await modalityOf(ctx, row.modalityId);
  const children = await repo.childrenOf(ctx.db, row.id);
  const tags = await tagContextOf(ctx, row, issued);
  const render = (
    Kind: 'ContractualTerm' | 'ParticularClause' | 'SpecialClause',
    t: {
      TermType: number | null;
      TermTypeName: string;
      SourceId: number | null;
      Title: string;
      Text: string;
    },
  ) => {
    const r = renderTags(t.Text, tags);
    return {
      Kind,
      ...t,
      Text: r.text,
      Html: r.html,
      MissingTags: r.missing.map((name) => ({
        Name: name,
        Label: tagDefinitionsByName.get(name)?.label ?? name,
      })),
    };
  };
  return [
    ...modalityTermsFor(modality, children.coverages).map((t) =>
      render('ContractualTerm', {
        TermType: t.TermType,
        TermTypeName: t.TermTypeName || termTypeNames[t.TermType] || '',
        SourceId: t.Id,
        Title: t.Title,
        Text: t.Text,
      }),
    ),
    ...children.clauses.map((c) =>
      render('ParticularClause', {
        TermType: 5,
        TermTypeName: termTypeNames[5]!,
        SourceId: c.particularClauseId,
        Title: c.title,
        Text: c.text,
      }),
    ),
    ...(row.specialClause
      ? [
          render('SpecialClause', {
            TermType: null,
            TermTypeName: 'Cláusula especial',
            SourceId: null,
            Title: 'Cláusula especial',
            Text: row.specialClause,
          }),
        ]
      : []),
  ];
};

/** GetCompanyProposalTags: the catalogue, with the insurer's own values filled. */
export const companyTags = async (ctx: UserContext) => {
  const insurer = isInsurance(ctx.user.userType);
  if (!insurer && !hasAny(ctx, P.GERENCIAR_PROPOSTAS) && !hasAny(ctx, P.VISUALIZAR_PROPOSTAS))
    throw forbidden();
  const context: TagContext = { insurer: await insurerTagParty(ctx) };
  return getCompanyProposalTags().map((t) => ({
    ...t,
    Value: t.Group === 'insurer' ? (tagDefinitionsByName.get(t.Name)?.resolve(context) ?? null) : null,
  }));
};

// ---------------------------------------------------------------- request documents

/** The proposal as owner of request documents: readers attach files, writers manage slots. */
export const documentOwner = async (ctx: UserContext, uniqueId: string, write = false) => {
  const row = await load(ctx, uniqueId);
  if (write) await assertCanWrite(ctx, row);
  else assertSide(ctx);
  return ownerOfRow(row);
};

/**
 * SaveProposalRequestDocument: files attached to one of the proposal's documents. While the proposal
 * is in the insurer's analysis (2), a new file goes to analysis at once: it replaces a document the
 * insurer refused, and nobody would otherwise send it (the proposal was sent already).
 */
export const attachDocument = async (
  ctx: UserContext,
  b: { ProposalUniqueId: string; RequestDocumentUniqueId: string; ArchiveUniqueIds: string[] },
) => {
  const row = await load(ctx, b.ProposalUniqueId);
  assertSide(ctx);
  const owner = ownerOfRow(row);
  const attached = await documents.attachArchives(ctx, owner, b.RequestDocumentUniqueId, b.ArchiveUniqueIds);
  if (row.statusId !== ProposalStatus.EM_ANALISE) return attached;
  const [sent] = await documents.submitToAnalysis(ctx, owner, [b.RequestDocumentUniqueId]);
  await recordTimeline(ctx, row, {
    group: TimelineGroup.PROPOSTA,
    situation: TimelineSituation.CADASTRO,
    status: TimelineStatus.SEGURADORA,
    text: `Novo arquivo enviado para análise: ${attached.Name}.`,
  });
  return sent ?? attached;
};
