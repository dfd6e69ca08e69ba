import { randomUUID } from 'node:crypto';
import { getKanbanPipe, listKanbanPipes, navigateKanbanCard } from '@aval/contracts';
import { Permission as P, UserType } from '@aval/domain';
import { applyCardCommand, buildKanbanServer } from '@aval/kanban';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDatabaseListener } from '../plugins/notifications.js';
import { authHeaders, createTestApp, type TestApp } from '../test/harness.js';
import { boardEventsPath, openBoardStream } from '../test/kanban.js';
import { until } from '../test/wait.js';

/**
 * Real-time boards across instances: instance A is the API with the kanban service mounted,
 * instance B the kanban service on its own, both on one database with their own LISTEN
 * connection. A move made through A reaches a board open on B as it happens (no time is asserted:
 * CI's host varies in speed); a board that reconnects with its last event id gets what it missed
 * from the outbox.
 */
let t: TestApp;
let b: FastifyInstance;
let urlA: string;
let urlB: string;
let pipe: { id: number; steps: { id: number; name: string }[] };
const viewer = {
  cid: 54,
  utp: UserType.INSURANCE,
  prm: [P.VISUALIZAR_ESTEIRAS, P.GERENCIAR_ESTEIRA_CADASTRO],
};
const stepOf = (name: string) => pipe.steps.find((s) => s.name === name)!.id;

/** A board's stream on the service at `base`, as the viewer. */
const openStream = async (base: string, pipeId: number, lastEventId?: number) =>
  openBoardStream(base, pipeId, await authHeaders(t, viewer), lastEventId);

const openCard = async (header: string) =>
  (
    await applyCardCommand(t.database.db, {
      companyId: 54,
      action: 'open',
      cardType: 'ANALISE_DOCUMENTACAO_CORRETORA',
      cardRef: randomUUID(),
      cardData: { header, body: 'Tempo real' },
    })
  ).cardId!;

const move = (cardId: number, from: string, to: string) =>
  t.data(navigateKanbanCard, {
    as: viewer,
    params: { stepId: stepOf(from) },
    body: { cardId, stepToId: stepOf(to) },
  });

beforeAll(async () => {
  t = await createTestApp();
  urlA = await t.app.listen({ port: 0, host: '127.0.0.1' });
  b = await buildKanbanServer({
    db: t.database.db,
    apiUrl: urlA,
    listener: createDatabaseListener(t.database),
  });
  urlB = await b.listen({ port: 0, host: '127.0.0.1' });
  const pipes = await t.data(listKanbanPipes, { as: viewer });
  pipe = await t.data(getKanbanPipe, {
    as: viewer,
    params: { id: pipes.find((p) => p.token === 'cadastro')!.id },
  });
});
afterAll(async () => {
  await b?.close();
  await t.close();
});

describe('board stream across two instances', () => {
  it('should bring a move made on one instance to a board open on the other as it happens', async () => {
    const cardId = await openCard('Corretora em tempo real');
    const onB = await openStream(urlB, pipe.id);
    const onA = await openStream(urlA, pipe.id);
    await move(cardId, 'Novos', 'Em análise');
    const seenOnB = await onB.next((e) => e.kind === 'moved' && e.cardId === cardId);
    expect(seenOnB.card).toMatchObject({ id: cardId, stepId: stepOf('Em análise'), version: 2 });
    await onA.next((e) => e.kind === 'moved' && e.cardId === cardId);
    // The API's /metrics counts its own open board streams (onA; onB is on the other instance).
    const streamsOpen = async () =>
      Number((await t.app.inject({ url: '/metrics' })).body.match(/^aval_board_streams_open (\d+)$/m)?.[1]);
    expect(await streamsOpen()).toBe(1);

    await applyCardCommand(t.database.db, {
      companyId: 54,
      action: 'update',
      cardType: 'ANALISE_DOCUMENTACAO_CORRETORA',
      cardRef: seenOnB.card!.cardRef,
      cardData: { header: 'Corretora renomeada', body: 'Tempo real' },
    });
    const updated = await onB.next((e) => e.kind === 'updated' && e.cardId === cardId);
    expect(updated.card?.cardData?.header).toBe('Corretora renomeada');
    const opened = await openCard('Card novo');
    await onB.next((e) => e.kind === 'opened' && e.cardId === opened);
    onA.close();
    onB.close();
    await until(async () => (await streamsOpen()) === 0, 'the closed stream uncounted');
  });

  it('should resume from Last-Event-ID with the events missed while disconnected', async () => {
    const cardId = await openCard('Corretora desconectada');
    const first = await openStream(urlB, pipe.id);
    await move(cardId, 'Novos', 'Em análise');
    const seen = await first.next((e) => e.cardId === cardId && e.kind === 'moved');
    first.close();
    await move(cardId, 'Em análise', 'Aguardando corretor');
    await move(cardId, 'Aguardando corretor', 'Em análise');
    const resumed = await openStream(urlB, pipe.id, seen.id);
    await resumed.next(
      (e) => e.cardId === cardId && e.card?.stepId === stepOf('Em análise') && e.id > seen.id + 1,
    );
    const mine = resumed.events.filter((e) => e.cardId === cardId);
    expect(mine.map((e) => e.kind)).toEqual(['moved', 'moved']);
    expect(mine.every((e) => e.id > seen.id)).toBe(true);
    resumed.close();
  });

  it("should count the kanban service's own open board streams in its /metrics", async () => {
    const streamsOpenOnB = async () =>
      Number((await b.inject({ url: '/metrics' })).body.match(/^aval_board_streams_open (\d+)$/m)?.[1]);
    // The earlier tests' streams, closed by their clients, end on the server soon after.
    await until(async () => (await streamsOpenOnB()) === 0, 'no stream open on the kanban service');
    const cardId = await openCard('Corretora contada');
    const stream = await openStream(urlB, pipe.id);
    await move(cardId, 'Novos', 'Em análise');
    await stream.next((e) => e.kind === 'moved' && e.cardId === cardId);
    expect(await streamsOpenOnB()).toBe(1);
    stream.close();
    await until(async () => (await streamsOpenOnB()) === 0, 'the closed stream uncounted on its own');
  });

  it('should only stream events of the company pipe asked for', async () => {
    const stream = await openStream(urlA, pipe.id);
    await applyCardCommand(t.database.db, {
      companyId: 325,
      action: 'open',
      cardType: 'ANALISE_DOCUMENTACAO_CORRETORA',
      cardRef: randomUUID(),
      cardData: { header: 'Outra seguradora', body: '' },
    });
    const credit = await applyCardCommand(t.database.db, {
      companyId: 54,
      action: 'open',
      cardType: 'REQUEST_LIMIT',
      cardRef: randomUUID(),
      cardData: { header: 'Outra esteira', body: '' },
    });
    const mark = await openCard('Marcador');
    await stream.next((e) => e.cardId === mark);
    expect(stream.events.map((e) => e.card?.cardData?.header)).not.toContain('Outra seguradora');
    expect(stream.events.map((e) => e.cardId)).not.toContain(credit.cardId);
    stream.close();
  });

  it('should refuse a stream without token, without permission 1 or of another company pipe', async () => {
    const url = boardEventsPath(pipe.id);
    const noToken = await t.app.inject({
      method: 'GET',
      url,
      headers: { companykey: (await authHeaders(t, viewer)).companykey! },
    });
    expect(noToken.statusCode).toBe(401);
    expect(noToken.json()).toMatchObject({ success: false });
    const noPermission = await t.app.inject({
      method: 'GET',
      url,
      headers: await authHeaders(t, { ...viewer, prm: [P.GERENCIAR_ESTEIRA_CADASTRO] }),
    });
    expect(noPermission.statusCode).toBe(403);
    const other = await t.app.inject({
      method: 'GET',
      url,
      headers: await authHeaders(t, { ...viewer, cid: 325 }),
    });
    expect(other.statusCode).toBe(404);
    expect(other.json().Errors).toEqual(['Esteira não encontrada.']);
    const bad = await t.app.inject({
      method: 'GET',
      url: boardEventsPath(0),
      headers: await authHeaders(t, viewer),
    });
    expect(bad.statusCode).toBe(400);
  });
});
