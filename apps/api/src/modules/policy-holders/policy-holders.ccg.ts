import type { CcgCardInfo, KanbanDecision } from '@aval/contracts';
import {
  ANALYSIS_STEP,
  AWAITING_BROKER_STEP,
  CardType,
  type CcgSignatoryInput,
  type CcgSignatoryRoleId,
  CcgStatus,
  type CcgStatusId,
  canTransition,
  ccgMachine,
  ccgSignatoryProblems,
  ccgSignatoryRoleLabels,
  ccgStatusLabels,
  DocumentStatus,
  isInsurance,
  maskCpfCnpj,
  Permission,
  RequestDocumentType,
  unmaskCpf,
} from '@aval/domain';
import type { TenantContext, UserContext } from '../../context.js';
import { currentTime } from '../../lib/clock.js';
import { forbidden, notFound, unprocessable } from '../../lib/errors.js';
import { findBroker } from '../brokers/index.js';
import * as documents from '../documents/index.js';
import * as kanban from '../kanban/index.js';
import * as users from '../users/index.js';
import * as ccgRepo from './policy-holders.ccg.repository.js';
import { record } from './policy-holders.history.js';
import * as repo from './policy-holders.repository.js';

/**
 * The policy holder's CCG (contrato de contragarantia, domain.md §5) and its ANALISE_CCG /
 * ANALISE_CCG_MANUAL card in the cadastro pipe (ref: the CCG's UniqueId). Created with its
 * signatories and sent for signature (2); the broker uploads the signed CCG as a CCG-type request
 * document and sends it to analysis (3, card opened); the insurer approves on the board (4 Assinado),
 * refuses (5 Alteração Reprovada) or sends it back to the broker (6 Aguardando Corretor).
 */

const cardTypeOf = (ccg: ccgRepo.CcgRow) => (ccg.manual ? CardType.ANALISE_CCG_MANUAL : CardType.ANALISE_CCG);
const isCcgDoc = (d: { RequestDocumentTypeId: number }) =>
  d.RequestDocumentTypeId === RequestDocumentType.CCG;
const owner = (policyHolderId: number) => ({ type: 'policy_holder' as const, id: policyHolderId });

/** Whether the holder may go to issuance as far as the CCG goes: signed (4) or signature ignored (permission 17 flag). */
export const ccgSignedOrIgnored = async (
  ctx: Pick<TenantContext, 'db' | 'company'>,
  policyHolderId: number,
) => {
  const holder = await repo.findById(ctx.db, ctx.company.id, policyHolderId);
  if (!holder) return false;
  if (holder.ignoreCcgSignature) return true;
  return (await ccgRepo.findCcg(ctx.db, ctx.company.id, { signedOf: policyHolderId })) !== undefined;
};

/** Moves a CCG along the status machine (refused with its pt-BR reason; 409-like when it moved meanwhile). */
const transition = async (
  ctx: TenantContext,
  ccg: ccgRepo.CcgRow,
  to: CcgStatusId,
  values: Parameters<typeof ccgRepo.updateCcg>[4] = {},
) => {
  const check = canTransition(ccgMachine, ccg.statusId, to);
  if (!check.ok) throw unprocessable(check.reason);
  const updated = await ccgRepo.updateCcg(ctx.db, ctx.company.id, ccg.id, ccg.statusId, {
    ...values,
    statusId: to,
  });
  if (!updated)
    throw unprocessable('O CCG foi alterado por outra pessoa. Atualize a tela e tente novamente.');
  return updated;
};

export type CreateCcgInput = {
  signatories: (CcgSignatoryInput & { email?: string | null })[];
  manual?: boolean;
  brokerId?: number | null;
};

/**
 * Creates the holder's CCG with its signatories and sends it for signature (1 → 2). One CCG not
 * yet signed per holder (422 otherwise); the signatories must satisfy `ccgSignatoryProblems`.
 */
export const createCcg = async (ctx: UserContext, policyHolderId: number, input: CreateCcgInput) => {
  const holder = await repo.findById(ctx.db, ctx.company.id, policyHolderId);
  if (!holder) throw notFound('Tomador não encontrado.');
  const problems = ccgSignatoryProblems(input.signatories);
  if (problems.length) throw unprocessable(problems.join(' '));
  if (await ccgRepo.findCcg(ctx.db, ctx.company.id, { openOf: holder.id })) {
    throw unprocessable('Este tomador já tem um CCG em andamento.');
  }
  const created = await ccgRepo.insertCcg(ctx.db, {
    companyId: ctx.company.id,
    policyHolderId: holder.id,
    manual: input.manual ?? false,
    brokerId: input.brokerId ?? null,
    createdByUserId: ctx.user.userId,
  });
  await ccgRepo.insertCcgSignatories(
    ctx.db,
    input.signatories.map((s) => ({
      companyId: ctx.company.id,
      ccgId: created.id,
      name: s.name.trim(),
      cpf: unmaskCpf(s.cpf),
      email: s.email?.trim() || null,
      roleId: s.roleId,
      married: s.married ?? false,
      spouseOfCpf: s.spouseOfCpf ? unmaskCpf(s.spouseOfCpf) : null,
    })),
  );
  const sent = await transition(ctx, created, CcgStatus.AGUARDANDO_ASSINATURA);
  await record(ctx, holder.id, [{ field: 'CCG', old: null, new: 'CCG criado e enviado para assinatura' }]);
  return sent;
};

const ccgCard = (ccg: ccgRepo.CcgRow, holder: repo.PolicyHolderRow, brokerName: string | null) => ({
  cardType: cardTypeOf(ccg),
  cardRef: ccg.uniqueId,
  cpfCnpj: holder.document,
  cardData: {
    header: holder.name,
    body: `CCG ${ccg.manual ? 'assinado em papel' : 'assinado'} enviado para análise · CNPJ ${maskCpfCnpj(holder.document)}`,
    footer: brokerName ? `Corretora: ${brokerName}` : null,
  },
});

/**
 * The broker (or the holder) sent CCG-type documents of the holder to analysis: the signed CCG.
 * The holder's CCG waiting for signature, refused or back with the broker goes to 3 (signatories
 * recorded as signed) and its card opens, or comes back to 'Em análise'. Insurer staff sending
 * documents on the holder's behalf, or a holder without a CCG, change nothing.
 */
export const ccgDocumentsSent = async (
  ctx: UserContext,
  holder: repo.PolicyHolderRow,
  sent: { RequestDocumentTypeId: number }[],
) => {
  if (!sent.some(isCcgDoc) || isInsurance(ctx.user.userType)) return undefined;
  let ccg = await ccgRepo.findCcg(ctx.db, ctx.company.id, { openOf: holder.id });
  if (!ccg || ccg.statusId === CcgStatus.AGUARDANDO_ANALISE_SEGURADORA || ccg.statusId === CcgStatus.CRIADO) {
    return ccg;
  }
  const from = ccg.statusId;
  if (from === CcgStatus.ALTERACAO_REPROVADA)
    ccg = await transition(ctx, ccg, CcgStatus.AGUARDANDO_ASSINATURA);
  const now = currentTime();
  ccg = await transition(ctx, ccg, CcgStatus.AGUARDANDO_ANALISE_SEGURADORA, { signedAt: now });
  await ccgRepo.markCcgSigned(ctx.db, ctx.company.id, ccg.id, now);
  await record(ctx, holder.id, [
    {
      field: 'CCG',
      old: ccgStatusLabels[from as CcgStatusId],
      new: ccgStatusLabels[ccg.statusId as CcgStatusId],
    },
  ]);
  const broker = ccg.brokerId ? await findBroker(ctx, ccg.brokerId) : undefined;
  const card = ccgCard(ccg, holder, broker?.name ?? null);
  if (from === CcgStatus.AGUARDANDO_ASSINATURA) await kanban.openCard(ctx, card);
  // Refused earlier: its card was closed and opens again; back from the broker: it returns to analysis.
  else if (from === CcgStatus.ALTERACAO_REPROVADA)
    await kanban.openCard(ctx, { ...card, stepName: ANALYSIS_STEP });
  else await kanban.moveOwnedCard(ctx, { ...card, stepName: ANALYSIS_STEP });
  return ccg;
};

const findCcgOrThrow = async (ctx: UserContext, uniqueId: string) => {
  const ccg = await ccgRepo.findCcg(ctx.db, ctx.company.id, { uniqueId });
  if (!ccg) throw notFound('CCG não encontrado.');
  const holder = await repo.findById(ctx.db, ctx.company.id, ccg.policyHolderId);
  if (!holder) throw notFound('Tomador não encontrado.');
  return { ccg, holder };
};

/** A CCG signatory as the card and the Emissão tab show it. */
export const signatoryView = (s: ccgRepo.CcgSignatoryRow): CcgCardInfo['Signatories'][number] => ({
  Name: s.name,
  Cpf: maskCpfCnpj(s.cpf),
  Email: s.email,
  RoleId: s.roleId,
  RoleName: ccgSignatoryRoleLabels[s.roleId as CcgSignatoryRoleId] ?? String(s.roleId),
  Married: s.married,
  SpouseOfCpf: s.spouseOfCpf ? maskCpfCnpj(s.spouseOfCpf) : null,
  SignedAt: s.signedAt?.toISOString() ?? null,
});

const toInfo = async (
  ctx: UserContext,
  ccg: ccgRepo.CcgRow,
  holder: repo.PolicyHolderRow,
): Promise<CcgCardInfo> => {
  const signatories = await ccgRepo.ccgSignatories(ctx.db, ctx.company.id, ccg.id);
  const names = await users.userNames(ctx, [ccg.decidedByUserId]);
  const docs = await documents.listDocuments(ctx, owner(holder.id));
  const broker = await (ccg.brokerId ? findBroker(ctx, ccg.brokerId) : undefined);
  return {
    UniqueId: ccg.uniqueId,
    StatusId: ccg.statusId,
    StatusName: ccgStatusLabels[ccg.statusId as CcgStatusId] ?? String(ccg.statusId),
    Manual: ccg.manual,
    IgnoreCCGSignature: holder.ignoreCcgSignature,
    SignedOrIgnored: holder.ignoreCcgSignature || ccg.statusId === CcgStatus.ASSINADO,
    Justification: ccg.justification,
    CreatedAt: ccg.createdAt.toISOString(),
    SignedAt: ccg.signedAt?.toISOString() ?? null,
    DecidedByName: (ccg.decidedByUserId && names.get(ccg.decidedByUserId)) || null,
    DecidedAt: ccg.decidedAt?.toISOString() ?? null,
    PolicyHolder: {
      Id: holder.id,
      UniqueId: holder.uniqueId,
      Name: holder.name,
      Document: maskCpfCnpj(holder.document),
    },
    BrokerName: broker?.name ?? null,
    Signatories: signatories.map(signatoryView),
    RequestDocuments: docs.filter(isCcgDoc),
    Observations: await kanban.cardObservations(ctx, cardTypeOf(ccg), ccg.uniqueId),
  };
};

/** The CCG documents awaiting analysis (the signed CCG sent): approved, or rejected with the reason (the broker sends again). */
const reviewSentCcgDocuments = async (
  ctx: UserContext,
  holderId: number,
  decision: { approve: boolean; note?: string },
) => {
  for (const d of (await documents.listDocuments(ctx, owner(holderId))).filter(isCcgDoc)) {
    if (d.StatusId === DocumentStatus.AGUARDANDO_ANALISE && d.Archives.length > 0) {
      await documents.reviewDocumentOnDecision(ctx, owner(holderId), d.UniqueId, decision);
    }
  }
};

/** GetCardPolicyHolderCCGInfo. */
export const ccgCardInfo = async (ctx: UserContext, uniqueId: string) => {
  const { ccg, holder } = await findCcgOrThrow(ctx, uniqueId);
  return toInfo(ctx, ccg, holder);
};

const brokerEmail = async (ctx: UserContext, brokerId: number | null) =>
  brokerId ? ((await findBroker(ctx, brokerId))?.broker.email ?? null) : null;

/**
 * KanbanPolicyHolderCCGSendToBroker: the analyst sends the CCG back to the broker (6) with what to
 * fix; the signed CCG sent is rejected with that reason, the observation stays on the card, the card
 * goes to 'Aguardando corretor' and the broker is e-mailed.
 */
export const sendCcgToBroker = async (
  ctx: UserContext,
  body: { PolicyHolderCCGUniqueId: string; Observation: string },
) => {
  if (!ctx.user.permissions.has(Permission.GERENCIAR_ESTEIRA_CADASTRO)) {
    throw forbidden('Você não tem permissão para movimentar cards da esteira Cadastro.');
  }
  const found = await findCcgOrThrow(ctx, body.PolicyHolderCCGUniqueId);
  const text = body.Observation.trim();
  const ccg = await transition(ctx, found.ccg, CcgStatus.AGUARDANDO_CORRETOR, { justification: text });
  const card = { cardType: cardTypeOf(ccg), cardRef: ccg.uniqueId };
  await reviewSentCcgDocuments(ctx, found.holder.id, { approve: false, note: text });
  await kanban.addCardObservation(ctx, card, text);
  await kanban.moveOwnedCard(ctx, { ...card, stepName: AWAITING_BROKER_STEP });
  await record(ctx, found.holder.id, [
    {
      field: 'CCG',
      old: ccgStatusLabels[found.ccg.statusId as CcgStatusId],
      new: `Aguardando Corretor — ${text}`.slice(0, 200),
    },
  ]);
  const to = await brokerEmail(ctx, ccg.brokerId);
  if (to) {
    const subject = `${ctx.company.name}: ajuste no CCG de ${found.holder.name}`;
    const message = `Olá!\n\nA ${ctx.company.name} analisou o CCG do tomador ${found.holder.name} (CNPJ ${maskCpfCnpj(found.holder.document)}) e pede um ajuste:\n\n${text}\n\nEnvie o CCG corrigido pelo portal, na aba de documentos do tomador.\n`;
    await ctx.platform.jobs.send(
      ctx.platform.queues.sendMail,
      { to, subject, text: message },
      { tx: ctx.db },
    );
  }
  return toInfo(ctx, ccg, found.holder);
};

/**
 * The decision taken on a CCG card by moving it: approved, the CCG is signed (4) and its CCG
 * documents awaiting analysis become Conforme; refused, 5 with the justification (the documents are
 * rejected with it, so the broker can send a new signed CCG, which re-opens the card). Card closed.
 */
export const applyCcgCardDecision = async (ctx: UserContext, decision: KanbanDecision) => {
  const { ccg, holder } = await findCcgOrThrow(ctx, decision.cardRef);
  const approve = decision.decision === 'approve';
  const note = decision.justification?.trim() || null;
  const decided = await transition(ctx, ccg, approve ? CcgStatus.ASSINADO : CcgStatus.ALTERACAO_REPROVADA, {
    justification: note,
    decidedByUserId: ctx.user.userId,
    decidedAt: currentTime(),
  });
  await reviewSentCcgDocuments(ctx, holder.id, { approve, note: note ?? 'CCG recusado.' });
  await record(ctx, holder.id, [
    {
      field: 'CCG',
      old: ccgStatusLabels[ccg.statusId as CcgStatusId],
      new: `${ccgStatusLabels[decided.statusId as CcgStatusId]}${note ? ` — ${note}` : ''}`.slice(0, 200),
    },
  ]);
  await kanban.closeCard(ctx, {
    cardType: decision.cardType as ReturnType<typeof cardTypeOf>,
    cardRef: ccg.uniqueId,
  });
};

/** Who hears about an observation on a CCG card: its brokerage (undefined: no such CCG). */
export const ccgCounterpart = async (ctx: UserContext, ref: string) => {
  const ccg = await ccgRepo.findCcg(ctx.db, ctx.company.id, { uniqueId: ref });
  if (!ccg) return undefined;
  return { email: await brokerEmail(ctx, ccg.brokerId) };
};
