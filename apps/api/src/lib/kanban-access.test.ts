import { randomUUID } from 'node:crypto';
import {
  changeUserInfoStatus,
  getKanbanPipe,
  listKanbanPipes,
  navigateKanbanCard,
  updateUserInfoProfile,
} from '@aval/contracts';
import { Permission as P, UserType } from '@aval/domain';
import { applyCardCommand, buildKanbanServer } from '@aval/kanban';
import type { FastifyInstance } from 'fastify';
import { decodeJwt } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDatabaseListener } from '../plugins/notifications.js';
import { createProfile, createUser, setProfileFunctionalities } from '../test/factories.js';
import { companyKeyOf, createTestApp, type TestApp } from '../test/harness.js';
import { openBoardStream, pipeByToken } from '../test/kanban.js';
import { until } from '../test/wait.js';

/**
 * Live access on the kanban service (issue 32): a revoked permission, a profile switch or an
 * inactivation refuses the next call and ends the user's open board streams, and a stream ends at
 * its token's expiry, in both layouts: mounted in the API process, and on its own (the production
 * layout: its own LISTEN connection, the access asked of the API with the caller's token). Both
 * keep access an hour here, so only the change announcements (NOTIFY) can make a change visible.
 */
let t: TestApp;
let standalone: FastifyInstance;
const base: Record<string, string> = {};
const layouts = ['in-process', 'stand-alone'] as const;
const env = { ACCESS_CACHE_SECONDS: '3600' };
let cadastro: Awaited<ReturnType<typeof pipeByToken>>;
let credito: Awaited<ReturnType<typeof pipeByToken>>;

beforeAll(async () => {
  t = await createTestApp({ env });
  base['in-process'] = await t.app.listen({ port: 0, host: '127.0.0.1' });
  standalone = await buildKanbanServer({
    db: t.database.db,
    apiUrl: base['in-process'],
    listener: createDatabaseListener(t.database),
    accessCacheSeconds: 3600,
  });
  base['stand-alone'] = await standalone.listen({ port: 0, host: '127.0.0.1' });
  cadastro = await pipeByToken(t, 'cadastro');
  credito = await pipeByToken(t, 'credito');
});
afterAll(async () => {
  await standalone?.close();
  await t?.close();
});

const PASSWORD = 'Esteira#Teste9';
const analyst = [P.VISUALIZAR_ESTEIRAS, P.GERENCIAR_ESTEIRA_CADASTRO, P.GERENCIAR_ESTEIRA_CREDITO];

/** A signed-in insurer user of a fresh profile holding `functionalities`. */
const signedInUser = async (functionalities: number[]) => {
  const profileUniqueId = await createProfile(t, functionalities);
  const user = await createUser(t, { profileUniqueId, password: PASSWORD });
  return { id: user.UserInfoId, profileUniqueId, token: user.as!.token };
};
type Session = Awaited<ReturnType<typeof signedInUser>>;

const headersOf = (token: string) => ({ companykey: companyKeyOf(54), authorization: `Bearer ${token}` });

const openCard = async (pipe: 'cadastro' | 'credito') =>
  (
    await applyCardCommand(t.database.db, {
      companyId: 54,
      action: 'open',
      cardType: pipe === 'cadastro' ? 'ANALISE_DOCUMENTACAO_CORRETORA' : 'GRUPO_ECONOMICO',
      cardRef: randomUUID(),
      cardData: { header: `Acesso ${randomUUID().slice(0, 8)}`, body: '' },
    })
  ).cardId!;

/** Statuses of the kanban calls of the issue: the Cadastro board and moving a Crédito card. */
const kanban = (layout: string, token: string) => ({
  board: async () =>
    (
      await fetch(`${base[layout]}${getKanbanPipe.path.replace('{id}', String(cadastro.id))}`, {
        headers: headersOf(token),
      })
    ).status,
  pipes: async () =>
    (await fetch(`${base[layout]}${listKanbanPipes.path}`, { headers: headersOf(token) })).status,
  move: async (cardId: number, from: number, to: number) =>
    (
      await fetch(`${base[layout]}${navigateKanbanCard.path.replace('{stepId}', String(from))}`, {
        method: 'POST',
        headers: { ...headersOf(token), 'content-type': 'application/json' },
        body: JSON.stringify({ cardId, stepToId: to }),
      })
    ).status,
});

/** The change reaches the stand-alone service by NOTIFY, a moment after the commit. */
const eventually = (what: string, check: () => Promise<void>) =>
  until(async () => {
    await check();
    return true;
  }, what);

const switchProfile = async (u: Session, functionalities: number[]) =>
  t.data(updateUserInfoProfile, {
    as: 'admin',
    body: { UserInfoId: u.id, ProfileUniqueId: await createProfile(t, functionalities) },
  });
const deactivate = (u: Session) => t.data(changeUserInfoStatus, { as: 'admin', query: { userId: u.id } });

describe.each(layouts)('kanban service %s: access of now, not of the token', (layout) => {
  it('should refuse the Cadastro board and a Crédito move on the next call after the user is switched to a profile with only permission 24', async () => {
    const u = await signedInUser(analyst);
    const calls = kanban(layout, u.token);
    const cardId = await openCard('credito');
    expect(await calls.board()).toBe(200);
    expect(await calls.move(cardId, credito.steps[0]!.id, credito.steps[1]!.id)).toBe(200);

    await switchProfile(u, [P.VISUALIZAR_APOLICES]);

    await eventually('the board and the move to be refused', async () => {
      expect(await calls.board()).toBe(403);
      expect(await calls.move(cardId, credito.steps[1]!.id, credito.steps[0]!.id)).toBe(403);
    });
  });

  it('should refuse with 403 on the next call after permission 1 is revoked from the user profile', async () => {
    const u = await signedInUser(analyst);
    const calls = kanban(layout, u.token);
    expect(await calls.pipes()).toBe(200);
    await setProfileFunctionalities(t, u.profileUniqueId, [P.GERENCIAR_ESTEIRA_CADASTRO]);
    await eventually('the pipes to be refused', async () => expect(await calls.pipes()).toBe(403));
  });

  it('should answer 401 to a deactivated user on the next call', async () => {
    const u = await signedInUser(analyst);
    const calls = kanban(layout, u.token);
    expect(await calls.pipes()).toBe(200);
    await deactivate(u);
    await eventually('the pipes to answer 401', async () => expect(await calls.pipes()).toBe(401));
  });
});

describe.each(layouts)('kanban service %s: an open board stream ends with its access', (layout) => {
  /** A stream of the Cadastro board that delivers (a card opened now reaches it). */
  const liveStream = async (token: string) => {
    const stream = await openBoardStream(base[layout]!, cadastro.id, headersOf(token));
    const cardId = await openCard('cadastro');
    await stream.next((e) => e.kind === 'opened' && e.cardId === cardId);
    return stream;
  };

  it('should end the stream when permission 1 is revoked', async () => {
    const u = await signedInUser(analyst);
    const stream = await liveStream(u.token);
    await setProfileFunctionalities(t, u.profileUniqueId, [P.GERENCIAR_ESTEIRA_CADASTRO]);
    await stream.end();
  });

  it('should end the stream when the user is deactivated', async () => {
    const u = await signedInUser(analyst);
    const stream = await liveStream(u.token);
    await deactivate(u);
    await stream.end();
  });

  it('should end the stream when the user is switched to a profile without the boards', async () => {
    const u = await signedInUser(analyst);
    const stream = await liveStream(u.token);
    await switchProfile(u, [P.VISUALIZAR_APOLICES]);
    await stream.end();
  });

  it("should keep the stream of a user whose access did not change, and end it at the token's expiry", async () => {
    const other = await signedInUser(analyst);
    const claims = await t.caller({ cid: 54, sub: '1', utp: UserType.INSURANCE, prm: analyst });
    const token = await t.platform.tokens.sign(claims, 5);
    const stream = await liveStream(token);
    // Another user's change is not this stream's; a profile's change is checked again and passes.
    await deactivate(other);
    await setProfileFunctionalities(t, other.profileUniqueId, [P.VISUALIZAR_ESTEIRAS]);
    const cardId = await openCard('cadastro');
    await stream.next((e) => e.kind === 'opened' && e.cardId === cardId);
    await stream.end();
    expect(Date.now()).toBeGreaterThanOrEqual(decodeJwt(token).exp! * 1000 - 20);
  });
});
