import {
  getCardBrokerInfo,
  getCardPolicyHolderNomeationRequestInfo,
  getCurrentBroker,
  getPolicyHoldersNominatedByBrokerUniqueId,
  importPepList,
  KANBAN_CARDS_QUEUE,
  type KanbanCard,
  navigateKanbanCard,
  registerPolicyHolderNomeationRequest,
  searchPolicyHoldersRelatedToCurrentUserLogged,
} from '@aval/contracts';
import { generateCnpj } from '@aval/domain';
import { describe, expect, it } from 'vitest';
import { brokerRegistration, createPolicyHolder } from '../../test/factories.js';
import {
  admin,
  asInsurer,
  get,
  type Json,
  mailsTo,
  ok,
  post,
  search,
  smtp,
  t,
  useBrokersFixture,
} from '../../test/fixtures/brokers.js';
import { companyKeyOf, passwordGrant } from '../../test/harness.js';
import { findCard, pipeByToken, searchCards } from '../../test/kanban.js';
import { mailText } from '../../test/smtp.js';
import { until } from '../../test/wait.js';
import { openCard } from './kanban.service.js';

/**
 * The queue round trip: a business change of the API (a brokerage registers) opens its card
 * through the durable card queue; a move into an approve or refuse step sends the decision back
 * through the decision queue; the owner applies it (state, history, e-mails) and closes the card.
 */
useBrokersFixture();

const pub = { companykey: companyKeyOf(54) };

/** The card commands queued for `cardRef` (worked or not). */
const cardCommandsOf = (cardRef: string) =>
  t.platform.jobs.boss.findJobs(KANBAN_CARDS_QUEUE, { data: { cardRef } });

/** Registers a brokerage through /iniciar-cadastro and /completar-cadastro; its UniqueId. */
const registerBrokerage = async (name: string, adminEmail: string, adminCpf?: string) => {
  const cnpj = generateCnpj({ masked: true });
  await ok(
    await get(
      `/api/Broker/ValidateBrokerRegistrationRequest?Cnpj=${encodeURIComponent(cnpj)}&Email=${adminEmail}`,
      pub,
    ),
  );
  const mail = mailText((await smtp.waitForMail(adminEmail)).raw);
  const token = mail.match(/\?token=([A-Za-z0-9_-]{43})/)![1]!;
  const form = brokerRegistration(cnpj, token, adminEmail);
  if (adminCpf) form.ResponsiblePersons[0]!.Cpf = adminCpf;
  const inserted = await ok(await post('/api/Broker/InsertBroker', { ...form, Name: name }, pub));
  return { uniqueId: inserted.BrokerUniqueId as string, cnpj };
};

const cadastroPipe = () => pipeByToken(t, 'cadastro');
const cardOf = (pipeId: number, ref: string, cardType?: string) => findCard(t, pipeId, ref, { cardType });

const DOC = 'ANALISE_DOCUMENTACAO_CORRETORA';

/** Moves a card into its pipe's approve or refuse step, as the analyst. */
const decide = (card: KanbanCard, step: { id: number }, justification?: string) =>
  t.data(navigateKanbanCard, {
    as: 'analista',
    params: { stepId: card.stepId },
    body: { cardId: card.id, stepToId: step.id, version: card.version, justification },
  });

const brokerByUniqueId = async (uniqueId: string) => {
  for (const status of ['pending', 'active', 'inactive']) {
    const found = (await search(`Status=${status}`)).Data.find((b: Json) => b.UniqueId === uniqueId);
    if (found) return found;
  }
  return undefined;
};

describe('broker onboarding cards', () => {
  it('should open the documentation and compliance cards and activate the brokerage only when both are approved on the board', async () => {
    const { uniqueId, cnpj } = await registerBrokerage(
      'Ômega Corretora de Seguros Ltda.',
      'ana@omega.com.br',
    );
    const pipe = await cadastroPipe();
    const card = await until(() => cardOf(pipe.id, uniqueId, DOC), 'the documentation card');
    expect(card).toMatchObject({
      cardType: 'ANALISE_DOCUMENTACAO_CORRETORA',
      cardData: { header: 'Ômega Corretora de Seguros Ltda.', body: `CNPJ ${cnpj} · SUSEP 202612345` },
      cpfCnpj: cnpj.replace(/\D/g, ''),
      stepId: pipe.steps[0]!.id,
      closed: false,
    });
    expect(card.cardData?.footer).toMatch(/^Cadastro enviado em \d{2}\/\d{2}\/\d{4}$/);
    const compliance = await until(
      () => cardOf(pipe.id, uniqueId, 'ANALISE_CONFORMIDADE_CORRETORA'),
      'the compliance card',
    );
    expect(compliance).toMatchObject({ stepId: pipe.steps[0]!.id, closed: false });
    expect(compliance.cardData?.header).toBe('Ômega Corretora de Seguros Ltda.');
    // No responsible person is on the PEP list: no CORRETORA_PEP card.
    const pepPipe = await pipeByToken(t, 'pep');
    expect(await cardOf(pepPipe.id, uniqueId, 'CORRETORA_PEP')).toBeUndefined();

    const approve = pipe.steps.find((s) => s.kind === 'approve')!;
    const moved = await decide(card, approve);
    expect(moved.stepId).toBe(approve.id);
    await until(
      async () => ((await cardOf(pipe.id, uniqueId, DOC))?.closed ? true : undefined),
      'the documentation card to be closed',
    );
    // Documentation alone does not activate the brokerage, nor e-mail its administrator.
    const half = (await brokerByUniqueId(uniqueId))!;
    expect(half).toMatchObject({ WaitingValidation: true, HasPendingComplianceValidation: true });
    expect(await mailsTo('ana@omega.com.br', 2)).toHaveLength(2);

    await decide(compliance, approve, 'Responsáveis sem restrições');
    const activated = await until(async () => {
      const b = await brokerByUniqueId(uniqueId);
      return b && !b.WaitingValidation ? b : undefined;
    }, 'the brokerage to be approved');
    expect(activated).toMatchObject({ StatusKey: 'active', HasPendingComplianceValidation: false });
    const closed = await until(async () => {
      const c = await cardOf(pipe.id, uniqueId, 'ANALISE_CONFORMIDADE_CORRETORA');
      return c?.closed ? c : undefined;
    }, 'the compliance card to be closed');
    expect(closed.stepId).toBe(approve.id);
    const history = await ok(await get(`/api/BrokerChangeHistory/Get?brokerId=${activated.Id}`, admin));
    expect(history.Data.map((h: Json) => h.NewValue)).toEqual(
      expect.arrayContaining([
        'Documentação aprovada',
        'Conformidade aprovada — Responsáveis sem restrições',
        'Aprovado',
      ]),
    );

    const firstAccess = (await mailsTo('ana@omega.com.br', 3))[2]!;
    const accessToken = firstAccess.match(/\/primeiro-acesso\/([A-Za-z0-9_-]{43})/)![1]!;
    const set = await post(
      '/api/Security/ChangeUserInfoPassword',
      { UniqueId: accessToken, Password: 'Omega#Senha9', ConfirmPassword: 'Omega#Senha9' },
      pub,
    );
    expect(set.json()).toEqual({ Response: true });
    expect((await passwordGrant(t, 'ana@omega.com.br', 'Omega#Senha9')).statusCode).toBe(200);

    // A closed card stays in its step and can no longer be moved.
    const again = await t.call(navigateKanbanCard, {
      as: 'analista',
      params: { stepId: approve.id },
      body: { cardId: card.id, stepToId: pipe.steps[0]!.id },
    });
    expect(again.status).toBe(422);
  });

  it('should refuse the brokerage with the justification given on the board', async () => {
    const { uniqueId } = await registerBrokerage('Sigma Corretora Ltda.', 'bia@sigma.com.br');
    const pipe = await cadastroPipe();
    const card = await until(() => cardOf(pipe.id, uniqueId, DOC), 'the registration card');
    const refuse = pipe.steps.find((s) => s.kind === 'refuse')!;
    await decide(card, refuse, 'Contrato social divergente');
    const refused = await until(async () => {
      const b = await brokerByUniqueId(uniqueId);
      return b && b.StatusKey === 'inactive' ? b : undefined;
    }, 'the brokerage to be refused');
    const history = await ok(await get(`/api/BrokerChangeHistory/Get?brokerId=${refused.Id}`, admin));
    expect(history.Data.map((h: Json) => h.NewValue)).toContain(
      'Reprovado na análise de Documentação — Contrato social divergente',
    );
    // Both registration cards are closed, in Recusado: the compliance card too, though it was decided
    // on the other card (a decided card never stays closed in the step where it waited).
    await until(
      async () =>
        (await cardOf(pipe.id, uniqueId, DOC))?.closed &&
        (await cardOf(pipe.id, uniqueId, 'ANALISE_CONFORMIDADE_CORRETORA'))?.closed
          ? true
          : undefined,
      'the cards to be closed',
    );
    expect((await cardOf(pipe.id, uniqueId, 'ANALISE_CONFORMIDADE_CORRETORA'))!.stepId).toBe(refuse.id);
    expect((await cardOf(pipe.id, uniqueId, DOC))!.stepId).toBe(refuse.id);
  });

  it('should refuse the registration with the reason when its compliance card is refused, without e-mailing first access', async () => {
    const { uniqueId } = await registerBrokerage('Teta Corretora Ltda.', 'teo@teta.com.br');
    const pipe = await cadastroPipe();
    const card = await until(() => cardOf(pipe.id, uniqueId, DOC), 'the documentation card');
    const approve = pipe.steps.find((s) => s.kind === 'approve')!;
    const refuse = pipe.steps.find((s) => s.kind === 'refuse')!;
    await decide(card, approve);
    const compliance = await until(
      () => cardOf(pipe.id, uniqueId, 'ANALISE_CONFORMIDADE_CORRETORA'),
      'the compliance card',
    );
    await decide(compliance, refuse, 'Sócio com restrição em PLD/FT');
    const refused = await until(async () => {
      const b = await brokerByUniqueId(uniqueId);
      return b && b.StatusKey === 'inactive' ? b : undefined;
    }, 'the brokerage to be refused');
    expect(refused.WaitingValidation).toBe(true);
    const history = await ok(await get(`/api/BrokerChangeHistory/Get?brokerId=${refused.Id}`, admin));
    expect(history.Data.map((h: Json) => h.NewValue)).toContain(
      'Reprovado na análise de Conformidade — Sócio com restrição em PLD/FT',
    );
    expect(await mailsTo('teo@teta.com.br', 2)).toHaveLength(2);
    expect((await passwordGrant(t, 'teo@teta.com.br', 'Qualquer#Senha1')).statusCode).not.toBe(200);
  });

  it("should open CORRETORA_PEP when a responsible person is on the insurer's PEP list", async () => {
    const csv = [
      'CPF;Nome_PEP;Sigla_Função;Descrição_Função;Nível_Função;Nome_Órgão;Data_Início_Exercício;Data_Fim_Exercício;Data_Fim_Carência',
      '***.765.432-**;Administradora de Teste;VER;VEREADORA;;CAMARA MUNICIPAL DE TESTE;01/01/2021;;',
    ].join('\n');
    await t.data(importPepList, { as: 'admin', body: { Csv: csv } });
    const { uniqueId } = await registerBrokerage(
      'Kappa Corretora Ltda.',
      'kim@kappa.com.br',
      '109.765.432-06',
    );
    const pepPipe = await pipeByToken(t, 'pep');
    const pepCard = await until(() => cardOf(pepPipe.id, uniqueId, 'CORRETORA_PEP'), 'the PEP card');
    expect(pepCard).toMatchObject({
      closed: false,
      cardData: {
        header: 'Kappa Corretora Ltda.',
        footer: 'Responsável na lista de PEP: Administradora de Teste (VEREADORA)',
      },
    });
    const pipe = await cadastroPipe();
    const compliance = await until(
      () => cardOf(pipe.id, uniqueId, 'ANALISE_CONFORMIDADE_CORRETORA'),
      'the compliance card',
    );
    expect(compliance.cardData?.footer).toMatch(/Responsável na lista de PEP: Administradora de Teste/);
    const broker = (await brokerByUniqueId(uniqueId))!;
    const history = await ok(await get(`/api/BrokerChangeHistory/Get?brokerId=${broker.Id}`, admin));
    expect(history.Data.map((h: Json) => h.NewValue)).toContain(
      'Responsável na lista de PEP: Administradora de Teste (VEREADORA)',
    );

    // Refusing the PEP card refuses the pending registration with the reason.
    const refuse = pepPipe.steps.find((s) => s.kind === 'refuse')!;
    await decide(pepCard, refuse, 'Exposição política não aceita');
    const refused = await until(async () => {
      const b = await brokerByUniqueId(uniqueId);
      return b && b.StatusKey === 'inactive' ? b : undefined;
    }, 'the brokerage to be refused');
    const after = await ok(await get(`/api/BrokerChangeHistory/Get?brokerId=${refused.Id}`, admin));
    expect(after.Data.map((h: Json) => h.NewValue)).toContain(
      'Reprovado na análise de PEP — Exposição política não aceita',
    );
  });

  it('should open one card per card type and ref however many times the owner asks', async () => {
    const ref = crypto.randomUUID();
    const card = {
      cardType: 'RAMO_ATIVIDADE' as const,
      cardRef: ref,
      cardData: { header: 'Tomador Repetido', body: '' },
    };
    await asInsurer((ctx) => openCard(ctx, card));
    await asInsurer((ctx) => openCard(ctx, card));
    const pipe = await cadastroPipe();
    await until(() => cardOf(pipe.id, ref), 'the card');
    // Every command the two asks queued has been worked: a second card would be there by now.
    await until(async () => {
      const jobs = await cardCommandsOf(ref);
      return jobs.length > 0 && jobs.every((j) => j.state === 'completed');
    }, 'the card commands to be worked');
    expect(await searchCards(t, pipe.id, ref)).toHaveLength(1);
  });

  it('should not enqueue a card when the business change rolls back', async () => {
    const ref = crypto.randomUUID();
    await expect(
      asInsurer(async (ctx) => {
        await openCard(ctx, {
          cardType: 'RAMO_ATIVIDADE',
          cardRef: ref,
          cardData: { header: 'Desfeito', body: '' },
        });
        throw new Error('rollback');
      }),
    ).rejects.toThrow('rollback');
    // The command went with the transaction: nothing queued, so no card will ever come.
    expect(await cardCommandsOf(ref)).toEqual([]);
    const pipe = await cadastroPipe();
    expect(await cardOf(pipe.id, ref)).toBeUndefined();
  });
});

describe('GET /api/kanban/GetCardBrokerInfo', () => {
  it('should give the brokerage of a registration card to who may view pipes', async () => {
    const { uniqueId, cnpj } = await registerBrokerage('Delta Corretora Ltda.', 'duda@delta.com.br');
    const info = await t.data(getCardBrokerInfo, { as: 'analista', query: { BrokerUniqueId: uniqueId } });
    expect(info).toMatchObject({ Name: 'Delta Corretora Ltda.', CpfCnpj: cnpj, WaitingValidation: true });
    expect(info.ResponsiblePersons).toHaveLength(2);
  });

  it('should refuse a broker, a user without permission 1, another company and a bad id', async () => {
    const { uniqueId } = await registerBrokerage('Épsilon Corretora Ltda.', 'eva@epsilon.com.br');
    const query = { BrokerUniqueId: uniqueId };
    expect((await t.call(getCardBrokerInfo, { as: 'corretor', query })).status).toBe(403);
    expect((await t.call(getCardBrokerInfo, { as: { cid: 54, utp: 1, prm: [22] }, query })).status).toBe(403);
    const other = await t.call(getCardBrokerInfo, { as: { user: 'analista', company: 325 }, query });
    expect(other.status).toBe(404);
    const bad = await t.call(getCardBrokerInfo, { as: 'analista', query: { BrokerUniqueId: 'x' } });
    expect(bad.status).toBe(400);
    expect(bad.errors).toEqual(['Corretora inválida.']);
  });
});

describe('policy holder nomination card', () => {
  const nominationsOf = async (brokerUniqueId: string) =>
    t.data(getPolicyHoldersNominatedByBrokerUniqueId, { as: 'admin', query: { brokerUniqueId } });
  const nominationPipe = () => pipeByToken(t, 'nomeacao');

  it("should open the nomination card and, approved on the board, put the policy holder in the broker's lists", async () => {
    const holder = await createPolicyHolder(t, { name: 'Tomador Nomeado Ltda.' });
    const broker = await t.data(getCurrentBroker, { as: 'corretor' });
    const requested = await t.data(registerPolicyHolderNomeationRequest, {
      as: 'corretor',
      body: { PolicyHolderUniqueId: holder.uniqueId, Justification: 'Cliente antigo da corretora.' },
    });
    const pipe = await nominationPipe();
    const card = await until(() => cardOf(pipe.id, requested.UniqueId), 'the nomination card');
    expect(card).toMatchObject({
      cardType: 'NOMEACAO_TOMADOR',
      cardData: { header: 'Tomador Nomeado Ltda.', footer: 'Cliente antigo da corretora.' },
      cpfCnpj: holder.document,
    });
    expect(card.cardData?.body).toContain(broker.Name);
    const before = await t.data(searchPolicyHoldersRelatedToCurrentUserLogged, {
      as: 'corretor',
      query: { policyHolderName: 'Tomador Nomeado' },
    });
    expect(before.Data).toHaveLength(0);

    await t.data(navigateKanbanCard, {
      as: 'analista',
      params: { stepId: card.stepId },
      body: { cardId: card.id, stepToId: pipe.steps.find((s) => s.kind === 'approve')!.id },
    });
    await until(async () => {
      const n = (await nominationsOf(broker.UniqueId)).find((x) => x.UniqueId === requested.UniqueId);
      return n?.StatusName === 'Aprovada' ? n : undefined;
    }, 'the nomination to be approved');
    const after = await t.data(searchPolicyHoldersRelatedToCurrentUserLogged, {
      as: 'corretor',
      query: { policyHolderName: 'Tomador Nomeado' },
    });
    expect(after.Data.map((h) => h.Name)).toEqual(['Tomador Nomeado Ltda.']);
    await until(
      async () => ((await cardOf(pipe.id, requested.UniqueId))?.closed ? true : undefined),
      'the card to be closed',
    );
  });

  it('should refuse the nomination when the card goes to the refusal step', async () => {
    const holder = await createPolicyHolder(t, { name: 'Tomador Recusado Ltda.' });
    const broker = await t.data(getCurrentBroker, { as: 'corretor' });
    const requested = await t.data(registerPolicyHolderNomeationRequest, {
      as: 'corretor',
      body: { PolicyHolderUniqueId: holder.uniqueId },
    });
    const pipe = await nominationPipe();
    const card = await until(() => cardOf(pipe.id, requested.UniqueId), 'the nomination card');
    expect(card.cardData?.footer).toBeNull();
    await t.data(navigateKanbanCard, {
      as: 'analista',
      params: { stepId: card.stepId },
      body: {
        cardId: card.id,
        stepToId: pipe.steps.find((s) => s.kind === 'refuse')!.id,
        justification: 'Sem carta de nomeação.',
      },
    });
    await until(async () => {
      const n = (await nominationsOf(broker.UniqueId)).find((x) => x.UniqueId === requested.UniqueId);
      return n?.StatusName === 'Recusada' ? n : undefined;
    }, 'the nomination to be refused');
  });

  it('should give the nomination of a card to who may view pipes (GetCardPolicyHolderNomeationRequestInfo)', async () => {
    const holder = await createPolicyHolder(t, { name: 'Tomador Consultado Ltda.' });
    const broker = await t.data(getCurrentBroker, { as: 'corretor' });
    const requested = await t.data(registerPolicyHolderNomeationRequest, {
      as: 'corretor',
      body: { PolicyHolderUniqueId: holder.uniqueId, Justification: 'Carta anexada.' },
    });
    const query = { PolicyHolderNomeationRequestId: requested.UniqueId };
    const info = await t.data(getCardPolicyHolderNomeationRequestInfo, { as: 'analista', query });
    expect(info).toMatchObject({
      PolicyHolderName: 'Tomador Consultado Ltda.',
      StatusName: 'Pendente',
      Justification: 'Carta anexada.',
      BrokerName: broker.Name,
      BrokerUniqueId: broker.UniqueId,
    });
    const byId = await t.data(getCardPolicyHolderNomeationRequestInfo, {
      as: 'analista',
      query: { PolicyHolderNomeationRequestId: String(requested.Id) },
    });
    expect(byId.UniqueId).toBe(requested.UniqueId);
    expect((await t.call(getCardPolicyHolderNomeationRequestInfo, { as: 'corretor', query })).status).toBe(
      403,
    );
    const other = await t.call(getCardPolicyHolderNomeationRequestInfo, {
      as: { user: 'analista', company: 325 },
      query,
    });
    expect(other.status).toBe(404);
    const bad = await t.call(getCardPolicyHolderNomeationRequestInfo, {
      as: 'analista',
      query: { PolicyHolderNomeationRequestId: 'x' },
    });
    expect(bad.errors).toEqual(['Solicitação de nomeação inválida.']);
  });
});
