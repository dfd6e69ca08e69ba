import {
  createProposalRequestDocument,
  getCardEconomicGroupInfo,
  getCardProposalInfo,
  getProposalByUniqueId2,
  getProposalRiskChange,
  insertParticularClause,
  kanbanInsuranceUpdateProposal,
  kanbanInsuranceUpdateProposalContractualTerms,
  kanbanProposalChangeStatusRequestDocument,
  kanbanProposalDeleteRequestDocument,
  kanbanProposalRequestDocument,
  kanbanProposalSendToBroker,
  kanbanSaveEconomicGroup,
  navigateKanbanCard,
  saveProposalRequestDocument,
  updateProposalTimelineInfo,
} from '@aval/contracts';
import { Permission, UserType } from '@aval/domain';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createArchive } from '../../test/factories.js';
import { createTestApp, type TestApp } from '../../test/harness.js';
import { findCard, pipeByToken } from '../../test/kanban.js';
import { createDraft, type QuoteSetup, quoteSetup, sentToAnalysis } from '../../test/proposals.js';
import { until } from '../../test/wait.js';
import { economicGroups, policyHolders } from '../policy-holders/policy-holders.table.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ jobWorkers: true });
});
// Each test runs the job chain (and the last one a second instance): slow on a loaded machine.
vi.setConfig({ testTimeout: 120_000 });
afterAll(() => t.close());

const detailIn = (app: TestApp, id: string) =>
  app.data(getProposalByUniqueId2, { as: 'admin', query: { ProposalUniqueId: id } });

const setup = async (app: TestApp, options: Parameters<typeof quoteSetup>[1] = {}) => {
  const s = await quoteSetup(app, options);
  await app.database.db
    .update(policyHolders)
    .set({ cnae: '4120400', branchActivityStatusId: 2, branchActivityCnae: '4120400' })
    .where(eq(policyHolders.id, s.holder.id));
  return s;
};

const sendIn = async (
  app: TestApp,
  s: QuoteSetup,
  draft: Parameters<typeof createDraft>[3] = {},
  existing?: string,
) => (await sentToAnalysis(app, s, draft, existing)).UniqueId;

const waitingAt = (app: TestApp, id: string, cardType: string) =>
  until(async () => {
    const d = await detailIn(app, id);
    return d.ProposalEngineExecutionLogs.at(-1)?.CardType === cardType && d;
  }, `${cardType} card`);

describe('proposal cards', () => {
  it('should let the underwriter change the price on a subscription card and send it to the broker (6) without deciding: the card cannot be approved until the broker answers, then returns to the underwriter', async () => {
    const s = await setup(t, { modality: { automaticApprovalLimit: '50000.00' } });
    const id = await sendIn(t, s);
    await waitingAt(t, id, 'PROPOSTA_SUBSCRICAO');

    const info = await t.data(getCardProposalInfo, { as: 'admin', query: { ProposalUniqueId: id } });
    expect(info.Analysis).toMatchObject({
      Round: 1,
      PassedEngineIds: [9, 3, 8],
      WaitingEngineId: 6,
      WaitingEngineName: 'Subscrição',
      WaitingCardType: 'PROPOSTA_SUBSCRICAO',
    });
    expect(info.Proposal.UniqueId).toBe(id);

    const before = info.Proposal.InsurancePremium;
    const priced = await t.data(kanbanInsuranceUpdateProposal, {
      as: 'admin',
      body: { ProposalUniqueId: id, SpecialLoading: '25' },
    });
    expect(priced.InsurancePremium).not.toBe(before);
    expect(
      (await t.data(getProposalRiskChange, { as: 'corretor', query: { ProposalUniqueId: id } }))
        .HasRiskChange,
    ).toBe(false);

    const sent = await t.data(kanbanProposalSendToBroker, {
      as: 'admin',
      body: {
        ProposalUniqueId: id,
        Reason: 'Agravo de 25% aplicado pela subscrição; confirme com o tomador.',
      },
    });
    expect(sent.StatusId).toBe(6);
    // A request for adjustment decides nothing: the card stays open in the pipe's 'Aguardando
    // corretor' step, where it cannot be approved while the broker holds the proposal.
    const subscricao = await pipeByToken(t, 'subscricao', 'admin');
    const stepNamed = (name: string) => subscricao.steps.find((x) => x.name === name)!;
    const cardIn = (stepName: string, blocked: boolean) =>
      until(async () => {
        const c = await findCard(t, subscricao.id, id, { cardType: 'PROPOSTA_SUBSCRICAO', as: 'admin' });
        return c && c.stepId === stepNamed(stepName).id && c.approvalBlockers.length > 0 === blocked && c;
      }, `the subscription card in ${stepName}`);
    const waiting = await cardIn('Aguardando corretor', true);
    expect(waiting.closed).toBe(false);
    expect(waiting.approvalBlockers).toEqual([
      'a proposta aguarda a resposta do corretor ao pedido de ajuste',
    ]);
    const refused = await t.call(navigateKanbanCard, {
      as: 'analista',
      params: { stepId: waiting.stepId },
      body: { cardId: waiting.id, stepToId: stepNamed('Aprovado').id, version: waiting.version },
    });
    expect(refused.status).toBe(422);
    expect(refused.errors.join(' ')).toContain(
      'Este card ainda não pode ser aprovado: a proposta aguarda a resposta do corretor ao pedido de ajuste.',
    );

    // The broker sees the insurer's reason where it replies (the last Corretor entry of the timeline).
    const held = await detailIn(t, id);
    expect(held.TimelineHistory.at(-1)).toMatchObject({
      Description: expect.stringContaining('Agravo de 25%'),
    });
    await t.data(updateProposalTimelineInfo, {
      as: 'corretor',
      body: { ProposalUniqueId: id, Description: 'Tomador de acordo com a nova taxa.' },
    });
    // The answer returns the proposal to analysis, never approves it: the card is back in
    // 'Em análise' with the answer, and the underwriter decides.
    const back = await cardIn('Em análise', false);
    expect(back.cardData?.body).toBe('Resposta do corretor: Tomador de acordo com a nova taxa.');
    expect((await detailIn(t, id)).StatusId).toBe(2);
    await t.data(navigateKanbanCard, {
      as: 'analista',
      params: { stepId: back.stepId },
      body: { cardId: back.id, stepToId: stepNamed('Aprovado').id, version: back.version },
    });
    const d = await until(async () => (await detailIn(t, id)).StatusId === 7 && detailIn(t, id), 'approval');
    expect(d.ProposalEngineExecutionLogs.map((l) => [l.EngineExecutionTypeId, l.Outcome])).toEqual([
      [9, 'APROVADO'],
      [3, 'APROVADO'],
      [8, 'APROVADO'],
      [6, 'PENDENTE'],
      [6, 'ENVIADO_AO_CORRETOR'],
      [6, 'APROVADO'],
      [5, 'APROVADO'],
    ]);
  });

  it('should refuse to approve a registration card while a mandatory document is not conformant, and let the analyst approve it once the document is Conforme', async () => {
    const s = await setup(t);
    const p = await createDraft(t, s, 'corretor');
    const doc = await t.data(createProposalRequestDocument, {
      as: 'corretor',
      body: {
        ProposalUniqueId: p.UniqueId,
        Name: 'Contrato ou edital',
        RequestDocumentTypeId: 1,
        IsRequired: true,
      },
    });
    const archive = await createArchive(t, { as: 'corretor' });
    await t.data(saveProposalRequestDocument, {
      as: 'corretor',
      body: {
        ProposalUniqueId: p.UniqueId,
        RequestDocumentUniqueId: doc.UniqueId,
        ArchiveUniqueIds: [archive.uniqueIdentifier],
      },
    });
    const id = await sendIn(t, s, {}, p.UniqueId);
    await waitingAt(t, id, 'ANALISE_CCG');
    const cadastro = await pipeByToken(t, 'cadastro');
    const approve = cadastro.steps.find((x) => x.kind === 'approve')!;
    const cardOf = (blocked: boolean) =>
      until(
        async () => {
          const c = await findCard(t, cadastro.id, id, { cardType: 'ANALISE_CCG' });
          return c && c.approvalBlockers.length > 0 === blocked && c;
        },
        `the registration card (${blocked ? 'blocked' : 'approvable'})`,
      );
    const blocked = await cardOf(true);
    expect(blocked.approvalBlockers).toEqual(['documentos obrigatórios não conformes: Contrato ou edital']);
    const refused = await t.call(navigateKanbanCard, {
      as: 'analista',
      params: { stepId: blocked.stepId },
      body: { cardId: blocked.id, stepToId: approve.id, version: blocked.version },
    });
    expect(refused.status).toBe(422);
    expect(refused.errors.join(' ')).toContain(
      'Este card ainda não pode ser aprovado: documentos obrigatórios não conformes: Contrato ou edital.',
    );
    expect((await detailIn(t, id)).StatusId).toBe(2);

    // The demo analyst reviews the document on the card: Conforme, and the card may be approved.
    const reviewed = await t.data(kanbanProposalChangeStatusRequestDocument, {
      as: 'analista',
      body: { RequestDocumentUniqueId: doc.UniqueId, Approve: true },
    });
    expect(reviewed.StatusId).toBe(1);
    const approvable = await cardOf(false);
    await t.data(navigateKanbanCard, {
      as: 'analista',
      params: { stepId: approvable.stepId },
      body: { cardId: approvable.id, stepToId: approve.id, version: approvable.version },
    });
    const d = await until(async () => (await detailIn(t, id)).StatusId === 7 && detailIn(t, id), 'approval');
    expect(d.ProposalEngineExecutionLogs.map((l) => [l.EngineExecutionTypeId, l.Outcome])).toEqual([
      [9, 'APROVADO'],
      [3, 'APROVADO'],
      [8, 'PENDENTE'],
      [8, 'APROVADO'],
      [6, 'APROVADO'],
      [5, 'APROVADO'],
    ]);
  });

  it('should request, review and delete a document of the proposal on the card, and edit the special clause', async () => {
    const s = await setup(t, { modality: { automaticApprovalLimit: '50000.00' } });
    const id = await sendIn(t, s);
    await waitingAt(t, id, 'PROPOSTA_SUBSCRICAO');
    const doc = await t.data(kanbanProposalRequestDocument, {
      as: 'admin',
      body: {
        ProposalUniqueId: id,
        Name: 'Cronograma físico-financeiro',
        RequestDocumentTypeId: 1,
        IsRequired: true,
      },
    });
    expect(doc).toMatchObject({ Name: 'Cronograma físico-financeiro', StatusId: 2 });
    const refused = await t.call(kanbanProposalChangeStatusRequestDocument, {
      as: 'admin',
      body: { RequestDocumentUniqueId: doc.UniqueId, Approve: false },
    });
    expect(refused.status).toBe(422);
    const reviewed = await t.data(kanbanProposalChangeStatusRequestDocument, {
      as: 'admin',
      body: { RequestDocumentUniqueId: doc.UniqueId, Approve: false, Justification: 'Falta a assinatura.' },
    });
    expect(reviewed.StatusId).toBe(4);
    expect(
      await t.data(kanbanProposalDeleteRequestDocument, {
        as: 'admin',
        body: { ProposalUniqueId: id, RequestDocumentUniqueId: doc.UniqueId },
      }),
    ).toEqual({ Deleted: true });
    const terms = await t.data(kanbanInsuranceUpdateProposalContractualTerms, {
      as: 'admin',
      body: { ProposalUniqueId: id, SpecialClause: 'Vale a cláusula de reajuste pelo IPCA.' },
    });
    expect(terms.some((x) => x.Kind === 'SpecialClause' && String(x.Text).includes('IPCA'))).toBe(true);
  });

  it("should sanitise a particular clause's text the underwriter changes on the card before storing it", async () => {
    const s = await setup(t, { modality: { automaticApprovalLimit: '50000.00' } });
    const clause = await t.data(insertParticularClause, {
      as: { cid: 54, utp: UserType.INSURANCE, prm: [Permission.PARAMETRIZAR_SEGURADORA] },
      body: { ModalityId: s.modality.Id, Title: 'Cláusula de Reajuste', Text: '<p>Reajuste pelo IPCA.</p>' },
    });
    const id = await sendIn(t, s, { ProposalParticularClauseIds: [clause.Id] });
    await waitingAt(t, id, 'PROPOSTA_SUBSCRICAO');
    const change = (Text: string) =>
      t.call(kanbanInsuranceUpdateProposalContractualTerms, {
        as: 'admin',
        body: { ProposalUniqueId: id, ParticularClauses: [{ ParticularClauseId: clause.Id, Text }] },
      });
    expect(
      (
        await change(
          '<p onclick="alert(1)">Reajuste pelo <strong>INPC</strong>.</p><script>alert(2)</script>',
        )
      ).status,
    ).toBe(200);
    const stored = (await detailIn(t, id)).ProposalParticularClause.find(
      (c) => c.ParticularClauseId === clause.Id,
    );
    expect(stored?.Text).toBe('<p>Reajuste pelo <strong>INPC</strong>.</p>');
    // A text with nothing to read is refused, and the stored one kept.
    const empty = await change('<script>alert(3)</script><p> </p>');
    expect(empty.status).toBe(400);
    expect(
      (await detailIn(t, id)).ProposalParticularClause.find((c) => c.ParticularClauseId === clause.Id)?.Text,
    ).toBe('<p>Reajuste pelo <strong>INPC</strong>.</p>');
  });

  it('should show and save the economic group of the proposal holder', async () => {
    const s = await setup(t);
    const [group] = await t.database.db
      .insert(economicGroups)
      .values({ companyId: 54, name: `Grupo do Card ${Date.now()}`, limitAmount: '50000.00' })
      .returning();
    await t.database.db
      .update(policyHolders)
      .set({ economicGroupId: group!.id })
      .where(eq(policyHolders.id, s.holder.id));
    const id = await sendIn(t, s);
    await waitingAt(t, id, 'GRUPO_ECONOMICO');
    const info = await t.data(getCardEconomicGroupInfo, { as: 'admin', query: { ProposalUniqueId: id } });
    expect(info.EconomicGroup).toMatchObject({
      Limit: '50000.00',
      Members: [{ UniqueId: s.holder.uniqueId }],
    });
    const saved = await t.data(kanbanSaveEconomicGroup, {
      as: 'admin',
      body: { ProposalUniqueId: id, Limit: '900000.00' },
    });
    expect(saved.EconomicGroup!.Limit).toBe('900000.00');
    expect(
      (await t.call(kanbanSaveEconomicGroup, { as: 'admin', body: { ProposalUniqueId: id, Limit: 'abc' } }))
        .status,
    ).toBe(400);
  });

  it("should show a registry GRUPO_ECONOMICO card (its ref the holder) and save the group's limit there", async () => {
    const s = await setup(t);
    const [group] = await t.database.db
      .insert(economicGroups)
      .values({ companyId: 54, name: `Grupo do Cadastro ${Date.now()}`, limitAmount: '70000.00' })
      .returning();
    await t.database.db
      .update(policyHolders)
      .set({ economicGroupId: group!.id })
      .where(eq(policyHolders.id, s.holder.id));
    const ref = s.holder.uniqueId;
    const info = await t.data(getCardEconomicGroupInfo, { as: 'admin', query: { ProposalUniqueId: ref } });
    expect(info).toMatchObject({
      ProposalUniqueId: null,
      ProposalNumber: null,
      InsuredAmount: null,
      PolicyHolder: { UniqueId: ref },
      EconomicGroup: { Name: group!.name, Limit: '70000.00', Members: [{ UniqueId: ref }] },
    });
    const saved = await t.data(kanbanSaveEconomicGroup, {
      as: 'admin',
      body: { ProposalUniqueId: ref, Limit: '250000.00' },
    });
    expect(saved.EconomicGroup!.Limit).toBe('250000.00');
    // Another company's staff do not find it; a broker may not call it; a ref that is nobody's is 404.
    const other = { user: 'admin' as const, company: 325 };
    expect(
      (await t.call(getCardEconomicGroupInfo, { as: other, query: { ProposalUniqueId: ref } })).status,
    ).toBe(404);
    expect(
      (await t.call(getCardEconomicGroupInfo, { as: 'corretor', query: { ProposalUniqueId: ref } })).status,
    ).toBe(403);
    expect(
      (
        await t.call(getCardEconomicGroupInfo, {
          as: 'admin',
          query: { ProposalUniqueId: '00000000-0000-4000-8000-000000000000' },
        })
      ).status,
    ).toBe(404);
  });

  it('should refuse the card calls to brokers (403), to another company (404) and with bad input (400)', async () => {
    const s = await setup(t, { modality: { automaticApprovalLimit: '50000.00' } });
    const id = await sendIn(t, s);
    await waitingAt(t, id, 'PROPOSTA_SUBSCRICAO');
    const other = { user: 'admin' as const, company: 325 };
    expect(
      (await t.call(getCardProposalInfo, { as: 'corretor', query: { ProposalUniqueId: id } })).status,
    ).toBe(403);
    expect((await t.call(getCardProposalInfo, { as: other, query: { ProposalUniqueId: id } })).status).toBe(
      404,
    );
    expect(
      (await t.call(getCardProposalInfo, { as: 'admin', query: { ProposalUniqueId: 'x' } })).status,
    ).toBe(400);
    const writes = [
      [kanbanProposalRequestDocument, { ProposalUniqueId: id, Name: 'Doc', RequestDocumentTypeId: 1 }],
      [kanbanProposalSendToBroker, { ProposalUniqueId: id, Reason: 'Ajuste necessário.' }],
      [kanbanInsuranceUpdateProposal, { ProposalUniqueId: id, Tax: '3' }],
      [kanbanInsuranceUpdateProposalContractualTerms, { ProposalUniqueId: id, SpecialClause: 'x' }],
      [kanbanSaveEconomicGroup, { ProposalUniqueId: id, Limit: '1' }],
      [kanbanProposalDeleteRequestDocument, { ProposalUniqueId: id, RequestDocumentUniqueId: id }],
    ] as const;
    for (const [def, body] of writes) {
      expect((await t.call(def as never, { as: 'corretor', body } as never)).status, def.path).toBe(403);
      expect((await t.call(def as never, { as: other, body } as never)).status, def.path).toBe(404);
      expect(
        (await t.call(def as never, { as: 'admin', body: { ...body, ProposalUniqueId: 'nope' } } as never))
          .status,
        def.path,
      ).toBe(400);
    }
    expect(
      (
        await t.call(kanbanProposalChangeStatusRequestDocument, {
          as: 'admin',
          body: { RequestDocumentUniqueId: id, Approve: true },
        })
      ).status,
    ).toBe(404);
    expect(
      (await t.call(getCardEconomicGroupInfo, { as: 'corretor', query: { ProposalUniqueId: id } })).status,
    ).toBe(403);
  });
});

describe('the validation chain across a restart', () => {
  it('should run the jobs enqueued by one instance in the next one on the same database, to 7', async () => {
    const a = await createTestApp({ jobWorkers: false });
    const s = await setup(a);
    const id = await sendIn(a, s);
    expect((await detailIn(a, id)).StatusId).toBe(2);
    await a.app.close();
    const b = await createTestApp({
      jobWorkers: true,
      sameDatabaseAs: { database: a.database, databaseUrl: a.databaseUrl },
    });
    try {
      const d = await until(
        async () => (await detailIn(b, id)).StatusId === 7 && detailIn(b, id),
        'chain after restart',
      );
      expect(d.ProposalEngineExecutionLogs.map((l) => l.EngineExecutionTypeId)).toEqual([9, 3, 8, 6, 5]);
    } finally {
      await b.close();
      await a.close().catch(() => undefined);
    }
  });
});
