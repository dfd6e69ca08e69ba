import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import {
  approveProposalManually,
  executeAutomaticCreditApprovalValidation,
  executeAutomaticPEPApprovalValidation,
  executeAutomaticRegistrationApprovalValidation,
  executeAutomaticReinsuranceApprovalValidation,
  executeAutomaticSubscriptionApprovalValidation,
  getPepList,
  getProposalByUniqueId2,
  importPepList,
  KANBAN_CARDS_QUEUE,
  KANBAN_DECISIONS_QUEUE,
  kanbanDecision,
  Permission,
  saveReinsuranceRetention,
  UserType,
  updateCalculateFinancialData,
  updateProposal,
} from '@aval/contracts';
import { context, propagation, type SpanContext, trace } from '@opentelemetry/api';
import { OTLPTraceExporter } from '@opentelemetry/exporter-trace-otlp-http';
import { NodeSDK } from '@opentelemetry/sdk-node';
import { and, eq, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defineQueue } from '../../plugins/jobs.js';
import { queuedMailsTo } from '../../test/factories.js';
import { createTestApp, demoUser, type TestApp } from '../../test/harness.js';
import { createDraft, type QuoteSetup, quoteSetup, sentToAnalysis } from '../../test/proposals.js';
import { until } from '../../test/wait.js';
import { brokers } from '../brokers/brokers.table.js';
import { cnaeRates } from '../parameterisation/parameterisation.table.js';
import { qsaMembers } from '../pep/pep.table.js';
import {
  economicGroups,
  policyHolderExposures,
  policyHolderLimits,
  policyHolders,
} from '../policy-holders/policy-holders.table.js';
import { users } from '../users/users.table.js';
import { PROPOSAL_VALIDATIONS_QUEUE } from './proposals.analysis.js';
import { reinsuranceRetentions } from './proposals.analysis.table.js';

let t: TestApp;
beforeAll(async () => {
  // Workers that poll once a minute: every job of these tests (the chain's, the card decisions',
  // the mails') must run on its queue's NOTIFY, well within a wait's 20 s, never on a poll.
  t = await createTestApp({ jobWorkers: true, jobPollingSeconds: 60 });
});
afterAll(() => t.close());

const detail = (uniqueId: string) =>
  t.data(getProposalByUniqueId2, { as: 'admin', query: { ProposalUniqueId: uniqueId } });

/** Waits until the chain settles: status not 2 or a validation waiting on a card. */
/**
 * The analysis stopped (a card) or left 2. The detail reads the proposal and its log in separate
 * statements, so a read while a step commits can pair the old status with the new log: an answer is
 * taken once two reads in a row agree.
 */
const settled = (uniqueId: string) => {
  let previous: string | undefined;
  return until(async () => {
    const d = await detail(uniqueId);
    const last = d.ProposalEngineExecutionLogs.at(-1);
    const seen = `${d.StatusId}:${d.ProposalEngineExecutionLogs.length}`;
    const agreed = seen === previous;
    previous = seen;
    return agreed && (d.StatusId !== 2 || last?.Outcome === 'PENDENTE') && d;
  }, `analysis of ${uniqueId}`);
};

/** A quote whose holder passes registration (CNAE accepted) unless told otherwise. */
const setup = async (options: Parameters<typeof quoteSetup>[1] & { branchAccepted?: boolean } = {}) => {
  const s = await quoteSetup(t, options);
  await t.database.db
    .update(policyHolders)
    .set({
      cnae: '4120400',
      ...(options.branchAccepted === false
        ? {}
        : { branchActivityStatusId: 2, branchActivityCnae: '4120400' }),
    })
    .where(eq(policyHolders.id, s.holder.id));
  return s;
};

const send = async (s: QuoteSetup, extra: Record<string, unknown> = {}) =>
  (await sentToAnalysis(t, s, extra)).UniqueId;

const outcomes = (d: Awaited<ReturnType<typeof detail>>) =>
  d.ProposalEngineExecutionLogs.map((l) => [l.EngineExecutionTypeId, l.Outcome]);

const decisionQueue = defineQueue({ name: KANBAN_DECISIONS_QUEUE, data: kanbanDecision });
const decide = async (
  cardType: string,
  cardRef: string,
  decision: 'approve' | 'refuse',
  justification?: string,
) => {
  const [admin] = await t.database.db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.companyId, 54), eq(users.username, demoUser('admin'))));
  await t.platform.jobs.send(decisionQueue, {
    companyId: 54,
    cardId: 1,
    cardType,
    cardRef,
    decision,
    actorUserId: admin?.id ?? 1,
    justification,
    stepName: decision === 'approve' ? 'Aprovado' : 'Recusado',
    moveId: 1,
  } as never);
};

describe('automatic validations (PEP → credit → registration → subscription → reinsurance)', () => {
  it('should approve (7) when every validation passes: five logs in order, IS reserved, broker e-mailed', async () => {
    const s = await setup();
    const sentCount = async () =>
      Number(
        (await t.app.inject({ url: '/metrics' })).body.match(
          /^aval_proposals_sent_total\{company="54"\} (\d+)$/m,
        )?.[1] ?? 0,
      );
    const sentBefore = await sentCount();
    const id = await send(s);
    // The operators' counter of proposals sent to analysis.
    expect(await sentCount()).toBe(sentBefore + 1);
    const d = await settled(id);
    expect(d.StatusId).toBe(7);
    expect(outcomes(d)).toEqual([
      [9, 'APROVADO'],
      [3, 'APROVADO'],
      [8, 'APROVADO'],
      [6, 'APROVADO'],
      [5, 'APROVADO'],
    ]);
    expect(d.ProposalEngineExecutionLogs[1]!.Inputs).toMatchObject({
      InsuredAmount: '100000.00',
      Limit: '5000000.00',
    });
    const ledger = await t.database.db
      .select()
      .from(policyHolderExposures)
      .where(eq(policyHolderExposures.policyHolderId, s.holder.id));
    expect(ledger.map((e) => [e.kind, e.amount])).toEqual([['RESERVA_PROPOSTA', '100000.00']]);
    expect(d.TimelineHistory.at(-1)!.Description).toMatch(/aprovada/);
    const [b] = await t.database.db.select().from(brokers).where(eq(brokers.id, s.brokerId));
    expect(
      (await queuedMailsTo(t, b!.email)).some((m) => m.includes(`nº ${d.Number}`) && m.includes('aprovada')),
    ).toBe(true);
  });

  it('should stop at PEP with a TOMADOR_QSA_PEP card when a partner of the holder is on the imported list, and go on when the card is approved', async () => {
    const csv = [
      'CPF;Nome_PEP;Sigla_Função;Descrição_Função;Nível_Função;Nome_Órgão;Data_Início_Exercício;Data_Fim_Exercício;Data_Fim_Carência',
      '***.345.678-**;Ana Política da Silva;PREF;PREFEITA;;PREFEITURA DE TESTE;01/01/2021;;',
      'x;y',
    ].join('\n');
    const imported = await t.data(importPepList, { as: 'admin', body: { Csv: csv } });
    expect(imported).toMatchObject({ Imported: 1, Rejected: 1 });
    expect((await t.call(importPepList, { as: 'corretor', body: { Csv: csv } })).status).toBe(403);
    expect((await t.call(importPepList, { as: 'admin', body: { Csv: 'a;b\n1;2' } })).status).toBe(422);
    expect((await t.data(getPepList, { as: 'admin', query: {} })).Data[0]).toMatchObject({
      Cpf: '***.345.678-**',
    });
    // Another company keeps its own list (the demo one).
    const other = await t.data(getPepList, { as: { user: 'admin', company: 325 }, query: {} });
    expect(other.Data.map((e) => e.Cpf)).not.toContain('***.345.678-**');

    const s = await setup();
    await t.database.db.insert(qsaMembers).values({
      companyId: 54,
      ownerType: 'PolicyHolder',
      ownerId: s.holder.id,
      name: 'ANA POLITICA DA SILVA',
      cpf: '01234567890',
    });
    const id = await send(s);
    let d = await settled(id);
    expect(d.StatusId).toBe(2);
    expect(d.ProposalEngineExecutionLogs.at(-1)).toMatchObject({
      Outcome: 'PENDENTE',
      CardType: 'TOMADOR_QSA_PEP',
    });
    expect(d.ProposalEngineExecutionLogs.at(-1)!.Message).toMatch(/ANA POLITICA DA SILVA \(PREFEITA\)/);
    await decide('TOMADOR_QSA_PEP', s.holder.uniqueId, 'approve', 'PEP analisado: relação regular.');
    d = await until(
      async () => (await detail(id)).StatusId === 7 && detail(id),
      'approval after the PEP card',
    );
    expect(outcomes(d).slice(0, 3)).toEqual([
      [9, 'PENDENTE'],
      [9, 'APROVADO'],
      [3, 'APROVADO'],
    ]);
  });

  // REQUEST_LIMIT (the IS past the holder's limit): in 'traces' below.
  it('should open GRUPO_ECONOMICO when the IS passes the group limit', async () => {
    const g = await setup();
    const [group] = await t.database.db
      .insert(economicGroups)
      .values({ companyId: 54, name: `Grupo Análise ${Date.now()}`, limitAmount: '50000.00' })
      .returning();
    await t.database.db
      .update(policyHolders)
      .set({ economicGroupId: group!.id })
      .where(eq(policyHolders.id, g.holder.id));
    const inGroup = await send(g);
    const d = await settled(inGroup);
    expect(d.ProposalEngineExecutionLogs.at(-1)).toMatchObject({ CardType: 'GRUPO_ECONOMICO' });
    expect(d.ProposalEngineExecutionLogs.at(-1)!.Message).toMatch(/grupo econômico/);
  });

  it('should open RAMO_ATIVIDADE when the holder branch activity is not accepted, and pass on a rerun once it is', async () => {
    const s = await setup({ branchAccepted: false });
    const id = await send(s);
    const d = await settled(id);
    expect(d.ProposalEngineExecutionLogs.at(-1)).toMatchObject({
      EngineExecutionTypeId: 8,
      CardType: 'RAMO_ATIVIDADE',
    });
    await t.database.db
      .update(policyHolders)
      .set({ branchActivityStatusId: 2, branchActivityCnae: '4120400' })
      .where(eq(policyHolders.id, s.holder.id));
    const rerun = await t.data(executeAutomaticRegistrationApprovalValidation, {
      as: 'admin',
      query: { ProposalUniqueId: id },
    });
    expect(rerun).toMatchObject({ Approved: true, Log: { Outcome: 'REPROCESSADO' } });
    expect(
      (await until(async () => (await detail(id)).StatusId === 7 && detail(id), 'resume after rerun'))
        .StatusId,
    ).toBe(7);
  });

  it('should open PROPOSTA_SUBSCRICAO over the automatic approval limit; the card refused refuses the proposal (98) with the reason', async () => {
    const s = await setup({ modality: { automaticApprovalLimit: '50000.00' } });
    const id = await send(s);
    expect((await settled(id)).ProposalEngineExecutionLogs.at(-1)).toMatchObject({
      EngineExecutionTypeId: 6,
      CardType: 'PROPOSTA_SUBSCRICAO',
    });
    await decide('PROPOSTA_SUBSCRICAO', id, 'refuse', 'Risco fora da política de subscrição.');
    const d = await until(async () => (await detail(id)).StatusId === 98 && detail(id), 'refusal');
    expect(d.TimelineHistory.at(-1)!.Description).toBe(
      'Proposta recusada: Risco fora da política de subscrição.',
    );
  });

  it('should open a reinsurance PROPOSTA card with the cession plan above the retention', async () => {
    const s = await setup();
    // The insurer sets the branch's retention (a broker may not; an unknown branch is a 404).
    const body = { BranchId: s.modality.BranchId, Retention: '60000.00' };
    expect(await t.data(saveReinsuranceRetention, { as: 'admin', body })).toEqual(body);
    expect((await t.call(saveReinsuranceRetention, { as: 'corretor', body })).status).toBe(403);
    expect(
      (await t.call(saveReinsuranceRetention, { as: 'admin', body: { ...body, BranchId: 999_999 } })).status,
    ).toBe(404);
    const id = await send(s);
    const d = await settled(id);
    expect(d.ProposalEngineExecutionLogs.at(-1)).toMatchObject({
      EngineExecutionTypeId: 5,
      CardType: 'PROPOSTA',
    });
    expect(d.ProposalEngineExecutionLogs.at(-1)!.Inputs).toMatchObject({
      ceded: '40000.00',
      localOffered: '16000.00',
      eventualMax: '4000.00',
    });
    await t.database.db
      .delete(reinsuranceRetentions)
      .where(eq(reinsuranceRetentions.branchId, s.modality.BranchId));
  });

  it('should take a property proposal past credit (rated by CNAE, no holder limit) to 9 Em Inspeção on PROPOSTA_INSPECAO, and on to 7 once the inspection is approved', async () => {
    const s = await setup({
      rate: null,
      branchCode: 'NamedRisk',
      modality: {
        automaticApprovalLimit: '500000.00',
        minInsuredAmount: '100000',
        maxInsuredAmount: '5000000',
      },
    });
    const [cnae] = await t.database.db
      .insert(cnaeRates)
      .values({
        companyId: 54,
        modalityId: s.modality.Id,
        cnae: '4711-3/02',
        description: 'Supermercados',
        rate: '0.5',
      })
      .returning();
    const id = await send(s, {
      InsuredAmountValue: undefined,
      Property: {
        Building: '1000000',
        Content: '400000',
        MMU: '300000',
        MMP: '100000',
        CNAERateId: cnae!.id,
      },
    });
    const d = await settled(id);
    expect(d.StatusId).toBe(9);
    expect(outcomes(d)).toEqual([
      [9, 'APROVADO'],
      [3, 'APROVADO'],
      [8, 'APROVADO'],
      [6, 'PENDENTE'],
    ]);
    expect(d.ProposalEngineExecutionLogs[1]!.Message).toMatch(/^Seguro patrimonial/);
    expect(d.ProposalEngineExecutionLogs.at(-1)).toMatchObject({ CardType: 'PROPOSTA_INSPECAO' });
    expect(d.ProposalEngineExecutionLogs.at(-1)!.Message).toMatch(/vistoria necessária/);

    await decide('PROPOSTA_INSPECAO', id, 'approve', 'Vistoria sem ressalvas.');
    const after = await until(async () => {
      const x = await detail(id);
      return x.StatusId === 7 && x;
    }, 'approval after the inspection');
    expect(outcomes(after).slice(-2)).toEqual([
      [6, 'APROVADO'],
      [5, 'APROVADO'],
    ]);
  });

  it('should reject (97) at once a proposal of a blocked holder', async () => {
    const s = await setup();
    const id = await createDraft(t, s).then((p) => p.UniqueId);
    await t.data(updateCalculateFinancialData, {
      as: 'corretor',
      body: { ProposalUniqueId: id, ComissionPercentage: '20' },
    });
    const v = (await detail(id)).Version;
    await t.database.db
      .update(policyHolders)
      .set({ isRestrictiveBlocked: true })
      .where(eq(policyHolders.id, s.holder.id));
    await t.data(updateProposal, {
      as: 'corretor',
      body: { UniqueId: id, Version: v, Action: 'SendToAnalysis', CommissionDisclosureConfirmed: true },
    });
    const d = await settled(id);
    expect(d.StatusId).toBe(97);
    expect(outcomes(d)).toEqual([[9, 'REJEITADO']]);
  });

  it('should let 27 approve manually with a justification, and refuse the calls without their permission, of another company or with bad input', async () => {
    const s = await setup({ modality: { automaticApprovalLimit: '50000.00' } });
    const id = await send(s);
    await settled(id);
    const calls = [
      executeAutomaticPEPApprovalValidation,
      executeAutomaticCreditApprovalValidation,
      executeAutomaticRegistrationApprovalValidation,
      executeAutomaticSubscriptionApprovalValidation,
      executeAutomaticReinsuranceApprovalValidation,
    ];
    for (const c of calls) {
      expect((await t.call(c, { as: 'corretor', query: { ProposalUniqueId: id } })).status).toBe(403);
      expect(
        (
          await t.call(c, {
            as: { cid: 54, utp: UserType.INSURANCE, prm: [Permission.GERENCIAR_PROPOSTAS_SEGURADORA] },
            query: { ProposalUniqueId: id },
          })
        ).status,
      ).toBe(403);
      expect(
        (await t.call(c, { as: { user: 'admin', company: 325 }, query: { ProposalUniqueId: id } })).status,
      ).toBe(404);
      expect((await t.call(c, { as: 'admin', query: { ProposalUniqueId: 'x' } })).status).toBe(400);
    }
    const sub = await t.data(executeAutomaticSubscriptionApprovalValidation, {
      as: 'admin',
      query: { ProposalUniqueId: id },
    });
    expect(sub).toMatchObject({ Approved: false, CardType: 'PROPOSTA_SUBSCRICAO', StatusId: 2 });

    expect(
      (
        await t.call(approveProposalManually, {
          as: 'corretor',
          body: { ProposalUniqueId: id, Justification: 'ok' },
        })
      ).status,
    ).toBe(403);
    expect(
      (
        await t.call(approveProposalManually, {
          as: 'admin',
          body: { ProposalUniqueId: id, Justification: '' },
        })
      ).status,
    ).toBe(400);
    const approved = await t.data(approveProposalManually, {
      as: 'admin',
      body: { ProposalUniqueId: id, Justification: 'Cliente estratégico; diretoria aprovou.' },
    });
    expect(approved).toMatchObject({ StatusId: 7, Log: { Outcome: 'APROVACAO_MANUAL' } });
    expect(approved.Log.Message).toMatch(/diretoria aprovou/);
    expect(
      (
        await t.call(approveProposalManually, {
          as: 'admin',
          body: { ProposalUniqueId: id, Justification: 'de novo' },
        })
      ).status,
    ).toBe(422);
  });
});

describe('the timeline text of a validation', () => {
  it('should name the validation once', async () => {
    const { validationText } = await import('./proposals.analysis.js');
    expect(validationText(6, 'Subscrição manual: IS acima da alçada.')).toBe(
      'Subscrição manual: IS acima da alçada.',
    );
    expect(validationText(3, 'Dentro do limite disponível (R$ 1,00).')).toBe(
      'Regras de Crédito: Dentro do limite disponível (R$ 1,00).',
    );
  });
});

describe('traces', () => {
  it('should open REQUEST_LIMIT when the IS passes the holder limit, the sender’s trace continued by the validations job and the card', async () => {
    // An OTLP/HTTP receiver of our own: the SDK's exporter posts JSON to it.
    const spans: { name: string; traceId: string; parentSpanId?: string; spanId: string }[] = [];
    const receiver = createServer((req, res) => {
      let body = '';
      req.on('data', (c) => (body += c));
      req.on('end', () => {
        for (const r of JSON.parse(body).resourceSpans ?? [])
          for (const s of r.scopeSpans ?? []) spans.push(...s.spans);
        res.setHeader('content-type', 'application/json').end('{}');
      });
    });
    await new Promise<void>((done) => receiver.listen(0, '127.0.0.1', done));
    const { port } = receiver.address() as AddressInfo;
    // Spans only, exported at once (as startTracing sets up the servers, less the instrumentations).
    Object.assign(process.env, {
      OTEL_BSP_SCHEDULE_DELAY: '50',
      OTEL_METRICS_EXPORTER: 'none',
      OTEL_LOGS_EXPORTER: 'none',
    });
    const sdk = new NodeSDK({
      serviceName: 'aval-test',
      traceExporter: new OTLPTraceExporter({ url: `http://127.0.0.1:${port}/v1/traces` }),
      instrumentations: [],
      resourceDetectors: [],
    });
    sdk.start();
    try {
      const s = await setup();
      await t.database.db
        .update(policyHolderLimits)
        .set({ limitAmount: '50000.00' })
        .where(
          and(eq(policyHolderLimits.policyHolderId, s.holder.id), isNull(policyHolderLimits.modalityId)),
        );
      // The request that sends the proposal (the HTTP server span, in a traced process; here the
      // caller's span, which the app names by the route it serves).
      let request: SpanContext | undefined;
      const id = await trace.getTracer('test').startActiveSpan('send to analysis', async (span) => {
        request = span.spanContext();
        try {
          return await send(s);
        } finally {
          span.end();
        }
      });
      expect((await settled(id)).ProposalEngineExecutionLogs.at(-1)).toMatchObject({
        EngineExecutionTypeId: 3,
        CardType: 'REQUEST_LIMIT',
        Approved: false,
      });
      const inTrace = (what: string, test: (x: (typeof spans)[number]) => boolean) =>
        until(async () => spans.find((x) => x.traceId === request!.traceId && test(x)), what);
      const sent = await inTrace('request span', (x) => x.spanId === request!.spanId);
      expect(sent.name).toMatch(/^[A-Z]+ \/api\/\w+\/\w+$/);
      // The first validations job is the request's child (the chain's next jobs are children of it,
      // and the exporter may deliver them first).
      const validation = await inTrace(
        'the validations job under the request',
        (x) => x.name === `${PROPOSAL_VALIDATIONS_QUEUE} process` && x.parentSpanId === request!.spanId,
      );
      const card = await inTrace('card', (x) => x.name === `${KANBAN_CARDS_QUEUE} process`);
      expect(validation.parentSpanId).toBe(request!.spanId);
      expect(card.parentSpanId).toBeDefined();
    } finally {
      await sdk.shutdown();
      trace.disable();
      context.disable();
      propagation.disable();
      for (const name of ['OTEL_BSP_SCHEDULE_DELAY', 'OTEL_METRICS_EXPORTER', 'OTEL_LOGS_EXPORTER'])
        delete process.env[name];
      receiver.close();
    }
  });
});
