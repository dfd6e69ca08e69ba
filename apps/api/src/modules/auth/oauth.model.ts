import OAuth2Server from '@node-oauth/oauth2-server';
import { verify } from '@node-rs/argon2';
import { and, eq, isNull } from 'drizzle-orm';
import type { TenantContext } from '../../context.js';
import * as users from '../users/index.js';
import { refreshTokens } from './auth.table.js';
import { hashToken } from './links.js';
import { hashPassword } from './passwords.js';
import {
  brokerageNotApproved,
  findClient,
  REGISTRATION_UNDER_REVIEW,
  type Subject,
  signAccessToken,
  storeRefreshToken,
} from './tokens.service.js';

const { InvalidGrantError } = OAuth2Server;

export const MAX_FAILED_LOGINS = 5;
export const LOCK_MINUTES = 15;
const ALLOWED_SCOPES = ['openid', 'profile', 'offline_access', 'api'];
/** Verified against when the user does not exist, so both paths cost one argon2 verification. */
let dummyHash: Promise<string> | undefined;
const equaliseTiming = async (password: string) => {
  dummyHash ??= hashPassword('aval-dummy-password');
  await verify(await dummyHash, password).catch(() => false);
};

type ModelUser = Subject & { id: number };

const lockedMessage = (until: Date) =>
  `Conta bloqueada temporariamente por excesso de tentativas. Tente novamente às ${until.toLocaleTimeString('pt-BR', { hour: '2-digit', minute: '2-digit', timeZone: 'America/Sao_Paulo' })}.`;

/** The client of `clientId` (its secret checked when given), or false. */
const clientOf = async (ctx: TenantContext, clientId: string, clientSecret: string | null) => {
  const row = await findClient(ctx, clientId);
  if (!row) return false;
  if (clientSecret !== null && clientSecret !== undefined) {
    const ok = await verify(row.secretHash, clientSecret).catch(() => false);
    if (!ok) return false;
  }
  return {
    id: row.clientId,
    grants: row.grants,
    accessTokenLifetime: row.accessTokenSeconds,
    refreshTokenLifetime: row.refreshTokenSeconds,
  };
};

type UserRow = NonNullable<Awaited<ReturnType<typeof users.findUserByUsername>>>['user'];

/** A wrong password: counted, and the account locked for a while at the fifth in a row. */
const failedSignIn = async (ctx: TenantContext, user: UserRow): Promise<never> => {
  const failed = user.failedLogins + 1;
  if (failed >= MAX_FAILED_LOGINS) {
    const until = new Date(Date.now() + LOCK_MINUTES * 60_000);
    await users.updateUser(ctx, user.id, { failedLogins: 0, lockedUntil: until });
    ctx.log.warn({ userId: user.id }, 'account locked after repeated failed sign-ins');
    throw new InvalidGrantError(lockedMessage(until), { locked_until: until.toISOString() });
  }
  await users.updateUser(ctx, user.id, { failedLogins: failed });
  throw new InvalidGrantError('Usuário ou senha inválidos.');
};

/** The password grant's user: active, not locked, the password right and the brokerage approved. */
const signInUser = async (ctx: TenantContext, username: string, password: string): Promise<ModelUser> => {
  const found = await users.findUserByUsername(ctx, username);
  if (!found?.user.passwordHash || !found.user.isActive) {
    await equaliseTiming(password);
    throw new InvalidGrantError('Usuário ou senha inválidos.');
  }
  const { user } = found;
  if (user.lockedUntil && user.lockedUntil > new Date()) {
    throw new InvalidGrantError(lockedMessage(user.lockedUntil), {
      locked_until: user.lockedUntil.toISOString(),
    });
  }
  const ok = await verify(user.passwordHash!, password).catch(() => false);
  if (!ok) return failedSignIn(ctx, user);
  // Only who knows the password learns that the registration is under review.
  if (await brokerageNotApproved(ctx, user)) throw new InvalidGrantError(REGISTRATION_UNDER_REVIEW);
  await users.updateUser(ctx, user.id, {
    failedLogins: 0,
    lockedUntil: null,
    lastLoginAt: new Date(),
  });
  return { id: user.id, userId: user.id, familyId: crypto.randomUUID() };
};

type IssuedToken = {
  accessToken: string;
  accessTokenExpiresAt?: Date;
  refreshToken?: string;
  refreshTokenExpiresAt?: Date;
  scope?: string[];
};

/** The issued tokens; the refresh token is kept only when `offline_access` was granted. */
const saveIssuedToken = async (
  ctx: TenantContext,
  token: IssuedToken,
  client: { id: string },
  user: ModelUser,
) => {
  const scope = token.scope ?? [];
  const out = { ...token, client, user };
  if (token.refreshToken && scope.includes('offline_access')) {
    const clientRow = await findClient(ctx, client.id);
    await storeRefreshToken(ctx, token.refreshToken, user, clientRow!, scope, token.refreshTokenExpiresAt!);
  } else {
    delete out.refreshToken;
    delete out.refreshTokenExpiresAt;
  }
  return out;
};

/**
 * The refresh token grant's token: false when unknown, ended, expired or its user (or the advisor
 * behind the session) inactive; a rotated token used again ends its whole family.
 */
const refreshTokenOf = async (ctx: TenantContext, refreshToken: string) => {
  const [row] = await ctx.db
    .select()
    .from(refreshTokens)
    .where(
      and(eq(refreshTokens.companyId, ctx.company.id), eq(refreshTokens.tokenHash, hashToken(refreshToken))),
    );
  if (!row) return false;
  // Ended on purpose (inactivation, password change, an advisor's return): simply invalid.
  if (row.revokedAt) return false;
  if (row.rotatedAt) {
    // Reuse of a rotated token: someone holds a stolen copy. End the whole family.
    await ctx.db
      .update(refreshTokens)
      .set({ revokedAt: new Date() })
      .where(and(eq(refreshTokens.familyId, row.familyId), isNull(refreshTokens.revokedAt)));
    ctx.log.warn(
      { userId: row.userId, familyId: row.familyId },
      'refresh token reuse detected; family revoked',
    );
    return false;
  }
  if (row.expiresAt < new Date()) return false;
  // An inactive user (or advisor behind the session) gets invalid_grant, never a server error.
  for (const id of [row.userId, row.actorUserId]) {
    if (id === null) continue;
    const u = await users.findUserById(ctx, id);
    if (!u?.user.isActive || (await brokerageNotApproved(ctx, u.user))) return false;
  }
  const user: ModelUser = {
    id: row.userId,
    userId: row.userId,
    actorUserId: row.actorUserId ?? undefined,
    familyId: row.familyId,
  };
  return {
    refreshToken,
    refreshTokenExpiresAt: row.expiresAt,
    scope: row.scope.split(' ').filter(Boolean),
    client: { id: row.clientId },
    user,
  };
};

/** Rotation: the used refresh token is marked rotated (a later reuse revokes its family). */
const rotateRefreshToken = async (ctx: TenantContext, token: { refreshToken: string }) => {
  await ctx.db
    .update(refreshTokens)
    .set({ rotatedAt: new Date() })
    .where(and(eq(refreshTokens.tokenHash, hashToken(token.refreshToken)), isNull(refreshTokens.rotatedAt)));
  return true;
};

/** The OAuth2 model of one request: every query runs in the company's RLS transaction. */
export const buildOAuthModel = (ctx: TenantContext) => ({
  getClient: (clientId: string, clientSecret: string | null) => clientOf(ctx, clientId, clientSecret),
  getUser: (username: string, password: string) => signInUser(ctx, username, password),
  validateScope: async (_user: unknown, _client: unknown, scope?: string[]) => {
    const requested = scope?.length ? scope : ['api'];
    return requested.every((s) => ALLOWED_SCOPES.includes(s)) ? requested : false;
  },
  generateAccessToken: async (client: { accessTokenLifetime?: number }, user: ModelUser) =>
    signAccessToken(ctx, user, client.accessTokenLifetime ?? 900),
  saveToken: (token: IssuedToken, client: { id: string }, user: ModelUser) =>
    saveIssuedToken(ctx, token, client, user),
  getRefreshToken: (refreshToken: string) => refreshTokenOf(ctx, refreshToken),
  revokeToken: (token: { refreshToken: string }) => rotateRefreshToken(ctx, token),
});
