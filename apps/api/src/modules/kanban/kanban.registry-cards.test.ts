import {
  assignKanbanCard,
  CcgSignatoryRole,
  filterKanbanPipeSteps,
  followUpSendObservation,
  getBranchActivities,
  getCardBranchActivityInfo,
  getCardObservations,
  getCardPolicyHolderCCGInfo,
  getCardUserNames,
  getKanbanCardHistory,
  getRequestDocumentArchives,
  kanbanBrokerChangeStatusRequestDocument,
  kanbanBrokerDeleteRequestDocument,
  kanbanBrokerRequestDocument,
  kanbanBrokerRequestDocumentsSendToBroker,
  kanbanPolicyHolderCCGSendToBroker,
  kanbanSaveBranchActivity,
  navigateKanbanCard,
} from '@aval/contracts';
import { and, eq, inArray } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { asInsurer, createBroker, createPolicyHolder, queuedMailsTo } from '../../test/factories.js';
import { admin, broker, ok, post, t, uploadFile, useBrokersFixture } from '../../test/fixtures/brokers.js';
import { demoUser } from '../../test/harness.js';
import { findCard, pipeByToken } from '../../test/kanban.js';
import { until } from '../../test/wait.js';
import { brokers } from '../brokers/brokers.table.js';
import {
  branchActivityAccepted,
  requestBranchActivityAnalysis,
} from '../policy-holders/policy-holders.branch-activity.js';
import { ccgSignedOrIgnored, createCcg } from '../policy-holders/policy-holders.ccg.js';
import { policyHolderNominations } from '../policy-holders/policy-holders.table.js';
import { users } from '../users/users.table.js';

/**
 * The registry cards of the cadastro pipe built on the kanban service: RAMO_ATIVIDADE (the policy
 * holder's branch activity), ANALISE_CCG (the CCG's signature review), the brokerage's documents on
 * its registration card, observations on any card, and the card history and assignee calls.
 */
useBrokersFixture();

const P = '/api/PolicyHolder';

const cadastro = () => pipeByToken(t, 'cadastro');
const cardOf = (pipeId: number, ref: string, cardType: string) => findCard(t, pipeId, ref, { cardType });

const stepNamed = (pipe: Awaited<ReturnType<typeof cadastro>>, name: string) =>
  pipe.steps.find((s) => s.name === name)!;

const onlyViewer = { cid: 54, utp: 1, prm: [1] };

describe('RAMO_ATIVIDADE card (ramo de atividade do tomador)', () => {
  it('should open the card for a CNAE not accepted and accept it on the card, changing the CNAE', async () => {
    const holder = await createPolicyHolder(t, {
      name: 'Tomador Ramo Aceito Ltda.',
      cnae: '4120400',
      cnaeDescription: 'Construção de edifícios',
      email: 'ramo.aceito@tomador.test',
    });
    const state = await asInsurer(t, (ctx) => requestBranchActivityAnalysis(ctx, holder.id));
    expect(state).toEqual({ accepted: false, statusId: 1 });
    const pipe = await cadastro();
    const card = await until(() => cardOf(pipe.id, holder.uniqueId, 'RAMO_ATIVIDADE'), 'the card');
    expect(card.cardData?.header).toBe('Tomador Ramo Aceito Ltda.');
    expect(await asInsurer(t, (ctx) => branchActivityAccepted(ctx, holder.id))).toBe(false);

    const info = await t.data(getCardBranchActivityInfo, {
      as: 'analista',
      query: { PolicyHolderUniqueId: holder.uniqueId },
    });
    expect(info).toMatchObject({
      StatusName: 'Pendente',
      Accepted: false,
      PolicyHolder: { Cnae: '4120-4/00', CnaeDescription: 'Construção de edifícios' },
    });
    const activities = await t.data(getBranchActivities, { as: 'analista' });
    expect(activities).toContainEqual({
      Code: '4211-1/01',
      Description: 'Construção de rodovias e ferrovias',
      Restricted: false,
    });

    const saved = await t.data(kanbanSaveBranchActivity, {
      as: 'analista',
      body: { PolicyHolderUniqueId: holder.uniqueId, Cnae: '4211-1/01', Accept: true },
    });
    expect(saved).toMatchObject({
      StatusName: 'Aceito',
      Accepted: true,
      AnalysedCnae: '4211-1/01',
      PolicyHolder: { Cnae: '4211-1/01' },
    });
    expect(saved.DecidedByName).toBeTruthy();
    expect(await asInsurer(t, (ctx) => branchActivityAccepted(ctx, holder.id))).toBe(true);
    const closed = await until(async () => {
      const c = await cardOf(pipe.id, holder.uniqueId, 'RAMO_ATIVIDADE');
      return c?.closed ? c : undefined;
    }, 'the card to close');
    expect(closed.stepId).toBe(stepNamed(pipe, 'Aprovado').id);

    // Its history: opened in Novos, moved to Aprovado by the owner's decision.
    const history = await t.data(getKanbanCardHistory, { as: 'analista', params: { id: closed.id } });
    expect(history.moves.map((m) => [m.fromStepName, m.toStepName, m.userId])).toEqual([
      [null, 'Novos', null],
      ['Novos', 'Aprovado', null],
    ]);
    // Accepted: asking again changes nothing.
    expect(await asInsurer(t, (ctx) => requestBranchActivityAnalysis(ctx, holder.id))).toEqual({
      accepted: true,
      statusId: 2,
    });
  });

  it('should keep a refusal taken by moving the card, and not reopen it for the same CNAE', async () => {
    const holder = await createPolicyHolder(t, { name: 'Tomador Ramo Recusado Ltda.', cnae: '6422100' });
    await asInsurer(t, (ctx) => requestBranchActivityAnalysis(ctx, holder.id));
    const pipe = await cadastro();
    const card = await until(() => cardOf(pipe.id, holder.uniqueId, 'RAMO_ATIVIDADE'), 'the card');
    await t.data(navigateKanbanCard, {
      as: 'analista',
      params: { stepId: card.stepId },
      body: {
        cardId: card.id,
        stepToId: stepNamed(pipe, 'Recusado').id,
        justification: 'Atividade financeira fora do apetite.',
      },
    });
    const info = await until(async () => {
      const i = await t.data(getCardBranchActivityInfo, {
        as: 'analista',
        query: { PolicyHolderUniqueId: holder.uniqueId },
      });
      return i.StatusName === 'Recusado' ? i : undefined;
    }, 'the refusal');
    expect(info).toMatchObject({ Restricted: true, Justification: 'Atividade financeira fora do apetite.' });
    expect(await asInsurer(t, (ctx) => requestBranchActivityAnalysis(ctx, holder.id))).toEqual({
      accepted: false,
      statusId: 3,
    });
  });

  it('should answer 403, 404 to another company, 400 to bad input and 422 to a refusal without reason', async () => {
    const holder = await createPolicyHolder(t, { name: 'Tomador Ramo Acesso Ltda.', cnae: '4120400' });
    const query = { PolicyHolderUniqueId: holder.uniqueId };
    expect((await t.call(getCardBranchActivityInfo, { as: 'corretor', query })).status).toBe(403);
    expect(
      (await t.call(getCardBranchActivityInfo, { as: { user: 'analista', company: 325 }, query })).status,
    ).toBe(404);
    expect(
      (await t.call(getCardBranchActivityInfo, { as: 'analista', query: { PolicyHolderUniqueId: 'x' } }))
        .errors,
    ).toEqual(['Tomador inválido.']);
    const body = { PolicyHolderUniqueId: holder.uniqueId, Accept: false };
    expect((await t.call(kanbanSaveBranchActivity, { as: onlyViewer, body })).status).toBe(403);
    const noReason = await t.call(kanbanSaveBranchActivity, { as: 'analista', body });
    expect(noReason.status).toBe(422);
    expect(noReason.errors).toEqual(['Informe a justificativa da recusa.']);
    expect(
      (await t.call(kanbanSaveBranchActivity, { as: 'analista', body: { ...body, Cnae: '12' } })).errors,
    ).toEqual(['CNAE inválido.']);
    expect(
      (
        await t.call(kanbanSaveBranchActivity, {
          as: { user: 'analista', company: 325 },
          body: { ...body, Justification: 'x' },
        })
      ).status,
    ).toBe(404);
  });
});

/** A holder the demo broker operates, its CCG sent for signature and a CCG request document. */
const ccgOfBrokerHolder = async (name: string) => {
  const holder = await createPolicyHolder(t, { name });
  const [corretor] = await t.database.db
    .select({ brokerId: users.brokerId })
    .from(users)
    .where(and(eq(users.companyId, 54), eq(users.username, demoUser('corretor', 54))));
  await t.database.db
    .insert(policyHolderNominations)
    .values({ companyId: 54, policyHolderId: holder.id, brokerId: corretor!.brokerId!, statusId: 2 });
  const signatories = [
    { name: 'Ana Sócia', cpf: '529.982.247-25', roleId: CcgSignatoryRole.SOCIO_COM_PODERES },
    { name: 'Bruno Avalista', cpf: '111.444.777-35', roleId: CcgSignatoryRole.AVALISTA, married: true },
  ];
  await expect(
    asInsurer(t, (ctx) => createCcg(ctx, holder.id, { signatories, brokerId: corretor!.brokerId! })),
  ).rejects.toThrow('O cônjuge do avalista Bruno Avalista também deve assinar o CCG.');
  const ccg = await asInsurer(t, (ctx) =>
    createCcg(ctx, holder.id, {
      brokerId: corretor!.brokerId!,
      signatories: [
        ...signatories,
        {
          name: 'Carla Cônjuge',
          cpf: '390.533.447-05',
          roleId: CcgSignatoryRole.CONJUGE_DO_AVALISTA,
          spouseOfCpf: '111.444.777-35',
        },
      ],
    }),
  );
  expect(ccg.statusId).toBe(2);
  const doc = await ok(
    await post(
      `${P}/CreateRequestDocument`,
      {
        PolicyHolderUniqueId: holder.uniqueId,
        Name: 'CCG assinado',
        RequestDocumentTypeId: 1,
        IsRequired: true,
      },
      admin,
    ),
  );
  return { holder, ccg, doc, brokerId: corretor!.brokerId! };
};

const brokerSendsSignedCcg = async (holderUniqueId: string, docUniqueId: string) => {
  await ok(
    await post(
      `${P}/UploadRequestDocument`,
      {
        PolicyHolderUniqueId: holderUniqueId,
        RequestDocumentUniqueId: docUniqueId,
        ArchiveUniqueIds: [await uploadFile(broker, 'ccg-assinado.pdf')],
      },
      broker,
    ),
  );
  await ok(
    await post(
      `${P}/sendRequestToAnalysis`,
      { PolicyHolderUniqueId: holderUniqueId, RequestDocumentUniqueIds: [docUniqueId] },
      broker,
    ),
  );
};

const ccgInfo = (ref: string) =>
  t.data(getCardPolicyHolderCCGInfo, { as: 'analista', query: { PolicyHolderCCGUniqueId: ref } });

describe('ANALISE_CCG card (Dados da Solicitação de CCG)', () => {
  it('should open the card when the broker sends the signed CCG, send it back to the broker, and sign it when approved', async () => {
    const { holder, ccg, doc, brokerId } = await ccgOfBrokerHolder('Tomador CCG Aprovado Ltda.');
    expect(await asInsurer(t, (ctx) => ccgSignedOrIgnored(ctx, holder.id))).toBe(false);
    await brokerSendsSignedCcg(holder.uniqueId, doc.UniqueId);
    const pipe = await cadastro();
    const card = await until(() => cardOf(pipe.id, ccg.uniqueId, 'ANALISE_CCG'), 'the CCG card');
    expect(card.cardData?.header).toBe('Tomador CCG Aprovado Ltda.');

    const info = await ccgInfo(ccg.uniqueId);
    expect(info).toMatchObject({
      StatusId: 3,
      StatusName: 'Aguardando Análise da Seguradora',
      Manual: false,
      SignedOrIgnored: false,
      PolicyHolder: { UniqueId: holder.uniqueId },
    });
    expect(info.BrokerName).toBeTruthy();
    expect(info.Signatories.map((s) => [s.Name, s.RoleName, s.SignedAt !== null])).toEqual([
      ['Ana Sócia', 'Sócio com poderes', true],
      ['Bruno Avalista', 'Avalista (pessoa física)', true],
      ['Carla Cônjuge', 'Cônjuge do avalista', true],
    ]);
    expect(info.RequestDocuments.map((d) => [d.Name, d.StatusName])).toEqual([
      ['CCG assinado', 'Aguardando Análise'],
    ]);

    // The analyst sends it back: status 6, the document rejected with the reason, the card waits for the broker.
    const back = await t.data(kanbanPolicyHolderCCGSendToBroker, {
      as: 'analista',
      body: { PolicyHolderCCGUniqueId: ccg.uniqueId, Observation: 'Falta a assinatura do cônjuge.' },
    });
    expect(back).toMatchObject({ StatusId: 6, StatusName: 'Aguardando Corretor' });
    expect(back.RequestDocuments[0]).toMatchObject({
      StatusName: 'Reprovado',
      ReviewNote: 'Falta a assinatura do cônjuge.',
    });
    expect(back.Observations.map((o) => o.Observation)).toEqual(['Falta a assinatura do cônjuge.']);
    await until(async () => {
      const c = await cardOf(pipe.id, ccg.uniqueId, 'ANALISE_CCG');
      return c?.stepId === stepNamed(pipe, 'Aguardando corretor').id ? c : undefined;
    }, 'the card in Aguardando corretor');
    const [brokerRow] = await t.database.db.select().from(brokers).where(eq(brokers.id, brokerId));
    const mails = await queuedMailsTo(t, brokerRow!.email);
    expect(mails.some((m) => m.includes('Falta a assinatura do cônjuge.'))).toBe(true);

    // The broker sends a new signed CCG: back to 3 and to 'Em análise'.
    await brokerSendsSignedCcg(holder.uniqueId, doc.UniqueId);
    expect((await ccgInfo(ccg.uniqueId)).StatusId).toBe(3);
    const again = await until(async () => {
      const c = await cardOf(pipe.id, ccg.uniqueId, 'ANALISE_CCG');
      return c?.stepId === stepNamed(pipe, 'Em análise').id ? c : undefined;
    }, 'the card back in Em análise');

    await t.data(navigateKanbanCard, {
      as: 'analista',
      params: { stepId: again.stepId },
      body: { cardId: again.id, stepToId: stepNamed(pipe, 'Aprovado').id },
    });
    const signed = await until(async () => {
      const i = await ccgInfo(ccg.uniqueId);
      return i.StatusId === 4 ? i : undefined;
    }, 'the CCG to be signed');
    expect(signed).toMatchObject({ StatusName: 'Assinado', SignedOrIgnored: true });
    expect(signed.DecidedByName).toBeTruthy();
    expect(signed.RequestDocuments[0]!.StatusName).toBe('Conforme');
    expect(await asInsurer(t, (ctx) => ccgSignedOrIgnored(ctx, holder.id))).toBe(true);
  });

  it('should mark a refused CCG 5 and re-open its closed card when the broker sends it again', async () => {
    const { holder, ccg, doc } = await ccgOfBrokerHolder('Tomador CCG Recusado Ltda.');
    await brokerSendsSignedCcg(holder.uniqueId, doc.UniqueId);
    const pipe = await cadastro();
    const card = await until(() => cardOf(pipe.id, ccg.uniqueId, 'ANALISE_CCG'), 'the CCG card');
    await t.data(navigateKanbanCard, {
      as: 'analista',
      params: { stepId: card.stepId },
      body: {
        cardId: card.id,
        stepToId: stepNamed(pipe, 'Recusado').id,
        justification: 'Assinatura divergente.',
      },
    });
    const refused = await until(async () => {
      const i = await ccgInfo(ccg.uniqueId);
      return i.StatusId === 5 ? i : undefined;
    }, 'the refusal');
    expect(refused).toMatchObject({
      StatusName: 'Alteração Reprovada',
      Justification: 'Assinatura divergente.',
    });
    await until(
      async () => ((await cardOf(pipe.id, ccg.uniqueId, 'ANALISE_CCG'))?.closed ? true : undefined),
      'closed',
    );

    await brokerSendsSignedCcg(holder.uniqueId, doc.UniqueId);
    expect((await ccgInfo(ccg.uniqueId)).StatusId).toBe(3);
    const reopened = await until(async () => {
      const c = await cardOf(pipe.id, ccg.uniqueId, 'ANALISE_CCG');
      return c && !c.closed ? c : undefined;
    }, 'the card to re-open');
    expect(reopened.stepId).toBe(stepNamed(pipe, 'Em análise').id);
  });

  it('should count the ignore-CCG-signature flag (permission 17) as signed', async () => {
    const holder = await createPolicyHolder(t, {
      name: 'Tomador CCG Dispensado Ltda.',
      ignoreCcgSignature: true,
    });
    expect(await asInsurer(t, (ctx) => ccgSignedOrIgnored(ctx, holder.id))).toBe(true);
  });

  it('should answer 403, 404 to another company and 400 to bad input', async () => {
    const { ccg } = await ccgOfBrokerHolder('Tomador CCG Acesso Ltda.');
    const query = { PolicyHolderCCGUniqueId: ccg.uniqueId };
    expect((await t.call(getCardPolicyHolderCCGInfo, { as: 'corretor', query })).status).toBe(403);
    expect(
      (await t.call(getCardPolicyHolderCCGInfo, { as: { user: 'analista', company: 325 }, query })).status,
    ).toBe(404);
    const body = { PolicyHolderCCGUniqueId: ccg.uniqueId, Observation: 'Ajustar.' };
    expect((await t.call(kanbanPolicyHolderCCGSendToBroker, { as: onlyViewer, body })).status).toBe(403);
    expect(
      (
        await t.call(kanbanPolicyHolderCCGSendToBroker, {
          as: 'analista',
          body: { ...body, Observation: '' },
        })
      ).status,
    ).toBe(400);
    expect(
      (await t.call(kanbanPolicyHolderCCGSendToBroker, { as: { user: 'analista', company: 325 }, body }))
        .status,
    ).toBe(404);
    // Waiting for the signature (2), it may go back to the broker (2 → 6), but only once.
    expect((await t.call(kanbanPolicyHolderCCGSendToBroker, { as: 'analista', body })).status).toBe(200);
    const twice = await t.call(kanbanPolicyHolderCCGSendToBroker, { as: 'analista', body });
    expect(twice.status).toBe(422);
    expect(twice.errors).toEqual(['O CCG já está no status "Aguardando Corretor".']);
  });
});

describe('broker documents on the registration card', () => {
  it('should ask for a document, review it, send the pending list to the broker and delete it', async () => {
    const pending = await createBroker(t, { name: 'Corretora Cartão Documentos Ltda.', approve: false });
    const asked = await t.data(kanbanBrokerRequestDocument, {
      as: 'analista',
      body: { BrokerUniqueId: pending.uniqueId, Name: 'Certidão negativa', IsRequired: true },
    });
    expect(asked).toMatchObject({
      Name: 'Certidão negativa',
      StatusName: 'Pendente',
      RequestDocumentTypeId: 5,
    });
    expect(
      await t.data(getRequestDocumentArchives, {
        as: 'analista',
        query: { RequestDocumentUniqueId: asked.UniqueId },
      }),
    ).toEqual([]);
    const noFile = await t.call(kanbanBrokerChangeStatusRequestDocument, {
      as: 'analista',
      body: { RequestDocumentUniqueId: asked.UniqueId, Approve: true },
    });
    expect(noFile.status).toBe(422);
    const rejected = await t.data(kanbanBrokerChangeStatusRequestDocument, {
      as: 'analista',
      body: { RequestDocumentUniqueId: asked.UniqueId, Approve: false, Justification: 'Vencida.' },
    });
    expect(rejected.StatusName).toBe('Reprovado');

    const sent = await t.data(kanbanBrokerRequestDocumentsSendToBroker, {
      as: 'analista',
      body: { BrokerUniqueId: pending.uniqueId, Observation: 'Envie a certidão atualizada.' },
    });
    expect(sent.map((d) => d.Name)).toContain('Certidão negativa');
    const [brokerRow] = await t.database.db
      .select()
      .from(brokers)
      .where(eq(brokers.uniqueId, pending.uniqueId));
    const [mail] = await queuedMailsTo(t, brokerRow!.email);
    expect(mail).toContain('- Certidão negativa: Reprovado (Vencida.)');
    expect(mail).toContain('Observação: Envie a certidão atualizada.');

    expect(
      await t.data(kanbanBrokerDeleteRequestDocument, {
        as: 'admin',
        body: { RequestDocumentUniqueId: asked.UniqueId },
      }),
    ).toBe(true);
  });

  it('should answer 403, 404 to another company and 400 to bad input', async () => {
    const pending = await createBroker(t, { name: 'Corretora Cartão Acesso Ltda.', approve: false });
    const body = { BrokerUniqueId: pending.uniqueId, Name: 'Alvará' };
    expect((await t.call(kanbanBrokerRequestDocument, { as: 'corretor', body })).status).toBe(403);
    expect(
      (await t.call(kanbanBrokerRequestDocument, { as: { user: 'analista', company: 325 }, body })).status,
    ).toBe(404);
    expect(
      (await t.call(kanbanBrokerRequestDocument, { as: 'analista', body: { ...body, Name: 'x' } })).errors,
    ).toEqual(['O nome do documento deve ter ao menos 3 caracteres.']);
    const doc = await t.data(kanbanBrokerRequestDocument, { as: 'analista', body });
    const ref = { RequestDocumentUniqueId: doc.UniqueId };
    expect((await t.call(getRequestDocumentArchives, { as: 'corretor', query: ref })).status).toBe(403);
    expect(
      (await t.call(getRequestDocumentArchives, { as: { user: 'analista', company: 325 }, query: ref }))
        .status,
    ).toBe(404);
    expect(
      (
        await t.call(kanbanBrokerChangeStatusRequestDocument, {
          as: { user: 'admin', company: 325 },
          body: { ...ref, Approve: false, Justification: 'x' },
        })
      ).status,
    ).toBe(404);
    expect(
      (await t.call(kanbanBrokerDeleteRequestDocument, { as: { user: 'admin', company: 325 }, body: ref }))
        .status,
    ).toBe(404);
    expect((await t.call(kanbanBrokerDeleteRequestDocument, { as: 'corretor', body: ref })).status).toBe(403);
    const nothing = await createBroker(t, { name: 'Corretora Sem Pendência Ltda.', approve: false });
    await t.database.db.execute(
      `update request_documents set deleted_at = now() where owner_type = 'broker' and owner_id = ${nothing.id}` as never,
    );
    const none = await t.call(kanbanBrokerRequestDocumentsSendToBroker, {
      as: 'analista',
      body: { BrokerUniqueId: nothing.uniqueId },
    });
    expect(none.status).toBe(422);
  });
});

describe('observations on cards (FollowUpSendObservation)', () => {
  it("should keep the observation with author and time and e-mail the card's other side", async () => {
    const holder = await createPolicyHolder(t, {
      name: 'Tomador Observação Ltda.',
      email: 'observacao@tomador.test',
    });
    const list = await t.data(followUpSendObservation, {
      as: 'analista',
      body: {
        CardType: 'RAMO_ATIVIDADE',
        CardRef: holder.uniqueId,
        Observation: 'Envie o cartão CNPJ atualizado.',
      },
    });
    expect(list).toHaveLength(1);
    expect(list[0]).toMatchObject({ Observation: 'Envie o cartão CNPJ atualizado.', FromInsurer: true });
    expect(list[0]!.CreatedByName).toBeTruthy();
    expect(list[0]!.CreatedAt).toMatch(/^\d{4}-\d{2}-\d{2}T/);
    const [mail] = await queuedMailsTo(t, 'observacao@tomador.test');
    expect(mail).toContain('Envie o cartão CNPJ atualizado.');
    expect(
      await t.data(getCardObservations, {
        as: 'analista',
        query: { CardType: 'RAMO_ATIVIDADE', CardRef: holder.uniqueId },
      }),
    ).toEqual(list);
  });

  it('should answer 404 to an unknown or other-company ref, 403 and 400', async () => {
    const holder = await createPolicyHolder(t, { name: 'Tomador Observação Acesso Ltda.' });
    const body = { CardType: 'RAMO_ATIVIDADE', CardRef: holder.uniqueId, Observation: 'Olá.' };
    expect((await t.call(followUpSendObservation, { as: 'corretor', body })).status).toBe(403);
    expect(
      (await t.call(followUpSendObservation, { as: { user: 'analista', company: 325 }, body })).status,
    ).toBe(404);
    expect(
      (
        await t.call(followUpSendObservation, {
          as: 'analista',
          body: { ...body, CardRef: '00000000-0000-4000-8000-000000000000' },
        })
      ).status,
    ).toBe(404);
    expect(
      (await t.call(followUpSendObservation, { as: 'analista', body: { ...body, CardType: 'X' } })).errors,
    ).toEqual(['Tipo de card inválido.']);
    expect(
      (await t.call(followUpSendObservation, { as: 'analista', body: { ...body, Observation: ' ' } })).status,
    ).toBe(400);
  });
});

describe('card assignee (kanban service)', () => {
  it('should let an analyst take and release a card, refusing another user, a stale version and no permission', async () => {
    const holder = await createPolicyHolder(t, { name: 'Tomador Responsável Ltda.', cnae: '4120400' });
    await asInsurer(t, (ctx) => requestBranchActivityAnalysis(ctx, holder.id));
    const pipe = await cadastro();
    const card = await until(() => cardOf(pipe.id, holder.uniqueId, 'RAMO_ATIVIDADE'), 'the card');
    const [analista] = await t.database.db
      .select({ id: users.id })
      .from(users)
      .where(and(eq(users.companyId, 54), eq(users.username, demoUser('analista', 54))));
    const taken = await t.data(assignKanbanCard, {
      as: 'analista',
      params: { id: card.id },
      body: { assigneeUserId: analista!.id, version: card.version },
    });
    expect(taken.assigneeUserId).toBe(analista!.id);
    const mine = await t.data(filterKanbanPipeSteps, {
      as: 'analista',
      params: { id: pipe.id },
      query: { assigneeUserId: analista!.id },
    });
    expect(mine.flatMap((s) => s.cards).map((c) => c.id)).toContain(card.id);
    const stale = await t.call(assignKanbanCard, {
      as: 'analista',
      params: { id: card.id },
      body: { assigneeUserId: null, version: card.version },
    });
    expect(stale.status).toBe(409);
    const other = await t.call(assignKanbanCard, {
      as: 'analista',
      params: { id: card.id },
      body: { assigneeUserId: analista!.id + 1000 },
    });
    expect(other.status).toBe(422);
    expect(
      (
        await t.call(assignKanbanCard, {
          as: onlyViewer,
          params: { id: card.id },
          body: { assigneeUserId: null },
        })
      ).status,
    ).toBe(403);
    expect(
      (
        await t.call(assignKanbanCard, {
          as: { user: 'analista', company: 325 },
          params: { id: card.id },
          body: { assigneeUserId: null },
        })
      ).status,
    ).toBe(404);
    const released = await t.data(assignKanbanCard, {
      as: 'analista',
      params: { id: card.id },
      body: { assigneeUserId: null, version: taken.version },
    });
    expect(released.assigneeUserId).toBeNull();
    expect(
      (
        await t.call(getKanbanCardHistory, {
          as: { user: 'analista', company: 325 },
          params: { id: card.id },
        })
      ).status,
    ).toBe(404);
  });
});

describe('names on cards', () => {
  it("should give the names of the company's users a card shows, and nothing of another company's", async () => {
    const people = await t.database.db
      .select({ id: users.id, username: users.username, companyId: users.companyId })
      .from(users)
      .where(
        inArray(users.username, [demoUser('analista', 54), demoUser('admin', 54), demoUser('admin', 325)]),
      );
    const id = (username: string) => people.find((u) => u.username === username)!.id;
    const own = [id(demoUser('analista', 54)), id(demoUser('admin', 54))];
    const foreign = id(demoUser('admin', 325));
    const names = await t.data(getCardUserNames, {
      as: 'analista',
      query: { UserIds: [...own, foreign, 999999].join(',') },
    });
    expect(names.map((n) => n.Id).sort((a, b) => a - b)).toEqual([...own].sort((a, b) => a - b));
    expect(names.find((n) => n.Id === id(demoUser('analista', 54)))!.Name).toBe('Rafael Moreira');
    expect(
      (await t.call(getCardUserNames, { as: 'corretor', query: { UserIds: String(own[0]) } })).status,
    ).toBe(403);
    expect((await t.call(getCardUserNames, { as: 'analista', query: { UserIds: '1;2' } })).status).toBe(400);
  });
});

describe('demo cards of the cadastro pipe', () => {
  it('should seed CCG cards that open their CCG and a branch activity card with a pending analysis', async () => {
    const pipe = await cadastro();
    const steps = await t.data(filterKanbanPipeSteps, { as: 'analista', params: { id: pipe.id } });
    const cards = steps.flatMap((s) => s.cards);
    const ccgCards = cards.filter(
      (c) => c.cardType.startsWith('ANALISE_CCG') && !c.cardData?.header?.startsWith('Tomador CCG'),
    );
    expect(ccgCards.map((c) => c.cardType).sort()).toEqual(['ANALISE_CCG', 'ANALISE_CCG_MANUAL']);
    expect(ccgCards.some((c) => c.sla === 'late')).toBe(true);
    for (const c of ccgCards) {
      const info = await ccgInfo(c.cardRef);
      expect(info).toMatchObject({ StatusId: 3, Manual: c.cardType === 'ANALISE_CCG_MANUAL' });
      expect(info.PolicyHolder.Name).toBe(c.cardData?.header);
      expect(info.Signatories).toHaveLength(3);
    }
    const branch = cards.find(
      (c) => c.cardType === 'RAMO_ATIVIDADE' && !c.cardData?.header?.startsWith('Tomador'),
    );
    const info = await t.data(getCardBranchActivityInfo, {
      as: 'analista',
      query: { PolicyHolderUniqueId: branch!.cardRef },
    });
    expect(info.StatusName).toBe('Pendente');
  });
});
