import {
  ANALYSIS_STEP,
  type CardTypeValue,
  engineExecutionTypeLabels,
  formatMoney,
  TimelineGroup,
  TimelineSituation,
  TimelineStatus,
  toDec,
} from '@aval/domain';
import { z } from 'zod';
import type { Platform, UserContext } from '../../context.js';
import { runAsInsurerUser } from '../../plugins/job-context.js';
import { defineQueue } from '../../plugins/jobs.js';
import * as brokers from '../brokers/index.js';
import * as kanban from '../kanban/index.js';
import * as policyHolders from '../policy-holders/index.js';
import * as arepo from './proposals.analysis.repository.js';
import { approvalBlockers } from './proposals.approvability.js';
import { recordTimeline, transitionProposal } from './proposals.lifecycle.js';
import * as repo from './proposals.repository.js';
import {
  blockingReason,
  type Outcome,
  VALIDATIONS,
  type Validation,
  validators,
} from './proposals.validations.js';

export type { Validation } from './proposals.validations.js';

/**
 * The automatic analysis of a proposal sent to analysis (status 2; spec §4, domain.md §3): PEP →
 * credit → registration → subscription → reinsurance (proposals.validations.ts), each a durable job
 * enqueued in the transaction that makes it due. A validation writes its engine log and either
 * passes to the next or opens a card and waits for a person (whose decision is
 * decide-analysis.ts); the last one approves (7, exposure reserved). Jobs are idempotent per
 * proposal, round and validation: a job whose step is no longer due does nothing.
 */

/** A validation's result as the timeline says it, its name once ("Subscrição manual: …", not "Subscrição: Subscrição manual: …"). */
export const validationText = (engine: Validation, message: string) => {
  const label = engineExecutionTypeLabels[engine];
  return message.toLowerCase().startsWith(label.toLowerCase()) ? message : `${label}: ${message}`;
};

/** The timeline situation of each validation. */
export const situationOf: Record<Validation, number> = {
  9: TimelineSituation.CADASTRO,
  3: TimelineSituation.CREDITO,
  8: TimelineSituation.CADASTRO,
  6: TimelineSituation.SUBSCRICAO,
  5: TimelineSituation.RESSEGURO,
};

type Row = repo.ProposalRow;

// ---------------------------------------------------------------- the job chain

const jobData = z.object({
  companyId: z.number().int().positive(),
  proposalId: z.number().int().positive(),
  round: z.number().int().positive(),
  engine: z.number().int(),
  actorUserId: z.number().int().positive(),
});
export const PROPOSAL_VALIDATIONS_QUEUE = 'proposal-validations';
const validationsQueue = defineQueue({ name: PROPOSAL_VALIDATIONS_QUEUE, data: jobData });

/** The worker: runs one validation of one proposal as the user who made it due. */
export const proposalValidationsQueue = (platform: Platform) =>
  defineQueue({
    name: PROPOSAL_VALIDATIONS_QUEUE,
    data: jobData,
    retryLimit: 5,
    retryDelaySeconds: 2,
    // Several proposals are analysed at once (each job locks its own proposal's analysis).
    localConcurrency: 4,
    handler: async (d, job) => {
      // The validations that need nobody run on in this job, each in its own transaction: each
      // commits its log and its successor's job, so after a crash that job resumes the chain (and,
      // when this job ran the step first, finds it done and does nothing).
      let engine: Validation | undefined = d.engine as Validation;
      while (engine !== undefined) {
        const current: Validation = engine;
        engine = await runAsInsurerUser(
          platform,
          { companyId: d.companyId, userId: d.actorUserId, jobId: job.id },
          job.log,
          (ctx) => runStep(ctx, d.proposalId, d.round, current),
        );
      }
    },
  });

/** Makes one validation of the proposal's round due: a job, sent in the caller's transaction. */
export const enqueue = (ctx: UserContext, proposalId: number, round: number, engine: Validation) =>
  ctx.platform.jobs.send(
    validationsQueue,
    { companyId: ctx.company.id, proposalId, round, engine, actorUserId: ctx.user.userId },
    { tx: ctx.db, idempotencyKey: `${ctx.company.id}:${proposalId}:${round}:${engine}` },
  );

/** The first validation of the chain not passed yet in this round. */
export const nextAfter = (passed: readonly number[]) => VALIDATIONS.find((v) => !passed.includes(v));

/** A timeline entry of the analysis (group Proposta). */
export const entry = (situation: number, status: number, text: string) => ({
  group: TimelineGroup.PROPOSTA,
  situation,
  status,
  text,
});

/** Writes one engine log of the proposal's analysis round. */
export const writeLog = (
  ctx: UserContext,
  row: Row,
  engine: number,
  round: number,
  outcome: string,
  approved: boolean,
  message: string,
  inputs: Record<string, unknown> | null,
  cardType: string | null = null,
) =>
  arepo.insertEngineLog(ctx.db, {
    companyId: ctx.company.id,
    proposalId: row.id,
    engineTypeId: engine,
    approved,
    outcome,
    message,
    inputs,
    cardType,
    round,
    createdByUserId: ctx.user.userId,
  });

/** Mails the proposal's broker (when it has an e-mail) through the mail queue. */
export const mailBroker = async (ctx: UserContext, row: Row, subject: string, text: string) => {
  const broker = await brokers.findBroker(ctx, row.brokerId);
  const to = broker?.broker.email;
  if (!to) return;
  await ctx.platform.jobs.send(
    ctx.platform.queues.sendMail,
    { to, subject: `${ctx.company.name}: ${subject}`, text },
    { tx: ctx.db },
  );
};

/** Every validation passed: 7 Aprovada, the IS reserved in the holder's exposure ledger. */
export const approve = async (ctx: UserContext, row: Row) => {
  const saved = await transitionProposal(
    ctx,
    row,
    7,
    entry(
      TimelineSituation.CADASTRO,
      TimelineStatus.APROVADO,
      'Proposta aprovada nas validações da seguradora.',
    ),
  );
  await policyHolders.reserveForProposal(ctx, {
    proposalId: row.id,
    policyHolderId: row.policyHolderId,
    modalityId: row.modalityId,
    amount: toDec(row.insuredAmount ?? '0').toFixed(2),
  });
  await mailBroker(
    ctx,
    row,
    `proposta nº ${row.number} aprovada`,
    `Olá!\n\nA proposta nº ${row.number} (tomador ${row.policyHolderName}, ${row.modalityName}) foi aprovada pela ${ctx.company.name} e segue para emissão.\n`,
  );
  return saved;
};

/**
 * Marks `engine` passed in the current round and makes the next validation due (or approves); the
 * next validation, if any.
 */
export const pass = async (
  ctx: UserContext,
  row: Row,
  a: arepo.AnalysisRow,
  engine: number,
): Promise<Validation | undefined> => {
  const passed = a.passed.includes(engine) ? a.passed : [...a.passed, engine];
  await arepo.saveAnalysis(ctx.db, a.id, {
    passed,
    waitingEngine: null,
    waitingCardType: null,
    waitingCardRef: null,
  });
  const next = nextAfter(passed);
  if (next) await enqueue(ctx, row.id, a.round, next);
  else await approve(ctx, row);
  return next;
};

/** What a proposal's card shows: number and holder, the reason, modality and IS. */
export const cardDataOf = (row: Row, body: string) => ({
  header: `Proposta nº ${row.number} · ${row.policyHolderName}`,
  body: body.slice(0, 480),
  footer: `${row.modalityName} · IS ${formatMoney(row.insuredAmount ?? '0')}`,
});

/** A validation did not pass: the proposal waits on its card (property: in 9 Em Inspeção). */
const stop = async (ctx: UserContext, row: Row, a: arepo.AnalysisRow, engine: Validation, r: Outcome) => {
  const card = r.card!;
  const ref = card.ref ?? row.uniqueId;
  await arepo.saveAnalysis(ctx.db, a.id, {
    waitingEngine: engine,
    waitingCardType: card.type,
    waitingCardRef: ref,
    ...(r.cessionPlan ? { cessionPlan: r.cessionPlan } : {}),
  });
  const waiting = entry(situationOf[engine], TimelineStatus.SEGURADORA, validationText(engine, r.message));
  if (r.inspection) await transitionProposal(ctx, row, 9, waiting);
  else await recordTimeline(ctx, row, waiting);
  await kanban.openCard(ctx, {
    cardType: card.type,
    cardRef: ref,
    approvalBlockers: await approvalBlockers(ctx, row, engine),
    cpfCnpj: row.policyHolderDocument,
    cardData: cardDataOf(row, r.message),
  });
};

/** A blocked holder or insured: 97 Rejeitada, the exposure released, the broker told. */
const reject97 = async (ctx: UserContext, row: Row, a: arepo.AnalysisRow, engine: number, reason: string) => {
  await writeLog(ctx, row, engine, a.round, 'REJEITADO', false, reason, { Reason: reason });
  await arepo.saveAnalysis(ctx.db, a.id, {
    waitingEngine: null,
    waitingCardType: null,
    waitingCardRef: null,
  });
  await transitionProposal(
    ctx,
    row,
    97,
    entry(TimelineSituation.CADASTRO, TimelineStatus.RECUSADO, `Proposta rejeitada: ${reason}`),
  );
  await policyHolders.releaseForProposal(ctx, row.id);
  await mailBroker(
    ctx,
    row,
    `proposta nº ${row.number} rejeitada`,
    `Olá!\n\nA proposta nº ${row.number} foi rejeitada: ${reason}\n`,
  );
};

/** The proposal as a job reads it (no caller scope). */
const findRow = (ctx: UserContext, id: number) =>
  repo.findProposal(ctx.db, ctx.company.id, { id }, { all: true });

/**
 * One validation, run only if it is the one due now (status 2, this round, not waiting); the next
 * validation when it passed and another is due, or the one due when this one was passed already
 * and the chain stopped short of it.
 */
export const runStep = async (
  ctx: UserContext,
  proposalId: number,
  round: number,
  engine: Validation,
): Promise<Validation | undefined> => {
  const a = await arepo.lockAnalysis(ctx.db, ctx.company.id, proposalId);
  const row = await findRow(ctx, proposalId);
  if (row?.statusId !== 2 || a.round !== round || a.waitingEngine !== null) return;
  const due = nextAfter(a.passed);
  // Done already (the chain's worker ran on into it): nothing to do. Passed over by a worker that
  // failed further on (its own job retries from its first step): go on from the step due.
  if (due !== engine)
    return due !== undefined && VALIDATIONS.indexOf(due) > VALIDATIONS.indexOf(engine) ? due : undefined;
  const blocked = await blockingReason(ctx, row);
  if (blocked) {
    await reject97(ctx, row, a, engine, blocked);
    return;
  }
  const r = await validators[engine](ctx, row);
  await writeLog(
    ctx,
    row,
    engine,
    a.round,
    r.approved ? 'APROVADO' : 'PENDENTE',
    r.approved,
    r.message,
    r.inputs,
    r.card?.type ?? null,
  );
  if (r.approved) return pass(ctx, row, a, engine);
  await stop(ctx, row, a, engine, r);
};

/** Sending to analysis (1 → 2) starts a new round from PEP, in the caller's transaction. */
export const startAnalysis = async (ctx: UserContext, row: Pick<Row, 'id'>) => {
  const a = await arepo.lockAnalysis(ctx.db, ctx.company.id, row.id);
  const fresh = a.passed.length === 0 && a.waitingEngine === null && a.round === 1 && !a.startedOnce;
  const round = fresh ? 1 : a.round + 1;
  await arepo.saveAnalysis(ctx.db, a.id, {
    round,
    passed: [],
    waitingEngine: null,
    waitingCardType: null,
    waitingCardRef: null,
    startedOnce: true,
  });
  await enqueue(ctx, row.id, round, VALIDATIONS[0]);
};

/**
 * The broker answered (6 → 2): a proposal waiting on a card goes back to the underwriter, its card
 * to 'Em análise' with the answer on it (the adjustment decided nothing); otherwise the analysis
 * goes on from the first validation not passed in this round, or starts if it never did.
 */
export const resumeAnalysis = async (ctx: UserContext, row: Row, answer?: string) => {
  const existing = await arepo.findAnalysis(ctx.db, ctx.company.id, row.id);
  if (!existing?.startedOnce) return startAnalysis(ctx, row);
  const a = await arepo.lockAnalysis(ctx.db, ctx.company.id, row.id);
  if (a.waitingEngine !== null) {
    if (a.waitingCardType && a.waitingCardRef)
      await kanban.moveOwnedCard(ctx, {
        cardType: a.waitingCardType as CardTypeValue,
        cardRef: a.waitingCardRef,
        stepName: ANALYSIS_STEP,
        approvalBlockers: await approvalBlockers(ctx, row, a.waitingEngine),
        ...(answer ? { cardData: cardDataOf(row, `Resposta do corretor: ${answer}`) } : {}),
      });
    return;
  }
  const next = nextAfter(a.passed);
  if (next) await enqueue(ctx, row.id, a.round, next);
};
