import { randomUUID } from 'node:crypto';
import {
  filterKanbanPipeSteps,
  filterKanbanPipeStepsByDocument,
  getKanbanPipe,
  getKanbanPipeStats,
  type KanbanCardCommand,
  listKanbanPipes,
  navigateKanbanCard,
  skipKanbanStepCards,
} from '@aval/contracts';
import { Permission as P, UserType } from '@aval/domain';
import {
  applyCardCommand,
  boardEvents,
  buildKanbanServer,
  cardMoves,
  cards,
  KANBAN_WORKED_QUEUES,
  kanbanCardsWorker,
  kanbanDecisionsOutbound,
  kanbanPruneEventsQueue,
  pipes,
  pruneBoardEvents,
} from '@aval/kanban';
import type { JobLog } from '@aval/transport/jobs';
import { createServiceMetrics } from '@aval/transport/metrics';
import { trustProxyOf } from '@aval/transport/proxy';
import { eq, sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/node-postgres';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { withTenant } from '../db/client.js';
import { authHeaders, companyKeyOf, createTestApp, signIn, type TestApp } from '../test/harness.js';

/**
 * The kanban service's six calls on the shared transport (CompanyKey, bearer, permission 1 to view,
 * the pipe's management permission to move, the company's RLS transaction, `{ success, data }`),
 * mounted in the API process and run on its own against the API's public calls.
 */
let t: TestApp;
let companyLookups = 0;
const url = listKanbanPipes.path;
const viewer = { cid: 54, utp: UserType.INSURANCE, prm: [P.VISUALIZAR_ESTEIRAS] };
const cadastroManager = { ...viewer, sub: '7', prm: [P.VISUALIZAR_ESTEIRAS, P.GERENCIAR_ESTEIRA_CADASTRO] };
const creditManager = { ...viewer, prm: [P.VISUALIZAR_ESTEIRAS, P.GERENCIAR_ESTEIRA_CREDITO] };

const open = async (command: Partial<KanbanCardCommand> & { header?: string }) => {
  const { header, ...rest } = command;
  const result = await applyCardCommand(t.database.db, {
    companyId: 54,
    action: 'open',
    cardType: 'ANALISE_DOCUMENTACAO_CORRETORA',
    cardRef: randomUUID(),
    cardData: header ? { header, body: 'Corpo do card', footer: null } : undefined,
    ...rest,
  });
  return result.cardId!;
};

const hoursAgo = (h: number) => new Date(Date.now() - h * 3_600_000).toISOString();

let cadastro: { id: number; steps: { id: number; name: string; kind: string }[] };
let credito: { id: number; steps: { id: number; name: string }[] };
const stepOf = (name: string) => cadastro.steps.find((s) => s.name === name)!.id;

beforeAll(async () => {
  t = await createTestApp({
    extend: (app) =>
      app.addHook('onRequest', async (request) => {
        if (request.url.startsWith('/api/Application/GetCompany')) companyLookups++;
      }),
  });
  const list = await t.data(listKanbanPipes, { as: viewer });
  cadastro = await t.data(getKanbanPipe, { as: viewer, params: { id: list[0]!.id } });
  credito = await t.data(getKanbanPipe, { as: viewer, params: { id: list[1]!.id } });
});

/** The board every test starts from (tests may open and move cards: none depends on another). */
const resetBoard = async () => {
  // The demo seed's cards are not this file's: counts below are of the cards it opens.
  await t.database.db.delete(boardEvents);
  await t.database.db.delete(cardMoves);
  await t.database.db.delete(cards);
  await open({
    header: 'Corretora Atrasada Ltda',
    stepName: 'Em análise',
    enteredStepAt: hoursAgo(100),
    cpfCnpj: '11.222.333/0001-81',
  });
  await open({ header: 'Corretora Nova Ltda', cpfCnpj: '12345678909' });
  await open({ header: 'Sem documento' });
  await open({ cardType: 'REQUEST_LIMIT', header: 'Tomador Limite S.A.' });
  await applyCardCommand(t.database.db, {
    companyId: 325,
    action: 'open',
    cardType: 'ANALISE_DOCUMENTACAO_CORRETORA',
    cardRef: randomUUID(),
    cardData: { header: 'Corretora de outra seguradora', body: '' },
  });
};
beforeEach(resetBoard);

afterAll(() => t.close());

describe('GET pipes', () => {
  it('should list the seven pipes of the company in order with tokens, permissions and counts when the user may view pipes', async () => {
    const res = await t.call(listKanbanPipes, { as: 'analista' });
    expect(res.status).toBe(200);
    expect(res.body.success).toBe(true);
    const list = res.data;
    expect(list.map((p) => p.token)).toEqual([
      'cadastro',
      'credito',
      'nomeacao',
      'pep',
      'resseguro',
      'subscricao',
      'inspecao',
    ]);
    expect(list.map((p) => p.permissionId)).toEqual([34, 35, 36, 37, 38, 39, 40]);
    expect(list[0]).toMatchObject({ name: 'Cadastro', cardCount: 3, lateCount: 1 });
    expect(list[1]).toMatchObject({ name: 'Crédito', cardCount: 1, lateCount: 0 });
  });

  it('should refuse with 401 a call without a token or with an invalid one, in the spec shape', async () => {
    const noToken = await t.app.inject({ method: 'GET', url, headers: { companykey: companyKeyOf(54) } });
    expect(noToken.statusCode).toBe(401);
    expect(noToken.json()).toEqual({
      success: false,
      message: 'Autenticação necessária.',
      Errors: ['Autenticação necessária.'],
    });
    const bad = await t.app.inject({
      method: 'GET',
      url,
      headers: { companykey: companyKeyOf(54), authorization: 'Bearer not-a-token' },
    });
    expect(bad.statusCode).toBe(401);
  });

  it('should refuse with 403 a user without permission 1 or of another user type', async () => {
    const noPermission = await t.call(listKanbanPipes, { as: { ...viewer, prm: [2, 34] } });
    expect(noPermission.status).toBe(403);
    const broker = await t.call(listKanbanPipes, { as: 'corretor' });
    expect(broker.status).toBe(403);
    expect(broker.errors).toEqual(['Este recurso não está disponível para o seu tipo de usuário.']);
  });

  it('should refuse a missing or unknown CompanyKey and a token of another company', async () => {
    const { headers } = await signIn(t, 'analista');
    const { companykey: _key, ...withoutKey } = headers;
    expect((await t.app.inject({ method: 'GET', url, headers: withoutKey })).statusCode).toBe(400);
    const unknown = { ...headers, companykey: 'ck-nope' };
    expect((await t.app.inject({ method: 'GET', url, headers: unknown })).statusCode).toBe(401);
    const other = { ...headers, companykey: companyKeyOf(325) };
    expect((await t.app.inject({ method: 'GET', url, headers: other })).statusCode).toBe(403);
  });

  it('should show another company only its own cards', async () => {
    const list = await t.data(listKanbanPipes, { as: { ...viewer, cid: 325 } });
    expect(list[0]).toMatchObject({ token: 'cadastro', cardCount: 1 });
  });

  it('should hide other companies rows through RLS even without the company filter', async () => {
    const all = await withTenant(t.database.db, 325, (tx) => tx.select().from(pipes));
    expect(new Set(all.map((p) => p.companyId))).toEqual(new Set([325]));
    const theirCards = await withTenant(t.database.db, 325, (tx) => tx.select().from(cards));
    expect(theirCards.map((c) => c.cardData?.header)).toEqual(['Corretora de outra seguradora']);
  });
});

describe('GET pipes/{id}', () => {
  it('should give the steps in order with kind, SLA, WIP limit and counts', async () => {
    const pipe = await t.data(getKanbanPipe, { as: viewer, params: { id: cadastro.id } });
    expect(pipe).toMatchObject({ token: 'cadastro', cardCount: 3, lateCount: 1 });
    expect(pipe.steps.map((s) => [s.name, s.kind])).toEqual([
      ['Novos', 'work'],
      ['Em análise', 'work'],
      ['Aguardando corretor', 'work'],
      ['Aprovado', 'approve'],
      ['Recusado', 'refuse'],
    ]);
    expect(pipe.steps[1]).toMatchObject({ slaHours: 48, wipLimit: 10, cardCount: 1, lateCount: 1 });
    expect(pipe.steps[0]).toMatchObject({ cardCount: 2 });
  });

  it('should answer 404 for a pipe of another company and 400 for a bad id', async () => {
    const other = await t.call(getKanbanPipe, { as: { ...viewer, cid: 325 }, params: { id: cadastro.id } });
    expect(other.status).toBe(404);
    expect(other.body).toMatchObject({ success: false, message: 'Esteira não encontrada.' });
    const bad = await t.call(getKanbanPipe, { as: viewer, params: { id: 'abc' as unknown as number } });
    expect(bad.status).toBe(400);
    expect(bad.body).toMatchObject({ success: false });
  });

  it('should refuse with 403 a user without permission 1', async () => {
    const res = await t.call(getKanbanPipe, { as: { ...viewer, prm: [34] }, params: { id: cadastro.id } });
    expect(res.status).toBe(403);
  });
});

describe('GET pipes/{id}/steps/filter', () => {
  it('should give every step with its first page of cards, oldest first, and the SLA state', async () => {
    const steps = await t.data(filterKanbanPipeSteps, { as: viewer, params: { id: cadastro.id } });
    expect(steps).toHaveLength(5);
    const late = steps[1]!.cards[0]!;
    expect(late).toMatchObject({
      cardType: 'ANALISE_DOCUMENTACAO_CORRETORA',
      cardData: { header: 'Corretora Atrasada Ltda' },
      cpfCnpj: '11222333000181',
      sla: 'late',
      version: 1,
      closed: false,
    });
    expect(steps[0]!.cards.map((c) => c.cardData?.header)).toEqual(['Corretora Nova Ltda', 'Sem documento']);
    expect(steps[0]!.cards[0]!.sla).toBe('ok');
  });

  it('should filter by text, by a masked CPF/CNPJ in the text and by card type', async () => {
    const byText = await t.data(filterKanbanPipeSteps, {
      as: viewer,
      params: { id: cadastro.id },
      query: { filterCardsValues: 'atrasada' },
    });
    expect(byText.flatMap((s) => s.cards).map((c) => c.cardData?.header)).toEqual([
      'Corretora Atrasada Ltda',
    ]);
    expect(byText[0]!.cardCount).toBe(0);
    const byCpf = await t.data(filterKanbanPipeSteps, {
      as: viewer,
      params: { id: cadastro.id },
      query: { filterCardsValues: '123.456.789-09' },
    });
    expect(byCpf.flatMap((s) => s.cards).map((c) => c.cardData?.header)).toEqual(['Corretora Nova Ltda']);
    const byType = await t.data(filterKanbanPipeSteps, {
      as: viewer,
      params: { id: credito.id },
      query: { cardType: 'REQUEST_LIMIT' },
    });
    expect(byType.flatMap((s) => s.cards)).toHaveLength(1);
    const percent = await t.data(filterKanbanPipeSteps, {
      as: viewer,
      params: { id: cadastro.id },
      query: { filterCardsValues: '%' },
    });
    expect(percent.flatMap((s) => s.cards)).toHaveLength(0);
  });

  it('should refuse a bad card type, another company pipe and a user without permission 1', async () => {
    const bad = await t.call(filterKanbanPipeSteps, {
      as: viewer,
      params: { id: cadastro.id },
      query: { cardType: 'NOPE' as 'REQUEST_LIMIT' },
    });
    expect(bad.status).toBe(400);
    expect(bad.body).toMatchObject({ success: false, message: 'Tipo de card inválido.' });
    const other = await t.call(filterKanbanPipeSteps, {
      as: { ...viewer, cid: 325 },
      params: { id: cadastro.id },
    });
    expect(other.status).toBe(404);
    const denied = await t.call(filterKanbanPipeSteps, {
      as: { ...viewer, prm: [] },
      params: { id: cadastro.id },
    });
    expect(denied.status).toBe(403);
  });
});

describe('GET pipes/{id}/steps/{stepId}/skip/{n}/filterCardsValues', () => {
  it('should page a step by the number of cards to skip', async () => {
    const pipe = await t.data(getKanbanPipe, { as: viewer, params: { id: credito.id } });
    const waiting = pipe.steps.find((s) => s.name === 'Aguardando corretor')!;
    for (let i = 0; i < 23; i++) {
      await open({
        cardType: 'GRUPO_ECONOMICO',
        header: `Grupo ${String(i).padStart(2, '0')}`,
        stepName: 'Aguardando corretor',
        enteredStepAt: hoursAgo(50 - i),
      });
    }
    const first = await t.data(filterKanbanPipeSteps, { as: viewer, params: { id: credito.id } });
    const step = first.find((s) => s.id === waiting.id)!;
    expect(step.cardCount).toBe(23);
    expect(step.cards).toHaveLength(20);
    const next = await t.data(skipKanbanStepCards, {
      as: viewer,
      params: { id: credito.id, stepId: waiting.id, n: 20 },
    });
    expect(next.map((c) => c.cardData?.header)).toEqual(['Grupo 20', 'Grupo 21', 'Grupo 22']);
    const filtered = await t.data(skipKanbanStepCards, {
      as: viewer,
      params: { id: credito.id, stepId: waiting.id, n: 0 },
      query: { filterCardsValues: 'Grupo 1' },
    });
    expect(filtered).toHaveLength(10);
  });

  it('should refuse a step of another pipe, a negative skip, another company and no permission', async () => {
    const otherPipe = await t.call(skipKanbanStepCards, {
      as: viewer,
      params: { id: credito.id, stepId: stepOf('Novos'), n: 0 },
    });
    expect(otherPipe.status).toBe(404);
    expect(otherPipe.errors).toEqual(['Etapa não encontrada nesta esteira.']);
    const negative = await t.call(skipKanbanStepCards, {
      as: viewer,
      params: { id: cadastro.id, stepId: stepOf('Novos'), n: -1 },
    });
    expect(negative.status).toBe(400);
    const other = await t.call(skipKanbanStepCards, {
      as: { ...viewer, cid: 325 },
      params: { id: cadastro.id, stepId: stepOf('Novos'), n: 0 },
    });
    expect(other.status).toBe(404);
    const denied = await t.call(skipKanbanStepCards, {
      as: { ...viewer, prm: [] },
      params: { id: cadastro.id, stepId: stepOf('Novos'), n: 0 },
    });
    expect(denied.status).toBe(403);
  });
});

describe('GET pipes/{id}/{cpfCnpj}/steps/filter', () => {
  it('should give the cards of a CPF/CNPJ, with or without mask', async () => {
    for (const doc of ['11222333000181', '11.222.333%2F0001-81']) {
      const res = await t.app.inject({
        method: 'GET',
        url: `/api/kanban/v1.0/pipes/${cadastro.id}/${doc}/steps/filter`,
        headers: await authHeaders(t, viewer),
      });
      expect(res.statusCode).toBe(200);
      const steps = res.json().data as { cards: { cardData: { header: string } }[] }[];
      expect(steps.flatMap((s) => s.cards).map((c) => c.cardData.header)).toEqual([
        'Corretora Atrasada Ltda',
      ]);
    }
  });

  it('should refuse an invalid document, another company and no permission', async () => {
    const bad = await t.call(filterKanbanPipeStepsByDocument, {
      as: viewer,
      params: { id: cadastro.id, cpfCnpj: '123' },
    });
    expect(bad.status).toBe(400);
    expect(bad.errors).toEqual(['CPF/CNPJ inválido.']);
    const other = await t.call(filterKanbanPipeStepsByDocument, {
      as: { ...viewer, cid: 325 },
      params: { id: cadastro.id, cpfCnpj: '11222333000181' },
    });
    expect(other.status).toBe(404);
    const denied = await t.call(filterKanbanPipeStepsByDocument, {
      as: { ...viewer, prm: [] },
      params: { id: cadastro.id, cpfCnpj: '11222333000181' },
    });
    expect(denied.status).toBe(403);
  });
});

describe('POST steps/{stepId}/card-navigation', () => {
  it('should move a card, record the move with the time spent and bump the version', async () => {
    const cardId = await open({ header: 'Para mover', enteredStepAt: hoursAgo(2) });
    const moved = await t.data(navigateKanbanCard, {
      as: cadastroManager,
      params: { stepId: stepOf('Novos') },
      body: { cardId, stepToId: stepOf('Em análise'), version: 1 },
    });
    expect(moved).toMatchObject({ id: cardId, stepId: stepOf('Em análise'), version: 2, sla: 'ok' });
    const moves = await withTenant(t.database.db, 54, (tx) =>
      tx.select().from(cardMoves).where(eq(cardMoves.cardId, cardId)),
    );
    expect(moves).toHaveLength(2);
    expect(moves[1]).toMatchObject({
      fromStepId: stepOf('Novos'),
      toStepId: stepOf('Em análise'),
      // The real user behind the claims (test callers are users of the database).
      userId: Number((await t.caller(cadastroManager)).sub),
    });
    expect(moves[1]!.secondsInStep).toBeGreaterThanOrEqual(7199);
  });

  it('should give BI the time cards spent in each step (average, 90th percentile) and the open and late cards', async () => {
    for (let h = 1; h <= 10; h++) {
      const cardId = await open({ header: `Tempo ${h}h`, enteredStepAt: hoursAgo(h) });
      await t.data(navigateKanbanCard, {
        as: cadastroManager,
        params: { stepId: stepOf('Novos') },
        body: { cardId, stepToId: stepOf('Em análise'), version: 1 },
      });
    }
    const bi = { cid: 54, utp: UserType.INSURANCE, prm: [P.VISUALIZAR_BI] };
    const stats = await t.data(getKanbanPipeStats, { as: bi });
    expect(stats.map((p) => p.pipeId)).toEqual(
      (await t.data(listKanbanPipes, { as: viewer })).map((p) => p.id),
    );
    const pipe = stats.find((p) => p.pipeId === cadastro.id)!;
    const novos = pipe.steps.find((s) => s.stepId === stepOf('Novos'))!;
    // 1 h … 10 h in 'Novos': average 5.5 h, 90th percentile (interpolated) 9.1 h.
    expect(novos).toMatchObject({ moves: 10, avgHours: 5.5, p90Hours: 9.1 });
    const analise = pipe.steps.find((s) => s.stepId === stepOf('Em análise'))!;
    // The ten moved cards and the board's late one (100 h in a step with an SLA).
    expect(analise).toMatchObject({ moves: 0, avgHours: null, openCards: 11, lateCards: 1 });
    expect(pipe.lateCards).toBe(pipe.steps.reduce((n, s) => n + s.lateCards, 0));
    expect(pipe.steps.map((s) => s.position)).toEqual(
      [...pipe.steps.map((s) => s.position)].sort((a, b) => a - b),
    );
    // A period before the moves has none; an inverted one is refused; another company sees its own.
    const before = await t.data(getKanbanPipeStats, {
      as: bi,
      query: { from: '2020-01-01', to: '2020-12-31' },
    });
    expect(before.find((p) => p.pipeId === cadastro.id)!.steps.every((s) => s.moves === 0)).toBe(true);
    const inverted = await t.call(getKanbanPipeStats, {
      as: bi,
      query: { from: '2026-02-01', to: '2026-01-01' },
    });
    expect(inverted.status).toBe(422);
    const other = await t.data(getKanbanPipeStats, { as: { ...bi, cid: 325 } });
    expect(other.flatMap((p) => p.steps).reduce((n, s) => n + s.moves, 0)).toBe(0);
    // BI's permission, not the board's.
    expect((await t.call(getKanbanPipeStats, { as: viewer })).status).toBe(403);
  });

  it('should refuse a stale move with 409 and a clear message instead of overwriting', async () => {
    const cardId = await open({ header: 'Disputado' });
    await t.data(navigateKanbanCard, {
      as: cadastroManager,
      params: { stepId: stepOf('Novos') },
      body: { cardId, stepToId: stepOf('Em análise') },
    });
    const fromOldStep = await t.call(navigateKanbanCard, {
      as: cadastroManager,
      params: { stepId: stepOf('Novos') },
      body: { cardId, stepToId: stepOf('Aguardando corretor') },
    });
    expect(fromOldStep.status).toBe(409);
    expect(fromOldStep.body).toMatchObject({
      success: false,
      message:
        'Este card foi movimentado ou alterado por outra pessoa. Atualize a esteira e tente novamente.',
    });
    const oldVersion = await t.call(navigateKanbanCard, {
      as: cadastroManager,
      params: { stepId: stepOf('Em análise') },
      body: { cardId, stepToId: stepOf('Aguardando corretor'), version: 1 },
    });
    expect(oldVersion.status).toBe(409);
  });

  it('should refuse with 403 a user without the pipe management permission', async () => {
    const cardId = await open({ header: 'Sem permissão' });
    const otherPipe = await t.call(navigateKanbanCard, {
      as: creditManager,
      params: { stepId: stepOf('Novos') },
      body: { cardId, stepToId: stepOf('Em análise') },
    });
    expect(otherPipe.status).toBe(403);
    expect(otherPipe.errors).toEqual(['Você não tem permissão para movimentar cards da esteira Cadastro.']);
    const viewOnly = await t.call(navigateKanbanCard, {
      as: viewer,
      params: { stepId: stepOf('Novos') },
      body: { cardId, stepToId: stepOf('Em análise') },
    });
    expect(viewOnly.status).toBe(403);
  });

  it('should not move a card of another company', async () => {
    const cardId = await open({ header: 'Nossa' });
    const res = await t.call(navigateKanbanCard, {
      as: { ...cadastroManager, cid: 325 },
      params: { stepId: stepOf('Novos') },
      body: { cardId, stepToId: stepOf('Em análise') },
    });
    expect(res.status).toBe(404);
    expect(res.errors).toEqual(['Card não encontrado.']);
  });

  it('should refuse bad input: missing fields, a step of another pipe, the same step, a refusal without justification', async () => {
    const cardId = await open({ header: 'Entrada ruim' });
    const missing = await t.call(navigateKanbanCard, {
      as: cadastroManager,
      params: { stepId: stepOf('Novos') },
      body: { cardId } as { cardId: number; stepToId: number },
    });
    expect(missing.status).toBe(400);
    expect(missing.errors).toEqual(['Informe a etapa de destino.']);
    const otherPipe = await t.call(navigateKanbanCard, {
      as: cadastroManager,
      params: { stepId: stepOf('Novos') },
      body: { cardId, stepToId: credito.steps[1]!.id },
    });
    expect(otherPipe.status).toBe(422);
    const same = await t.call(navigateKanbanCard, {
      as: cadastroManager,
      params: { stepId: stepOf('Novos') },
      body: { cardId, stepToId: stepOf('Novos') },
    });
    expect(same.status).toBe(422);
    const refuse = await t.call(navigateKanbanCard, {
      as: cadastroManager,
      params: { stepId: stepOf('Novos') },
      body: { cardId, stepToId: stepOf('Recusado'), justification: '  ' },
    });
    expect(refuse.status).toBe(422);
    expect(refuse.errors).toEqual(['Informe a justificativa da recusa.']);
  });
});

describe('pruning the board events outbox', () => {
  it('should delete events past the retention, keeping the newest of each pipe and the recent ones', async () => {
    const db = t.database.db;
    await db.delete(boardEvents);
    const daysAgo = (d: number) => new Date(Date.now() - d * 86_400_000);
    const event = (companyId: number, pipeId: number, createdAt: Date) => ({
      companyId,
      pipeId,
      kind: 'moved',
      cardId: 1,
      createdAt,
    });
    const rows = await db
      .insert(boardEvents)
      .values([
        event(54, cadastro.id, daysAgo(30)),
        event(54, cadastro.id, daysAgo(10)),
        event(54, cadastro.id, daysAgo(1)),
        event(54, credito.id, daysAgo(20)),
        event(54, credito.id, daysAgo(9)),
        event(325, 999, daysAgo(40)),
      ])
      .returning({ id: boardEvents.id });
    const ids = rows.map((r) => r.id);
    expect(await pruneBoardEvents(db, daysAgo(7))).toBe(3);
    const left = (await db.select({ id: boardEvents.id }).from(boardEvents))
      .map((r) => r.id)
      .sort((a, b) => a - b);
    // Cadastro keeps its recent event; crédito and the other company keep their newest, however old.
    expect(left).toEqual([ids[2], ids[4], ids[5]]);
    expect(await pruneBoardEvents(db, daysAgo(7))).toBe(0);

    // The daily job prunes with its retention (here: everything but each pipe's newest).
    const queue = kanbanPruneEventsQueue(db, 7);
    expect(queue.name).toBe('kanban-prune-board-events');
    const log = { info: () => undefined } as unknown as JobLog;
    await queue.handler!({ retentionDays: 0 }, { id: 'prune', log });
    const after = (await db.select({ id: boardEvents.id }).from(boardEvents))
      .map((r) => r.id)
      .sort((a, b) => a - b);
    expect(after).toEqual([ids[2], ids[4], ids[5]]);
  });
});

describe('kanban service on its own', () => {
  let kanban: FastifyInstance;
  let apiUrl: string;
  const metricsToken = 'token-de-metricas-do-kanban-0123';
  beforeAll(async () => {
    apiUrl = await t.app.listen({ port: 0, host: '127.0.0.1' });
    kanban = await buildKanbanServer({
      db: t.database.db,
      apiUrl,
      metrics: { allow: ['127.0.0.1', '::1'], token: metricsToken },
      processMetrics: true,
      pool: t.database.pool,
    });
  });
  afterAll(() => kanban?.close());

  it('should resolve the CompanyKey through the API once, verify the token by JWKS and list pipes', async () => {
    const { headers } = await signIn(t, 'analista');
    const first = await kanban.inject({ method: 'GET', url, headers });
    expect(first.statusCode).toBe(200);
    expect(first.json().data.map((p: { token: string }) => p.token)[0]).toBe('cadastro');
    const second = await kanban.inject({ method: 'GET', url, headers });
    expect(second.statusCode).toBe(200);
    expect(companyLookups).toBe(1);
  });

  it('should refuse an unknown CompanyKey, a missing token and a missing permission', async () => {
    const { headers } = await signIn(t, 'analista');
    const unknown = await kanban.inject({
      method: 'GET',
      url,
      headers: { ...headers, companykey: 'ck-nope' },
    });
    expect(unknown.statusCode).toBe(401);
    expect(unknown.json()).toMatchObject({ success: false, Errors: ['CompanyKey desconhecida.'] });
    const noToken = await kanban.inject({ method: 'GET', url, headers: { companykey: companyKeyOf(54) } });
    expect(noToken.statusCode).toBe(401);
    const noPermission = await authHeaders(t, { cid: 54, utp: UserType.INSURANCE, prm: [] });
    expect((await kanban.inject({ method: 'GET', url, headers: noPermission })).statusCode).toBe(403);
  });

  it('should serve /metrics to this machine or the token only: time per route, open streams, pool, process', async () => {
    const { headers } = await signIn(t, 'analista');
    expect((await kanban.inject({ method: 'GET', url, headers })).statusCode).toBe(200);
    // The harness's inject comes from 127.0.0.1: allowed without a token.
    const local = await kanban.inject({ url: '/metrics' });
    expect(local.statusCode).toBe(200);
    expect(local.headers['content-type']).toContain('text/plain');
    // The API's histogram, by the kanban call's route pattern.
    expect(local.body).toMatch(
      /^aval_http_request_duration_seconds_count\{method="GET",route="\/api\/kanban\/v1\.0\/pipes",status="200"\} [1-9]/m,
    );
    expect(local.body).toMatch(/^aval_board_streams_open 0$/m);
    expect(local.body).toContain('# TYPE aval_process_cpu_seconds_total counter');
    // Its pool where it has one (PostgreSQL); PGlite is one embedded connection.
    expect(local.body.includes('aval_db_pool_connections')).toBe(t.database.driver === 'postgres');

    const outside = await kanban.inject({ url: '/metrics', remoteAddress: '10.1.2.3' });
    expect(outside.statusCode).toBe(404);
    expect(outside.json()).toEqual({ Errors: ['Recurso não encontrado.'] });
    const wrong = { authorization: 'Bearer token-de-metricas-do-kanban-9999' };
    expect(
      (await kanban.inject({ url: '/metrics', remoteAddress: '10.1.2.3', headers: wrong })).statusCode,
    ).toBe(404);
    const withToken = await kanban.inject({
      url: '/metrics',
      remoteAddress: '10.1.2.3',
      headers: { authorization: `Bearer ${metricsToken}` },
    });
    expect(withToken.statusCode).toBe(200);
    expect(withToken.body).toContain('# TYPE aval_http_request_duration_seconds histogram');
  });

  it('should answer /ready only while its database answers and holds the kanban migrations, 503 otherwise', async () => {
    // A fresh service: the migration level, once seen, is not asked again.
    const fresh = await buildKanbanServer({ db: t.database.db, apiUrl });
    const unreachable = new pg.Pool({ connectionString: 'postgres://postgres@127.0.0.1:1/unreachable' });
    unreachable.on('error', () => undefined);
    const away = await buildKanbanServer({ db: drizzle(unreachable), apiUrl });
    const journal = sql.raw('__kanban_migrations');
    try {
      expect((await fresh.inject({ url: '/live' })).json()).toEqual({ status: 'ok' });
      expect((await fresh.inject({ url: '/health' })).json()).toEqual({ status: 'ok' });
      // A kanban migration not applied yet (the API migrating, its transaction not committed).
      const [last] = (
        (await t.database.db.execute(
          sql`delete from ${journal} where id = (select max(id) from ${journal}) returning *`,
        )) as unknown as { rows: Record<string, unknown>[] }
      ).rows;
      const pending = await fresh.inject({ url: '/ready' });
      expect(pending.statusCode).toBe(503);
      expect(pending.json()).toEqual({ Errors: ['Migrações pendentes no banco de dados.'] });
      await t.database.db.execute(
        sql`insert into ${journal} (id, hash, created_at) values (${last!.id}, ${last!.hash}, ${last!.created_at})`,
      );
      const ready = await fresh.inject({ url: '/ready' });
      expect(ready.statusCode).toBe(200);
      expect(ready.json()).toEqual({ status: 'ready' });

      // Its database does not answer: not ready, though the process lives.
      const down = await away.inject({ url: '/ready' });
      expect(down.statusCode).toBe(503);
      expect(down.json()).toEqual({ Errors: ['Banco de dados indisponível.'] });
      expect((await away.inject({ url: '/live' })).statusCode).toBe(200);
    } finally {
      await fresh.close();
      await away.close();
      await unreachable.end();
    }
  });

  it("should take the client's address from X-Forwarded-For only when the proxy is in TRUST_PROXY", async () => {
    // The scraper at 192.0.2.7 may read /metrics; it reaches the service through the proxy 10.0.0.1.
    const behindProxy = await buildKanbanServer({
      db: t.database.db,
      apiUrl,
      metrics: { allow: ['192.0.2.7'], token: undefined },
      trustProxy: trustProxyOf({ TRUST_PROXY: '10.0.0.1' }),
    });
    const direct = await buildKanbanServer({
      db: t.database.db,
      apiUrl,
      metrics: { allow: ['192.0.2.7'], token: undefined },
      trustProxy: trustProxyOf({}),
    });
    const scrape = (app: FastifyInstance, remoteAddress: string) =>
      app.inject({ url: '/metrics', remoteAddress, headers: { 'x-forwarded-for': '192.0.2.7' } });
    try {
      expect((await scrape(behindProxy, '10.0.0.1')).statusCode).toBe(200);
      // Anyone else's header is not believed: the address checked is the socket's.
      expect((await scrape(behindProxy, '10.0.0.2')).statusCode).toBe(404);
      // Without TRUST_PROXY nobody's is.
      expect((await scrape(direct, '10.0.0.1')).statusCode).toBe(404);
    } finally {
      await behindProxy.close();
      await direct.close();
    }
  });

  it("should count only the queues it works in its queue gauges, where the API's count every queue", async () => {
    // The harness runs no workers: the jobs wait, ready.
    await t.platform.jobs.send(kanbanCardsWorker(t.database.db), {
      companyId: 54,
      action: 'open',
      cardType: 'ANALISE_DOCUMENTACAO_CORRETORA',
      cardRef: randomUUID(),
    });
    await t.platform.jobs.send(kanbanDecisionsOutbound, {
      companyId: 54,
      cardId: 1,
      cardType: 'ANALISE_DOCUMENTACAO_CORRETORA',
      cardRef: randomUUID(),
      decision: 'approve',
      actorUserId: 1,
      stepName: 'Aprovado',
      moveId: 1,
    });
    const ready = (body: string, queue: string) =>
      Number(body.match(new RegExp(`^aval_job_queue_ready\\{queue="${queue}"\\} (\\d+)$`, 'm'))?.[1] ?? 0);
    const api = (await t.app.inject({ url: '/metrics' })).body;
    expect(ready(api, 'kanban-cards')).toBeGreaterThanOrEqual(1);
    expect(ready(api, 'kanban-decisions')).toBeGreaterThanOrEqual(1);
    // The kanban service's own gauges (those buildKanbanServer makes with its jobs database).
    const own = createServiceMetrics({
      processMetrics: false,
      jobs: { db: t.database.db, queues: KANBAN_WORKED_QUEUES },
    });
    const body = await own.registry.metrics();
    expect(ready(body, 'kanban-cards')).toBe(ready(api, 'kanban-cards'));
    expect(body).toMatch(/^aval_job_queue_oldest_seconds\{queue="kanban-cards"\} [\d.]+$/m);
    expect(body).not.toContain('queue="kanban-decisions"');
  });
});
