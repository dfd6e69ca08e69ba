import {
  ANALYSIS_STEP,
  CardType,
  type CardTypeValue,
  cessionPlan,
  checkRetroactivity,
  EngineExecutionType,
  engineExecutionTypeLabels,
  formatMoney,
  TimelineGroup,
  TimelineSituation,
  TimelineStatus,
  toDec,
  todayInBrazil,
} from '@aval/domain';
import { z } from 'zod';
import type { Platform, UserContext } from '../../context.js';
import { notFound, unprocessable } from '../../lib/errors.js';
import { runAsInsurerUser } from '../../plugins/job-context.js';
import { defineQueue } from '../../plugins/jobs.js';
import * as brokers from '../brokers/index.js';
import * as insureds from '../insureds/index.js';
import * as kanban from '../kanban/index.js';
import { getModality } from '../parameterisation/index.js';
import * as pep from '../pep/index.js';
import * as policyHolders from '../policy-holders/index.js';
import * as users from '../users/index.js';
import * as arepo from './proposals.analysis.repository.js';
import { approvalBlockers, registrationGaps } from './proposals.approvability.js';
import { recordTimeline, transitionProposal } from './proposals.lifecycle.js';
import * as repo from './proposals.repository.js';
import { statusName } from './proposals.view.js';

/**
 * The automatic analysis of a proposal sent to analysis (status 2; spec §4, domain.md §3): PEP →
 * credit → registration → subscription → reinsurance, each a durable job enqueued in the
 * transaction that makes it due. A validation writes its engine log and either passes to the next
 * or opens a card and waits for a person; the last one approves (7, exposure reserved). Jobs are
 * idempotent per proposal, round and validation: a job whose step is no longer due does nothing.
 */
export const VALIDATIONS = [
  EngineExecutionType.PEP,
  EngineExecutionType.CREDIT_RULES,
  EngineExecutionType.REGISTRATION,
  EngineExecutionType.SUBSCRIPTION,
  EngineExecutionType.REINSURANCE,
] as const;
export type Validation = (typeof VALIDATIONS)[number];

const situationOf: Record<Validation, number> = {
  9: TimelineSituation.CADASTRO,
  3: TimelineSituation.CREDITO,
  8: TimelineSituation.CADASTRO,
  6: TimelineSituation.SUBSCRICAO,
  5: TimelineSituation.RESSEGURO,
};

export type Outcome = {
  approved: boolean;
  message: string;
  inputs: Record<string, unknown>;
  /** Not approved: the card a person works (its ref: the proposal's UniqueId unless given). */
  card?: { type: CardTypeValue; ref?: string };
  /** Property proposals that need an inspection go to 9 Em Inspeção. */
  inspection?: boolean;
  cessionPlan?: Record<string, unknown>;
};

type Row = repo.ProposalRow;
const today = () => todayInBrazil();

// ---------------------------------------------------------------- the five validations

const pepValidation = async (ctx: UserContext, row: Row): Promise<Outcome> => {
  const holderQsa = await pep.partnersOf(ctx, 'PolicyHolder', row.policyHolderId);
  const insuredQsa = row.insuredId ? await pep.partnersOf(ctx, 'Insured', row.insuredId) : [];
  const brokerPeople = await brokers.responsiblePeopleOf(ctx, row.brokerId);
  const on = today();
  const h = await pep.screen(ctx, holderQsa, on);
  const i = await pep.screen(ctx, insuredQsa, on);
  const b = await pep.screen(ctx, brokerPeople, on);
  const inputs = {
    Date: on,
    PolicyHolderPartners: holderQsa.length,
    InsuredPartners: insuredQsa.length,
    BrokerResponsibles: brokerPeople.length,
    Matches: [...h, ...i, ...b].map((m) => ({
      Name: m.name,
      Role: m.role,
      Organ: m.organ,
      EndDate: m.endDate,
    })),
  };
  const names = (l: pep.PepHit[]) => l.map((m) => `${m.name} (${m.role || 'PEP'})`).join(', ');
  if (h.length)
    return {
      approved: false,
      message: `Sócio do tomador na lista de PEP: ${names(h)}.`,
      inputs,
      card: { type: CardType.TOMADOR_QSA_PEP, ref: row.policyHolderUniqueId },
    };
  if (i.length)
    return {
      approved: false,
      message: `Sócio do segurado na lista de PEP: ${names(i)}.`,
      inputs,
      card: { type: CardType.SEGURADO_QSA_PEP },
    };
  if (b.length)
    return {
      approved: false,
      message: `Responsável da corretora na lista de PEP: ${names(b)}.`,
      inputs,
      card: { type: CardType.CORRETORA_PEP, ref: row.brokerUniqueId },
    };
  return { approved: true, message: 'Nenhuma pessoa politicamente exposta encontrada.', inputs };
};

const creditValidation = async (ctx: UserContext, row: Row): Promise<Outcome> => {
  const is = toDec(row.insuredAmount ?? '0');
  // Property insurance has no tomador whose credit backs a guarantee: its risk is rated by the
  // CNAE and weighed by subscription (inspection), not against a surety limit.
  if (row.kind === 'property')
    return {
      approved: true,
      message: 'Seguro patrimonial: sem limite de crédito de tomador a verificar (risco taxado pelo CNAE).',
      inputs: { InsuredAmount: is.toFixed(2), Property: true },
    };
  const credit = await policyHolders.creditForProposal(ctx, row.policyHolderId, row.modalityId);
  const own = toDec(await policyHolders.proposalReserved(ctx, row.id));
  const l = credit?.limits;
  const available = toDec(l?.Global.Available ?? '0').add(own);
  const group = l?.EconomicGroup ?? null;
  const groupAvailable = group ? toDec(group.Available).add(own) : null;
  const inputs = {
    InsuredAmount: is.toFixed(2),
    Limit: l?.Global.Limit ?? '0.00',
    Used: l?.Global.Used ?? '0.00',
    Available: available.toFixed(2),
    EconomicGroup: group
      ? { Name: group.Name, Limit: group.Limit, Available: groupAvailable!.toFixed(2) }
      : null,
    Rate: credit?.rate ?? null,
  };
  if (is.greaterThan(available))
    return {
      approved: false,
      message: `Importância segurada de ${formatMoney(is)} acima do limite disponível do tomador (${formatMoney(available)}).`,
      inputs,
      card: { type: CardType.REQUEST_LIMIT },
    };
  if (groupAvailable && is.greaterThan(groupAvailable))
    return {
      approved: false,
      message: `Importância segurada de ${formatMoney(is)} acima do limite disponível do grupo econômico ${group!.Name} (${formatMoney(groupAvailable)}).`,
      inputs,
      card: { type: CardType.GRUPO_ECONOMICO },
    };
  if (!credit?.rate)
    return {
      approved: false,
      message: 'O tomador não tem taxa para esta modalidade.',
      inputs,
      card: { type: CardType.REQUEST_LIMIT },
    };
  return { approved: true, message: `Dentro do limite disponível (${formatMoney(available)}).`, inputs };
};

const registrationValidation = async (ctx: UserContext, row: Row): Promise<Outcome> => {
  const { holder, notConforme, missing } = await registrationGaps(ctx, row);
  const branchAccepted =
    !!holder && holder.branchActivityStatusId === 2 && holder.branchActivityCnae === holder.cnae;
  const inputs = {
    PolicyHolderComplete: !missing.some((m) => m.includes('tomador')),
    InsuredComplete: !missing.some((m) => m.includes('segurado')),
    RequiredDocumentsNotConforme: notConforme,
    BranchActivityCnae: holder?.cnae ?? null,
    BranchActivityStatusId: holder?.branchActivityStatusId ?? null,
  };
  if (missing.length)
    return {
      approved: false,
      message: `Cadastro pendente: ${missing.join('; ')}.`,
      inputs,
      card: { type: CardType.ANALISE_CCG },
    };
  if (!branchAccepted)
    return {
      approved: false,
      message: `Ramo de atividade (CNAE ${holder?.cnae ?? '-'}) do tomador ainda não aceito.`,
      inputs,
      card: { type: CardType.RAMO_ATIVIDADE, ref: row.policyHolderUniqueId },
    };
  return {
    approved: true,
    message: 'Cadastro do tomador e do segurado completo e documentos conformes.',
    inputs,
  };
};

const subscriptionValidation = async (ctx: UserContext, row: Row): Promise<Outcome> => {
  const modality = await getModality(ctx, row.modalityId);
  const is = toDec(row.insuredAmount ?? '0');
  const limit = modality.AutomaticApprovalLimit ? toDec(modality.AutomaticApprovalLimit) : null;
  const retro = row.startDate
    ? checkRetroactivity({
        startDate: row.startDate,
        today: today(),
        retroactiveDays: modality.RetroactiveDays,
        futureDays: modality.FutureDays,
      })
    : undefined;
  const inputs = {
    InsuredAmount: is.toFixed(2),
    AutomaticApprovalLimit: limit?.toFixed(2) ?? null,
    StartDate: row.startDate,
    RetroactiveDays: retro?.retroactiveDays ?? 0,
    AllowedRetroactiveDays: modality.RetroactiveDays,
    Property: row.kind === 'property',
  };
  const overLimit = limit !== null && is.greaterThan(limit);
  if (overLimit && row.kind === 'property')
    return {
      approved: false,
      message: `Risco patrimonial de ${formatMoney(is)} acima do limite de aprovação automática (${formatMoney(limit!)}): vistoria necessária.`,
      inputs,
      card: { type: CardType.PROPOSTA_INSPECAO },
      inspection: true,
    };
  const reasons: string[] = [];
  if (overLimit)
    reasons.push(
      `importância segurada de ${formatMoney(is)} acima do limite de aprovação automática da modalidade (${formatMoney(limit!)})`,
    );
  if (retro?.message) reasons.push(retro.message.replace(/\.$/, ''));
  if (reasons.length)
    return {
      approved: false,
      message: `Subscrição manual: ${reasons.join('; ')}.`,
      inputs,
      card: { type: CardType.PROPOSTA_SUBSCRICAO },
    };
  return { approved: true, message: 'Dentro da alçada de aprovação automática da modalidade.', inputs };
};

const reinsuranceValidation = async (ctx: UserContext, row: Row): Promise<Outcome> => {
  const retention = await arepo.retentionFor(ctx.db, ctx.company.id, row.branchId);
  const is = row.insuredAmount ?? '0';
  if (!retention)
    return {
      approved: true,
      message: 'Sem limite de retenção configurado para o ramo: risco retido.',
      inputs: { InsuredAmount: toDec(is).toFixed(2), Retention: null },
    };
  const plan = cessionPlan(is, retention);
  const inputs = { ...plan };
  if (plan.needsCession)
    return {
      approved: false,
      message: `Importância segurada acima da retenção (${formatMoney(plan.retention)}): cessão de ${formatMoney(plan.ceded)}, ao menos ${formatMoney(plan.localOffered)} oferecidos a resseguradores locais, no máximo ${formatMoney(plan.eventualMax)} a eventuais.`,
      inputs,
      card: { type: CardType.PROPOSTA },
      cessionPlan: plan,
    };
  return { approved: true, message: `Dentro da retenção (${formatMoney(plan.retention)}).`, inputs };
};

export const validators: Record<Validation, (ctx: UserContext, row: Row) => Promise<Outcome>> = {
  9: pepValidation,
  3: creditValidation,
  8: registrationValidation,
  6: subscriptionValidation,
  5: reinsuranceValidation,
};

/** A blocked or restrictive-blocked policy holder, or a blocked insured, rejects the proposal (97). */
const blockingReason = async (ctx: UserContext, row: Row) => {
  const holder = await policyHolders.findHolderById(ctx, row.policyHolderId);
  if (holder?.isBlocked) return 'Tomador bloqueado.';
  if (holder?.isRestrictiveBlocked) return 'Tomador com bloqueio restritivo.';
  if (row.insuredId && (await insureds.getInsuredById(ctx, row.insuredId)).IsBlocked)
    return 'Segurado bloqueado.';
  return undefined;
};

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
    handler: async (d, job) => {
      await runAsInsurerUser(
        platform,
        { companyId: d.companyId, userId: d.actorUserId, jobId: job.id },
        job.log,
        (ctx) => runStep(ctx, d.proposalId, d.round, d.engine as Validation),
      );
    },
  });

const enqueue = (ctx: UserContext, proposalId: number, round: number, engine: Validation) =>
  ctx.platform.jobs.send(
    validationsQueue,
    { companyId: ctx.company.id, proposalId, round, engine, actorUserId: ctx.user.userId },
    { tx: ctx.db, idempotencyKey: `${ctx.company.id}:${proposalId}:${round}:${engine}` },
  );

const nextAfter = (passed: readonly number[]) => VALIDATIONS.find((v) => !passed.includes(v));

const entry = (situation: number, status: number, text: string) => ({
  group: TimelineGroup.PROPOSTA,
  situation,
  status,
  text,
});

const writeLog = (
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

const mailBroker = async (ctx: UserContext, row: Row, subject: string, text: string) => {
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
const approve = async (ctx: UserContext, row: Row) => {
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

/** Marks `engine` passed in the current round and makes the next validation due (or approves). */
const pass = async (ctx: UserContext, row: Row, a: arepo.AnalysisRow, engine: number) => {
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
};

/** What a proposal's card shows: number and holder, the reason, modality and IS. */
const cardDataOf = (row: Row, body: string) => ({
  header: `Proposta nº ${row.number} · ${row.policyHolderName}`,
  body: body.slice(0, 480),
  footer: `${row.modalityName} · IS ${formatMoney(row.insuredAmount ?? '0')}`,
});

const stop = async (ctx: UserContext, row: Row, a: arepo.AnalysisRow, engine: Validation, r: Outcome) => {
  const card = r.card!;
  const ref = card.ref ?? row.uniqueId;
  await arepo.saveAnalysis(ctx.db, a.id, {
    waitingEngine: engine,
    waitingCardType: card.type,
    waitingCardRef: ref,
    ...(r.cessionPlan ? { cessionPlan: r.cessionPlan } : {}),
  });
  const waiting = entry(
    situationOf[engine],
    TimelineStatus.SEGURADORA,
    `${engineExecutionTypeLabels[engine]}: ${r.message}`,
  );
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

const findRow = (ctx: UserContext, id: number) =>
  repo.findProposal(ctx.db, ctx.company.id, { id }, { all: true });

/** One job: the validation runs only if it is the one due now (status 2, this round, not waiting). */
export const runStep = async (ctx: UserContext, proposalId: number, round: number, engine: Validation) => {
  const a = await arepo.lockAnalysis(ctx.db, ctx.company.id, proposalId);
  const row = await findRow(ctx, proposalId);
  if (row?.statusId !== 2 || a.round !== round || a.waitingEngine !== null) return;
  if (nextAfter(a.passed) !== engine) return;
  const blocked = await blockingReason(ctx, row);
  if (blocked) return reject97(ctx, row, a, engine, blocked);
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
  if (r.approved) await pass(ctx, row, a, engine);
  else await stop(ctx, row, a, engine, r);
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
  // The demo seed sends proposals without a platform: they wait in 2 (seed/analysis.ts places some on cards).
  if (ctx.platform) await enqueue(ctx, row.id, round, VALIDATIONS[0]);
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

/** A property proposal back from inspection (9 → 2) by a manual approval. */
const inspected = entry(
  TimelineSituation.SUBSCRICAO,
  TimelineStatus.APROVADO,
  'Vistoria dispensada na aprovação manual.',
);

export type CardDecision = { approve: boolean; justification?: string | null; manual?: boolean };

/**
 * A person decided the validation the proposal waits on: approved → it counts as passed and the
 * chain goes on; refused → 98 Recusada with the reason. Logged either way; the card is closed.
 */
export const decideWaiting = async (ctx: UserContext, row: Row, d: CardDecision) => {
  const a = await arepo.lockAnalysis(ctx.db, ctx.company.id, row.id);
  const engine = a.waitingEngine as Validation | null;
  const reason = d.justification?.trim() || null;
  const card =
    a.waitingCardType && a.waitingCardRef ? { type: a.waitingCardType, ref: a.waitingCardRef } : null;
  if (d.approve) {
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
    if (card) await kanban.closeCard(ctx, { cardType: card.type as CardTypeValue, cardRef: card.ref });
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
      `${engineExecutionTypeLabels[logEngine]} aprovado pela seguradora.${reason ? ` ${reason}` : ''}`,
    );
    let current = row;
    if (row.statusId === 9) current = await transitionProposal(ctx, row, 2, approved);
    else await recordTimeline(ctx, row, approved);
    await pass(ctx, current, a, logEngine);
    return current;
  }
  await writeLog(
    ctx,
    row,
    engine ?? 0,
    a.round,
    'RECUSADO',
    false,
    `Recusada: ${reason ?? 'sem justificativa'}`,
    {
      UserId: ctx.user.userId,
    },
    card?.type ?? null,
  );
  if (card) await kanban.closeCard(ctx, { cardType: card.type as CardTypeValue, cardRef: card.ref });
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
            entry(
              situationOf[engine],
              TimelineStatus.APROVADO,
              `${engineExecutionTypeLabels[engine]}: ${r.message}`,
            ),
          )
        : row;
    await pass(ctx, current, a, engine);
  }
  return { log, outcome: r };
};

// ---------------------------------------------------------------- calls

type LogRow = Awaited<ReturnType<typeof arepo.insertEngineLog>>;

/** One engine log as the wire shows it (inputs only to insurer staff). */
export const engineLogView = (l: LogRow, names: Map<number, string>, insurer: boolean) => ({
  Id: l.id,
  EngineExecutionTypeId: l.engineTypeId,
  EngineExecutionTypeName:
    engineExecutionTypeLabels[l.engineTypeId as Validation] ?? `Motor ${l.engineTypeId}`,
  Approved: l.approved,
  Message: l.message,
  CreatedAt: l.createdAt.toISOString(),
  Outcome: l.outcome,
  CardType: l.cardType,
  Round: l.round,
  CreatedByName: (l.createdByUserId && names.get(l.createdByUserId)) || null,
  Inputs: insurer ? (l.inputs ?? null) : null,
});

const loadForStaff = async (ctx: UserContext, uniqueId: string) => {
  const row = await repo.findProposal(ctx.db, ctx.company.id, { uniqueId }, { all: true });
  if (!row) throw notFound('Proposta não encontrada.');
  return row;
};

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
