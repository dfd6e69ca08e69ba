import { getUserInfo, getUserInfoByUniqueId, saveUserInfo } from '@aval/contracts';
import { Permission, UserType } from '@aval/domain';
import { and, eq, ne } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Caller } from '../../test/call.js';
import { uniqueEmail, uniqueName } from '../../test/factories.js';
import { createTestApp, type TestApp } from '../../test/harness.js';
import { brokers } from '../brokers/brokers.table.js';
import { users } from './users.table.js';

/** Who sees whom (issue 11, item 6) and a user's brokerage (item 9). */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const uniqueIdOf = async (as: Caller) => (await t.data(getUserInfo, { as })).UniqueId;
const infoStatus = async (as: Caller, UniqueId: string) =>
  (await t.call(getUserInfoByUniqueId, { as, query: { UniqueId } })).status;

describe('GetUserInfoByUniqueId (issue 11, item 6)', () => {
  it('should answer for the caller, users of its own brokerage, and anyone for insurer staff', async () => {
    // corretor and agente are of one brokerage, corretor2 of another.
    const [broker, agent, otherBroker, admin] = await Promise.all(
      (['corretor', 'agente', 'corretor2', 'admin'] as const).map(uniqueIdOf),
    );
    expect(await infoStatus('corretor', broker!)).toBe(200);
    expect(await infoStatus('corretor', agent!)).toBe(200);
    expect(await infoStatus('corretor', otherBroker!)).toBe(404);
    expect(await infoStatus('corretor', admin!)).toBe(404);
    expect(await infoStatus('corretor2', broker!)).toBe(404);
    for (const id of [broker, agent, otherBroker, admin]) expect(await infoStatus('admin', id!)).toBe(200);

    // A policy holder (or an advisor) with the user permission sees itself only.
    for (const utp of [UserType.POLICY_HOLDER, UserType.ADVISOR]) {
      const as: Caller = { cid: 54, utp, prm: [Permission.VISUALIZAR_USUARIOS] };
      expect(await infoStatus(as, await uniqueIdOf(as))).toBe(200);
      expect(await infoStatus(as, broker!)).toBe(404);
      expect(await infoStatus(as, admin!)).toBe(404);
    }
  });
});

describe('SaveUserInfo BrokerId (issue 11, item 9)', () => {
  const brokerOf = async (companyId: number) => {
    const [row] = await t.database.db
      .select({ id: brokers.id })
      .from(brokers)
      .where(eq(brokers.companyId, companyId))
      .limit(1);
    return row!.id;
  };
  const save = ({ UserTypeId, ...rest }: { UserTypeId: number; BrokerId?: number; UserInfoId?: number }) =>
    t.call(saveUserInfo, {
      as: 'admin',
      body: { Name: uniqueName('Pessoa'), Email: uniqueEmail(), UserTypeId: UserTypeId as 2, ...rest },
    });
  const brokerIdError = (message: string) => [{ Field: 'BrokerId', Message: message }];

  it("should refuse a brokerage that is not one of the company's, or one for a user who is no broker", async () => {
    const ours = await brokerOf(54);
    const theirs = await brokerOf(325);
    for (const BrokerId of [theirs, 2_000_000_000]) {
      const res = await save({ UserTypeId: UserType.BROKER, BrokerId });
      expect(res.status).toBe(422);
      expect((res.body as unknown as { Fields: unknown }).Fields).toEqual(
        brokerIdError('Corretora não encontrada.'),
      );
    }
    const insurer = await save({ UserTypeId: UserType.INSURANCE, BrokerId: ours });
    expect(insurer.status).toBe(422);
    expect((insurer.body as unknown as { Fields: unknown }).Fields).toEqual(
      brokerIdError('Somente usuários corretores ou agentes pertencem a uma corretora.'),
    );

    const created = await save({ UserTypeId: UserType.AGENT, BrokerId: ours });
    expect(created.status).toBe(200);
    expect(created.data.BrokerId).toBe(ours);
    // Changing it later is checked the same way.
    const moved = await save({
      UserTypeId: UserType.AGENT,
      BrokerId: theirs,
      UserInfoId: created.data.UserInfoId,
    });
    expect(moved.status).toBe(422);
  });

  it("should keep a user's brokerage within its company in the database too (foreign key)", async () => {
    const theirs = await brokerOf(325);
    const [someone] = await t.database.db
      .select({ id: users.id })
      .from(users)
      .where(and(eq(users.companyId, 54), ne(users.userTypeId, UserType.INSURANCE)))
      .limit(1);
    for (const brokerId of [theirs, 2_000_000_000]) {
      await expect(
        t.database.db.update(users).set({ brokerId }).where(eq(users.id, someone!.id)),
      ).rejects.toThrow();
    }
  });
});
