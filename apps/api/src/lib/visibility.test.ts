import { UserType } from '@aval/domain';
import { and, eq, inArray } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AuthUser, UserContext } from '../context.js';
import { brokers } from '../modules/brokers/brokers.table.js';
import { insureds } from '../modules/insureds/insureds.table.js';
import { policyHolderNominations, policyHolders } from '../modules/policy-holders/policy-holders.table.js';
import { callerLinksOnce, resolveCallerLinks } from '../modules/users/users.service.js';
import { users } from '../modules/users/users.table.js';
import { createTestApp, demoUser, signIn, type TestApp } from '../test/harness.js';
import {
  brokerScope,
  inScope,
  policyHolderScope,
  proposalScope,
  type Scope,
  scopeCondition,
} from './visibility.js';

type H = Record<string, string>;
let t: TestApp;
const as: Record<string, H> = {};

const get = async (url: string, headers: H) => {
  const res = await t.app.inject({ url, headers });
  return { status: res.statusCode, body: res.json() };
};
const userRow = async (local: string) => {
  const [row] = await t.database.db
    .select()
    .from(users)
    .where(and(eq(users.companyId, 54), eq(users.username, demoUser(local))));
  return row!;
};
/** UniqueIds of the policy holders a search answers, all pages at once. */
const holdersSeenBy = async (headers: H) => {
  const r = await get(
    '/api/PolicyHolder/SearchPolicyHoldersRelatedToCurrentUserLogged?rowsPerPage=200',
    headers,
  );
  expect(r.status).toBe(200);
  expect(r.body.Total).toBe(r.body.Data.length);
  return new Set((r.body.Data as { UniqueId: string }[]).map((d) => d.UniqueId));
};
/** UniqueIds of the policy holders with an approved nomination of the brokerage. */
const nominatedTo = async (brokerId: number) =>
  new Set(
    (
      await t.database.db
        .select({ uniqueId: policyHolders.uniqueId })
        .from(policyHolders)
        .innerJoin(policyHolderNominations, eq(policyHolderNominations.policyHolderId, policyHolders.id))
        .where(and(eq(policyHolderNominations.brokerId, brokerId), eq(policyHolderNominations.statusId, 2)))
    ).map((r) => r.uniqueId),
  );
const brokerUniqueIds = async (ids: number[]) =>
  (await t.database.db.select({ u: brokers.uniqueId }).from(brokers).where(inArray(brokers.id, ids))).map(
    (r) => r.u,
  );

beforeAll(async () => {
  t = await createTestApp();
  for (const local of ['admin', 'corretor', 'corretor2', 'agente', 'tomador', 'assessor']) {
    as[local] = (await signIn(t, local)).headers;
  }
  // The advisor acting as corretor2 (a brokerage it advises).
  const act = await t.app.inject({
    method: 'POST',
    url: '/api/Advisor/AuthenticationBroker',
    headers: as.assessor!,
    payload: { BrokerUserId: (await userRow('corretor2')).id },
  });
  expect(act.statusCode).toBe(200);
  as.advisorAsBroker = { ...as.assessor!, authorization: `Bearer ${act.json().access_token}` };
});
afterAll(async () => {
  await t?.close();
});

describe('who sees which policy holders (through the API)', () => {
  it('should give insurer staff every policy holder of the company', async () => {
    const all = await t.database.db
      .select({ u: policyHolders.uniqueId })
      .from(policyHolders)
      .where(eq(policyHolders.companyId, 54));
    expect(await holdersSeenBy(as.admin!)).toEqual(new Set(all.map((r) => r.u)));
  });

  it('should give a broker and an agent of the same brokerage exactly its approved nominations', async () => {
    const brokerId = (await userRow('corretor')).brokerId!;
    expect((await userRow('agente')).brokerId).toBe(brokerId);
    const expected = await nominatedTo(brokerId);
    expect(expected.size).toBeGreaterThan(0);
    expect(await holdersSeenBy(as.corretor!)).toEqual(expected);
    expect(await holdersSeenBy(as.agente!)).toEqual(expected);
  });

  it('should give an advisor acting as a broker that brokerage’s policy holders, and none as itself', async () => {
    const other = (await userRow('corretor2')).brokerId!;
    expect(other).not.toBe((await userRow('corretor')).brokerId);
    const seen = await holdersSeenBy(as.advisorAsBroker!);
    expect(seen).toEqual(await nominatedTo(other));
    expect(seen).toEqual(await holdersSeenBy(as.corretor2!));
    const own = await get('/api/PolicyHolder/SearchPolicyHoldersRelatedToCurrentUserLogged', as.assessor!);
    expect(own.status).toBe(403);
  });

  it('should give a policy holder user only its own record', async () => {
    const holderId = (await userRow('tomador')).policyHolderId!;
    const [own] = await t.database.db
      .select({ u: policyHolders.uniqueId })
      .from(policyHolders)
      .where(eq(policyHolders.id, holderId));
    expect(await holdersSeenBy(as.tomador!)).toEqual(new Set([own!.u]));
  });
});

describe('who sees which brokers (through the API)', () => {
  const current = (headers: H, uniqueId?: string) =>
    get(`/api/Broker/GetCurrentBroker${uniqueId ? `?brokerUniqueId=${uniqueId}` : ''}`, headers);

  it('should give a broker, an agent and an advisor acting as a broker their own brokerage only', async () => {
    const mine = (await current(as.corretor!)).body.Response.UniqueId as string;
    const [theirs] = await brokerUniqueIds([(await userRow('corretor2')).brokerId!]);
    expect(theirs).not.toBe(mine);
    expect((await current(as.agente!)).body.Response.UniqueId).toBe(mine);
    expect((await current(as.advisorAsBroker!)).body.Response.UniqueId).toBe(theirs);
    expect((await current(as.corretor!, theirs)).status).toBe(404);
    expect((await current(as.advisorAsBroker!, mine)).status).toBe(404);
  });

  it('should give an advisor the brokerages it advises and refuse the others', async () => {
    const advised = [(await userRow('corretor')).brokerId!, (await userRow('corretor2')).brokerId!];
    const list = await get('/api/Broker/GetSearchBrokers?rowsPerPage=200', as.assessor!);
    expect(list.status).toBe(200);
    expect(new Set(list.body.Data.map((b: { Id: number }) => b.Id))).toEqual(new Set(advised));
    const notAdvised = (
      await t.database.db
        .select({ id: brokers.id, u: brokers.uniqueId })
        .from(brokers)
        .where(eq(brokers.companyId, 54))
    ).find((b) => !advised.includes(b.id));
    expect((await current(as.assessor!, notAdvised!.u)).status).toBe(404);
    for (const u of await brokerUniqueIds(advised)) expect((await current(as.assessor!, u)).status).toBe(200);
  });

  it('should give insurer staff any brokerage and a policy holder none', async () => {
    const all = await t.database.db
      .select({ u: brokers.uniqueId })
      .from(brokers)
      .where(eq(brokers.companyId, 54));
    for (const { u } of all.slice(0, 3)) expect((await current(as.admin!, u)).status).toBe(200);
    expect((await current(as.tomador!, all[0]!.u)).status).toBe(403);
  });
});

describe('who sees which insureds (through the API)', () => {
  it('should give insurer staff, brokers, agents and an advisor acting as a broker every insured', async () => {
    const n = (
      await t.database.db.select({ id: insureds.id }).from(insureds).where(eq(insureds.companyId, 54))
    ).length;
    for (const who of ['admin', 'corretor', 'agente', 'advisorAsBroker']) {
      const r = await get('/api/Insured/SearchInsureds?rowsPerPage=1', as[who]!);
      expect(r.status, who).toBe(200);
      expect(r.body.Total, who).toBe(n);
    }
  });
});

describe('caller links on the request context', () => {
  const userOf = (row: Awaited<ReturnType<typeof userRow>>, actorUserId?: number): AuthUser => ({
    userId: row.id,
    companyId: 54,
    userType: row.userTypeId as AuthUser['userType'],
    permissions: new Set(),
    actorUserId,
  });
  const scoped = () => ({ db: t.database.db as never, company: { id: 54, key: '', name: '' } });

  it('should resolve the broker, policy holder and advisor ids of each kind of user', async () => {
    const broker = await userRow('corretor');
    const holder = await userRow('tomador');
    const advisor = await userRow('assessor');
    const other = await userRow('corretor2');
    expect(await resolveCallerLinks(scoped(), userOf(broker))).toEqual({
      brokerId: broker.brokerId,
      policyHolderId: undefined,
      advisorUserId: undefined,
      advisedBrokerIds: [],
    });
    expect(await resolveCallerLinks(scoped(), userOf(holder))).toMatchObject({
      brokerId: undefined,
      policyHolderId: holder.policyHolderId,
    });
    expect(await resolveCallerLinks(scoped(), userOf(advisor))).toEqual({
      brokerId: undefined,
      policyHolderId: undefined,
      advisorUserId: advisor.id,
      advisedBrokerIds: [broker.brokerId, other.brokerId].sort((a, b) => a! - b!),
    });
    expect(await resolveCallerLinks(scoped(), userOf(other, advisor.id))).toEqual({
      brokerId: other.brokerId,
      policyHolderId: undefined,
      advisorUserId: advisor.id,
      advisedBrokerIds: [],
    });
  });

  it('should not touch the database for insurer staff and resolve at most once per request', async () => {
    const noDb = {
      db: new Proxy(
        {},
        {
          get: () => {
            throw new Error('no query expected');
          },
        },
      ),
      company: { id: 54, key: '', name: '' },
    };
    const staff = {
      userId: 1,
      companyId: 54,
      userType: UserType.INSURANCE,
      permissions: new Set(),
    } as AuthUser;
    expect(await resolveCallerLinks(noDb as never, staff)).toEqual({ advisedBrokerIds: [] });

    let queries = 0;
    const counting = {
      db: new Proxy(t.database.db, {
        get: (target, key, receiver) => {
          if (key === 'select') queries += 1;
          return Reflect.get(target, key, receiver);
        },
      }),
      company: { id: 54, key: '', name: '' },
    };
    const links = callerLinksOnce(counting as never, userOf(await userRow('corretor')));
    const [a, b] = await Promise.all([links(), links()]);
    await links();
    expect(a).toBe(b);
    expect(queries).toBe(1);
  });
});

describe('scopes and conditions (the module itself)', () => {
  const ctxOf = (userType: number, links: Partial<Awaited<ReturnType<UserContext['links']>>>) =>
    ({
      user: { userId: 9, companyId: 54, userType, permissions: new Set() },
      links: async () => ({ advisedBrokerIds: [], ...links }),
    }) as unknown as UserContext;
  const text = (scope: Scope) => {
    const cond = scopeCondition(scope, { broker: brokers.id, policyHolder: policyHolders.id });
    return cond ? new PgDialect().sqlToQuery(cond) : undefined;
  };

  it('should turn each user type into its scope', async () => {
    expect(await policyHolderScope(ctxOf(UserType.INSURANCE, {}))).toEqual({ all: true });
    expect(await policyHolderScope(ctxOf(UserType.AGENT, { brokerId: 3 }))).toEqual({
      all: false,
      brokerIds: [3],
      policyHolderIds: [],
    });
    expect(await proposalScope(ctxOf(UserType.POLICY_HOLDER, { policyHolderId: 7 }))).toEqual({
      all: false,
      brokerIds: [],
      policyHolderIds: [7],
    });
    expect(await policyHolderScope(ctxOf(UserType.ADVISOR, { advisedBrokerIds: [1, 2] }))).toEqual({
      all: false,
      brokerIds: [],
      policyHolderIds: [],
    });
    expect(await brokerScope(ctxOf(UserType.ADVISOR, { advisedBrokerIds: [1, 2] }))).toEqual({
      all: false,
      brokerIds: [1, 2],
      policyHolderIds: [],
    });
    expect(await brokerScope(ctxOf(UserType.BROKER, {}))).toEqual({
      all: false,
      brokerIds: [],
      policyHolderIds: [],
    });
    expect(await brokerScope(ctxOf(UserType.POLICY_HOLDER, { policyHolderId: 7 }))).toMatchObject({
      brokerIds: [],
      policyHolderIds: [],
    });
  });

  it('should build no condition for all, false for nothing, and an or over the linked columns', () => {
    expect(text({ all: true })).toBeUndefined();
    expect(text({ all: false, brokerIds: [], policyHolderIds: [] })?.sql).toBe('false');
    const both = text({ all: false, brokerIds: [4, 5], policyHolderIds: [7] })!;
    expect(both.sql).toBe('("brokers"."id" in ($1, $2) or "policy_holders"."id" in ($3))');
    expect(both.params).toEqual([4, 5, 7]);
    const scope: Scope = { all: false, brokerIds: [4], policyHolderIds: [] };
    expect(scopeCondition(scope, { policyHolder: policyHolders.id })).toBeDefined();
    expect(new PgDialect().sqlToQuery(scopeCondition(scope, { policyHolder: policyHolders.id })!).sql).toBe(
      'false',
    );
  });

  it('should tell whether one record is in scope', () => {
    const scope: Scope = { all: false, brokerIds: [4], policyHolderIds: [7] };
    expect(inScope({ all: true }, {})).toBe(true);
    expect(inScope(scope, { brokerId: 4 })).toBe(true);
    expect(inScope(scope, { policyHolderId: 7, brokerId: 1 })).toBe(true);
    expect(inScope(scope, { brokerId: 5, policyHolderId: null })).toBe(false);
    expect(inScope(scope, {})).toBe(false);
  });
});
