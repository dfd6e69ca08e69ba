import {
  authenticationAdvisor,
  authenticationBroker,
  changeUserInfoPassword,
  changeUserInfoStatus,
  getUserInfo,
  requestRecoveryPassword,
  saveUserInfo,
  searchInsureds,
  updateUserInfoProfile,
  validateUserInfoChangePasswordRequest,
} from '@aval/contracts';
import { Permission, UserType } from '@aval/domain';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  asInsurer,
  createBroker,
  createProfile,
  createUser,
  queuedMailsTo,
  setProfileFunctionalities,
  uniqueEmail,
  uniqueName,
} from '../../test/factories.js';
import { createTestApp, passwordGrant, refreshGrant, signIn, type TestApp } from '../../test/harness.js';
import { until } from '../../test/wait.js';
import { decideBrokerRegistration } from '../brokers/brokers.registration.js';
import { users } from '../users/users.table.js';
import { RECOVERY_ANSWER } from './auth.service.js';
import { hashPassword } from './passwords.js';
import { REGISTRATION_UNDER_REVIEW } from './tokens.service.js';

/**
 * Sessions and permissions (issue 11, items 1-3): permissions are read per request (per-user cache,
 * invalidated on every instance through NOTIFY), inactivation and an advisor's return end sessions.
 * Two API instances share one database: on PostgreSQL (TEST_DATABASE_URL) each has its own pool
 * and LISTEN connection; on PGlite they share the embedded database object. The cache TTL is an
 * hour, so only the invalidation can make a change visible.
 */
let t: TestApp;
let other: TestApp;
const env = { ACCESS_CACHE_SECONDS: '3600' };
beforeAll(async () => {
  t = await createTestApp({ env });
  other = await createTestApp({ env, sameDatabaseAs: t });
});
afterAll(async () => {
  await other?.close();
  await t?.close();
});

const PASSWORD = 'Sessao#Teste9';
const VIEW_INSUREDS = Permission.VISUALIZAR_SEGURADO;

const newProfile = (functionalities: number[]) => createProfile(t, functionalities);
const setFunctionalities = (profileUniqueId: string, ids: number[]) =>
  setProfileFunctionalities(t, profileUniqueId, ids);

/** A user of a fresh profile, signed in with the password grant (access and refresh tokens). */
const userWithSession = async (functionalities: number[]) => {
  const profileUniqueId = await newProfile(functionalities);
  const user = await createUser(t, { profileUniqueId, password: PASSWORD });
  const grant = await passwordGrant(t, user.Username, PASSWORD);
  expect(grant.statusCode).toBe(200);
  const { access_token: token, refresh_token: refresh } = grant.json() as {
    access_token: string;
    refresh_token: string;
  };
  return {
    id: user.UserInfoId,
    username: user.Username,
    profileUniqueId,
    refresh,
    as: { token, company: 54 },
  };
};

const functionalityIds = async (app: TestApp, as: { token: string; company: number }) =>
  (await app.data(getUserInfo, { as })).Menus.flatMap((m) => m.MenuFuncionalities.map((f) => f.Id));

/** Status of SearchInsureds (needs VISUALIZAR_SEGURADO) and whether the menu offers it. */
const access = async (app: TestApp, as: { token: string; company: number }) => ({
  status: (await app.call(searchInsureds, { as })).status,
  inMenu: (await functionalityIds(app, as)).includes(VIEW_INSUREDS),
});
const allowed = { status: 200, inMenu: true };
const refused = { status: 403, inMenu: false };
/** Another instance learns of a change by NOTIFY, delivered a moment after the commit. */
const eventually = (check: () => Promise<void>) =>
  until(async () => {
    await check();
    return true;
  }, 'the other instance to learn of the change');

describe('permissions of a live session (issue 11, item 1)', () => {
  it('should allow a granted functionality on the next call and refuse a revoked one, menu and API alike', async () => {
    const u = await userWithSession([Permission.VISUALIZAR_USUARIOS]);
    expect(await access(t, u.as)).toEqual(refused);
    expect(await access(other, u.as)).toEqual(refused);

    await setFunctionalities(u.profileUniqueId, [Permission.VISUALIZAR_USUARIOS, VIEW_INSUREDS]);
    expect(await access(t, u.as)).toEqual(allowed);
    await eventually(async () => expect(await access(other, u.as)).toEqual(allowed));

    await setFunctionalities(u.profileUniqueId, [Permission.VISUALIZAR_USUARIOS]);
    expect(await access(t, u.as)).toEqual(refused);
    await eventually(async () => expect(await access(other, u.as)).toEqual(refused));
  });

  it("should apply a change of the user's profile on the next call, on every instance", async () => {
    const u = await userWithSession([]);
    const withInsureds = await newProfile([VIEW_INSUREDS]);
    expect(await access(other, u.as)).toEqual(refused);
    await t.data(updateUserInfoProfile, {
      as: 'admin',
      body: { UserInfoId: u.id, ProfileUniqueId: withInsureds },
    });
    expect(await access(t, u.as)).toEqual(allowed);
    await eventually(async () => expect(await access(other, u.as)).toEqual(allowed));
  });
});

describe('GetUserInfo kept in memory per user (issue 12)', () => {
  it('should answer from memory with the same bytes, content type and headers as the computed answer', async () => {
    const u = await userWithSession([Permission.VISUALIZAR_USUARIOS]);
    const computed = await t.call(getUserInfo, { as: u.as });
    const kept = await t.call(getUserInfo, { as: u.as });
    const again = await t.call(getUserInfo, { as: u.as });
    expect(computed.status).toBe(200);
    expect(kept.raw.body).toBe(computed.raw.body);
    expect(again.raw.body).toBe(computed.raw.body);
    expect(kept.headers['content-type']).toBe(computed.headers['content-type']);
    expect(kept.headers['x-content-type-options']).toBe('nosniff');
    expect(kept.data.UserInfoId).toBe(u.id);
  });

  it("should show a user's new name and e-mail on the next call, on every instance", async () => {
    const u = await userWithSession([Permission.VISUALIZAR_USUARIOS]);
    const before = await t.data(getUserInfo, { as: u.as });
    expect((await other.data(getUserInfo, { as: u.as })).Name).toBe(before.Name);
    const Name = uniqueName('Renomeado');
    await t.data(saveUserInfo, {
      as: 'admin',
      body: {
        UserInfoId: u.id,
        Name,
        Email: u.username,
        UserTypeId: UserType.INSURANCE,
        ProfileUniqueId: u.profileUniqueId,
      },
    });
    expect((await t.data(getUserInfo, { as: u.as })).Name).toBe(Name);
    await eventually(async () => expect((await other.data(getUserInfo, { as: u.as })).Name).toBe(Name));
  });
});

describe('inactivation (issue 11, item 2)', () => {
  it('should end the sessions of an inactivated user: 401 on the next call, invalid_grant on refresh', async () => {
    const u = await userWithSession([VIEW_INSUREDS]);
    expect((await t.call(searchInsureds, { as: u.as })).status).toBe(200);
    expect((await other.call(searchInsureds, { as: u.as })).status).toBe(200);

    await t.data(changeUserInfoStatus, { as: 'admin', query: { userId: u.id } });

    const next = await t.call(searchInsureds, { as: u.as });
    expect(next.status).toBe(401);
    expect(next.errors).toEqual(['Sessão inválida ou expirada. Entre novamente.']);
    await eventually(async () => expect((await other.call(searchInsureds, { as: u.as })).status).toBe(401));
    const refreshed = await refreshGrant(t, u.refresh);
    expect(refreshed.statusCode).toBe(400);
    expect(refreshed.json()).toEqual({
      error: 'invalid_grant',
      error_description: 'Sessão expirada. Entre novamente.',
    });

    // Active again: the old sessions stay ended, a new sign-in works.
    await t.data(changeUserInfoStatus, { as: 'admin', query: { userId: u.id } });
    expect((await t.call(searchInsureds, { as: u.as })).status).toBe(401);
    expect((await refreshGrant(t, u.refresh)).statusCode).toBe(400);
    expect((await passwordGrant(t, u.username, PASSWORD)).statusCode).toBe(200);
  });
});

describe("an advisor's return (issue 11, item 3)", () => {
  it('should end the acting-as-broker access and refresh tokens, not the broker own session', async () => {
    const advisor = await signIn(t, 'assessor');
    const broker = await signIn(t, 'corretor');
    const brokerId = (await t.data(getUserInfo, { as: broker })).UserId;
    const acting = await t.data(authenticationBroker, {
      as: advisor,
      body: { BrokerUserId: brokerId },
    });
    const asBroker = { token: acting.access_token, company: 54 };
    expect((await t.data(getUserInfo, { as: asBroker })).UserId).toBe(brokerId);
    expect((await other.data(getUserInfo, { as: asBroker })).UserId).toBe(brokerId);

    const back = await t.data(authenticationAdvisor, { as: asBroker });
    expect((await t.data(getUserInfo, { as: { token: back.access_token, company: 54 } })).UserTypeId).toBe(
      UserType.ADVISOR,
    );

    expect((await t.call(getUserInfo, { as: asBroker })).status).toBe(401);
    await eventually(async () => expect((await other.call(getUserInfo, { as: asBroker })).status).toBe(401));
    const refreshed = await refreshGrant(t, acting.refresh_token!);
    expect(refreshed.statusCode).toBe(400);
    expect(refreshed.json().error).toBe('invalid_grant');
    // The broker's own session goes on.
    expect((await t.data(getUserInfo, { as: broker })).UserId).toBe(brokerId);
    expect((await refreshGrant(t, broker.refreshToken!)).statusCode).toBe(200);
  });
});

describe('a brokerage not yet approved (issue 11, item 4)', () => {
  const linkIn = (mails: string[], kind: 'alterar-senha' | 'primeiro-acesso') =>
    mails
      .map((m) => m.match(new RegExp(`/${kind}/([A-Za-z0-9_-]{43})`))?.[1])
      .find((v): v is string => Boolean(v));

  it('should refuse recovery, first access and sign-in to its users until the insurer approves it', async () => {
    const broker = await createBroker(t, { approve: false });
    const email = broker.adminEmail;

    // Recovery: the neutral answer, and no link goes out.
    expect(await t.data(requestRecoveryPassword, { body: { Email: email } })).toBe(RECOVERY_ANSWER);
    expect(linkIn(await queuedMailsTo(t, email), 'alterar-senha')).toBeUndefined();

    // First access of another user of the brokerage: the link answers as an expired one.
    const member = await t.data(saveUserInfo, {
      as: 'admin',
      body: {
        Name: uniqueName('Corretor'),
        Email: uniqueEmail(),
        UserTypeId: UserType.BROKER,
        BrokerId: broker.id,
      },
    });
    const firstAccess = linkIn(await queuedMailsTo(t, member.Username), 'primeiro-acesso')!;
    expect(firstAccess).toBeDefined();
    expect(await t.data(validateUserInfoChangePasswordRequest, { body: { UniqueId: firstAccess } })).toEqual({
      Valid: false,
      Username: null,
      Purpose: null,
    });
    const set = await t.call(changeUserInfoPassword, {
      body: { UniqueId: firstAccess, Password: PASSWORD, ConfirmPassword: PASSWORD },
    });
    expect(set.status).toBe(400);
    expect(set.errors).toEqual(['Link inválido ou expirado. Peça um novo link de acesso.']);

    // Sign-in with the right password (one set before this rule): the registration is under review.
    // A wrong password learns nothing about the registration.
    await t.database.db
      .update(users)
      .set({ passwordHash: await hashPassword(PASSWORD) })
      .where(eq(users.id, broker.adminUser!.id));
    const refused = await passwordGrant(t, email, PASSWORD);
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toEqual({ error: 'invalid_grant', error_description: REGISTRATION_UNDER_REVIEW });
    expect((await passwordGrant(t, email, 'Errada#Senha9')).json().error_description).toBe(
      'Usuário ou senha inválidos.',
    );

    // Approved: the same user signs in and recovers its password; the approval's first-access link works.
    await asInsurer(t, (ctx) => decideBrokerRegistration(ctx, broker.id, { approve: true }));
    expect((await passwordGrant(t, email, PASSWORD)).statusCode).toBe(200);
    await t.data(requestRecoveryPassword, { body: { Email: email } });
    expect(linkIn(await queuedMailsTo(t, email), 'alterar-senha')).toBeDefined();
    const links = (await queuedMailsTo(t, member.Username)).flatMap(
      (m) => m.match(/\/primeiro-acesso\/([A-Za-z0-9_-]{43})/)?.[1] ?? [],
    );
    expect(links).toHaveLength(2);
    const valid = await Promise.all(
      links.map(
        async (UniqueId) =>
          (await t.data(validateUserInfoChangePasswordRequest, { body: { UniqueId } })).Valid,
      ),
    );
    expect(valid.sort()).toEqual([false, true]);
  });
});
