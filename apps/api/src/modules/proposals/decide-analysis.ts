import {
  type CardTypeValue,
  EngineExecutionType,
  engineExecutionTypeLabels,
  TimelineSituation,
  TimelineStatus,
} from '@aval/domain';
import type { UserContext } from '../../context.js';
import { notFound, unprocessable } from '../../lib/errors.js';
import * as kanban from '../kanban/index.js';
import * as policyHolders from '../policy-holders/index.js';
import * as users from '../users/index.js';
import {
  approve,
  entry,
  mailBroker,
  nextAfter,
  pass,
  situationOf,
  validationText,
  writeLog,
} from './proposals.analysis.js';
import * as arepo from './proposals.analysis.repository.js';
import { recordTimeline, transitionProposal } from './proposals.lifecycle.js';
import * as repo from './proposals.repository.js';
import { VALIDATIONS, type Validation, validators } from './proposals.validations.js';
import { engineLogView, statusName } from './proposals.view.js';

/**
 * A person's word on a proposal's automatic analysis (proposals.analysis.ts): the decision taken on
 * the card it waits on, the manual approval (27) and the reprocessing of one validation (16).
 */

type Row = repo.ProposalRow;
type Analysis = arepo.AnalysisRow;
type Card = { type: string; ref: string } | null;

/** A property proposal back from inspection (9 → 2) by a manual approval. */
const inspected = entry(
  TimelineSituation.SUBSCRICAO,
  TimelineStatus.APROVADO,
  'Vistoria dispensada na aprovação manual.',
);

export type CardDecision = { approve: boolean; justification?: string | null; manual?: boolean };

/** Approved on the card (the waited validation passes, the chain goes on) or manually (the proposal). */
const approveWaiting = async (
  ctx: UserContext,
  row: Row,
  a: Analysis,
  card: Card,
  d: CardDecision,
  reason: string | null,
) => {
  const engine = a.waitingEngine as Validation | null;
  if (engine === null && !d.manual) return row;
  const logEngine: Validation = engine ?? nextAfter(a.passed) ?? EngineExecutionType.REINSURANCE;
  await writeLog(
    ctx,
    row,
    logEngine,
    a.round,
    d.manual ? 'APROVACAO_MANUAL' : 'APROVADO',
    true,
    d.manual ? `Aprovação manual: ${reason}` : `Aprovado no card${reason ? `: ${reason}` : '.'}`,
    { UserId: ctx.user.userId, CardType: card?.type ?? null },
    card?.type ?? null,
  );
  if (card)
    await kanban.closeCard(ctx, {
      cardType: card.type as CardTypeValue,
      cardRef: card.ref,
      decision: 'approve',
    });
  if (d.manual) {
    const current = row.statusId === 9 ? await transitionProposal(ctx, row, 2, inspected) : row;
    // Manual approval (27) approves the proposal itself: every validation left counts as passed.
    await arepo.saveAnalysis(ctx.db, a.id, {
      passed: [...VALIDATIONS],
      waitingEngine: null,
      waitingCardType: null,
      waitingCardRef: null,
    });
    return approve(ctx, current);
  }
  const approved = entry(
    situationOf[logEngine as Validation] ?? TimelineSituation.CADASTRO,
    TimelineStatus.APROVADO,
    `Validação de ${engineExecutionTypeLabels[logEngine]} aprovada pela seguradora.${reason ? ` ${reason}` : ''}`,
  );
  let current = row;
  if (row.statusId === 9) current = await transitionProposal(ctx, row, 2, approved);
  else await recordTimeline(ctx, row, approved);
  await pass(ctx, current, a, logEngine);
  return current;
};

/** Refused on the card: 98 Recusada with the reason, the exposure released, the broker told. */
const refuseWaiting = async (ctx: UserContext, row: Row, a: Analysis, card: Card, reason: string | null) => {
  await writeLog(
    ctx,
    row,
    a.waitingEngine ?? 0,
    a.round,
    'RECUSADO',
    false,
    `Recusada: ${reason ?? 'sem justificativa'}`,
    {
      UserId: ctx.user.userId,
    },
    card?.type ?? null,
  );
  if (card)
    await kanban.closeCard(ctx, {
      cardType: card.type as CardTypeValue,
      cardRef: card.ref,
      decision: 'refuse',
    });
  await arepo.saveAnalysis(ctx.db, a.id, {
    waitingEngine: null,
    waitingCardType: null,
    waitingCardRef: null,
  });
  const saved = await transitionProposal(
    ctx,
    row,
    98,
    entry(
      TimelineSituation.SUBSCRICAO,
      TimelineStatus.RECUSADO,
      `Proposta recusada: ${reason ?? 'sem justificativa'}`,
    ),
  );
  await policyHolders.releaseForProposal(ctx, row.id);
  await mailBroker(
    ctx,
    row,
    `proposta nº ${row.number} recusada`,
    `Olá!\n\nA proposta nº ${row.number} foi recusada pela ${ctx.company.name}: ${reason ?? 'sem justificativa'}\n`,
  );
  return saved;
};

/**
 * A person decided the validation the proposal waits on: approved → it counts as passed and the
 * chain goes on; refused → 98 Recusada with the reason. Logged either way; the card is closed.
 */
export const decideWaiting = async (ctx: UserContext, row: Row, d: CardDecision) => {
  const a = await arepo.lockAnalysis(ctx.db, ctx.company.id, row.id);
  const reason = d.justification?.trim() || null;
  const card =
    a.waitingCardType && a.waitingCardRef ? { type: a.waitingCardType, ref: a.waitingCardRef } : null;
  return d.approve ? approveWaiting(ctx, row, a, card, d, reason) : refuseWaiting(ctx, row, a, card, reason);
};

/** The proposals waiting on a card (type and ref): a decision there applies to each. */
export const waitingOn = (ctx: UserContext, cardType: string, cardRef: string) =>
  arepo.waitingOn(ctx.db, ctx.company.id, cardType, cardRef);

/**
 * Reprocessing (16): runs one validation now and logs it. If the proposal waits on that very
 * validation and it passes now, its card closes and the chain goes on.
 */
export const rerun = async (ctx: UserContext, row: Row, engine: Validation) => {
  const a = await arepo.lockAnalysis(ctx.db, ctx.company.id, row.id);
  const r = await validators[engine](ctx, row);
  const log = await writeLog(
    ctx,
    row,
    engine,
    a.round,
    'REPROCESSADO',
    r.approved,
    r.message,
    r.inputs,
    r.card?.type ?? null,
  );
  if (r.approved && a.waitingEngine === engine && (row.statusId === 2 || row.statusId === 9)) {
    if (a.waitingCardType && a.waitingCardRef)
      await kanban.closeCard(ctx, {
        cardType: a.waitingCardType as CardTypeValue,
        cardRef: a.waitingCardRef,
      });
    const current =
      row.statusId === 9
        ? await transitionProposal(
            ctx,
            row,
            2,
            entry(situationOf[engine], TimelineStatus.APROVADO, validationText(engine, r.message)),
          )
        : row;
    await pass(ctx, current, a, engine);
  }
  return { log, outcome: r };
};

// ---------------------------------------------------------------- calls

type LogRow = Awaited<ReturnType<typeof arepo.insertEngineLog>>;

/** A proposal of the company as insurer staff reads it (any scope). */
const loadForStaff = async (ctx: UserContext, uniqueId: string) => {
  const row = await repo.findProposal(ctx.db, ctx.company.id, { uniqueId }, { all: true });
  if (!row) throw notFound('Proposta não encontrada.');
  return row;
};

/** The answer of the calls: the proposal's status now, the validation's outcome and its log. */
const runView = async (
  ctx: UserContext,
  uniqueId: string,
  log: LogRow,
  r: { approved: boolean; message: string; card?: { type: string } | null },
) => {
  const row = await loadForStaff(ctx, uniqueId);
  const names = await users.userNames(ctx, log.createdByUserId ? [log.createdByUserId] : []);
  return {
    ProposalUniqueId: row.uniqueId,
    StatusId: row.statusId,
    StatusName: statusName(row),
    Approved: r.approved,
    Message: r.message,
    CardType: r.card?.type ?? null,
    Log: engineLogView(log, names, true),
  };
};

/** ExecuteAutomatic…ApprovalValidation (16): reruns one validation of a proposal in analysis. */
export const executeValidation = async (ctx: UserContext, uniqueId: string, engine: Validation) => {
  const row = await loadForStaff(ctx, uniqueId);
  if (![2, 6, 9].includes(row.statusId))
    throw unprocessable(
      'Só uma proposta em análise, aguardando o corretor ou em inspeção pode ter as validações reexecutadas.',
    );
  const { log, outcome } = await rerun(ctx, row, engine);
  return runView(ctx, uniqueId, log, outcome);
};

/** ApproveProposalManually (27): approves a proposal in analysis with a justification. */
export const approveManually = async (
  ctx: UserContext,
  b: { ProposalUniqueId: string; Justification: string },
) => {
  const row = await loadForStaff(ctx, b.ProposalUniqueId);
  if (row.statusId !== 2 && row.statusId !== 9)
    throw unprocessable('Só uma proposta em análise ou em inspeção pode ser aprovada manualmente.');
  await decideWaiting(ctx, row, { approve: true, manual: true, justification: b.Justification });
  const [log] = (await repo.engineLogsOf(ctx.db, row.id)).slice(-1);
  const approvedLog =
    (await repo.engineLogsOf(ctx.db, row.id)).filter((l) => l.outcome === 'APROVACAO_MANUAL').at(-1) ?? log!;
  return runView(ctx, b.ProposalUniqueId, approvedLog as LogRow, {
    approved: true,
    message: approvedLog.message,
  });
};
