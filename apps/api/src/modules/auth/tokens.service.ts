import { randomBytes, randomUUID } from 'node:crypto';
import type { TokenResponse } from '@aval/contracts';
import { and, eq, gt, isNull } from 'drizzle-orm';
import type { TenantContext } from '../../context.js';
import type { DbOrTx } from '../../db/client.js';
import { unauthorized } from '../../lib/errors.js';
import * as users from '../users/index.js';
import { oauthClients, refreshTokens } from './auth.table.js';
import { hashToken } from './links.js';

export type ClientRow = typeof oauthClients.$inferSelect;
export type Subject = { userId: number; actorUserId?: number; familyId: string };

export const PORTAL_CLIENT_ID = 'aval-portal';

export const findClient = async (ctx: TenantContext, clientId: string) => {
  const [row] = await ctx.db
    .select()
    .from(oauthClients)
    .where(and(eq(oauthClients.companyId, ctx.company.id), eq(oauthClients.clientId, clientId)));
  return row;
};

export const REGISTRATION_UNDER_REVIEW =
  'O cadastro da sua corretora está em análise pela seguradora. Você poderá entrar assim que ele for aprovado.';

/** A user of a brokerage the insurer has not approved: no sign-in, recovery or password yet. */
export const brokerageNotApproved = (ctx: TenantContext, user: { brokerId: number | null }) =>
  ctx.platform.wiring.accountOnHold(ctx, user);

/** Signs a short-lived access token with the user's current profile permissions. */
export const signAccessToken = async (ctx: TenantContext, subject: Subject, lifetimeSeconds: number) => {
  const u = await users.findUserById(ctx, subject.userId);
  if (!u?.user.isActive) throw unauthorized('Usuário inativo ou inexistente.', 'user_inactive');
  if (await brokerageNotApproved(ctx, u.user))
    throw unauthorized(REGISTRATION_UNDER_REVIEW, 'registration_pending');
  const prm = await users.profilePermissionIds(ctx, u.user.profileId);
  return ctx.platform.tokens.sign(
    {
      sub: String(u.user.id),
      cid: ctx.company.id,
      utp: u.user.userTypeId,
      prf: u.profile?.uniqueId,
      prm,
      act: subject.actorUserId ? String(subject.actorUserId) : undefined,
      sid: subject.familyId,
    },
    lifetimeSeconds,
  );
};

/** Stores a refresh token (hash only) in the subject's family. */
export const storeRefreshToken = async (
  ctx: TenantContext,
  token: string,
  subject: Subject,
  client: ClientRow,
  scope: string[],
  expiresAt: Date,
) => {
  await ctx.db.insert(refreshTokens).values({
    companyId: ctx.company.id,
    tokenHash: hashToken(token),
    familyId: subject.familyId,
    userId: subject.userId,
    actorUserId: subject.actorUserId ?? null,
    clientId: client.clientId,
    scope: scope.join(' '),
    expiresAt,
  });
};

/** Issues an access token and (with offline_access) a refresh token in a new family. */
export const issueTokenPair = async (
  ctx: TenantContext,
  subject: Omit<Subject, 'familyId'>,
  client: ClientRow,
  scope: string[],
): Promise<TokenResponse> => {
  const full = { ...subject, familyId: randomUUID() };
  const access = await signAccessToken(ctx, full, client.accessTokenSeconds);
  let refresh: string | undefined;
  if (scope.includes('offline_access')) {
    refresh = randomBytes(32).toString('hex');
    await storeRefreshToken(
      ctx,
      refresh,
      full,
      client,
      scope,
      new Date(Date.now() + client.refreshTokenSeconds * 1000),
    );
  }
  return {
    access_token: access,
    token_type: 'Bearer',
    expires_in: client.accessTokenSeconds,
    refresh_token: refresh,
    scope: scope.join(' '),
  };
};

/** Revokes every refresh token of a user and ends its access tokens on every instance. */
export const revokeAllOfUser = async (ctx: TenantContext, userId: number) => {
  await ctx.db
    .update(refreshTokens)
    .set({ revokedAt: new Date() })
    .where(and(eq(refreshTokens.userId, userId), isNull(refreshTokens.revokedAt)));
  await ctx.platform.access.changed(ctx.db, ctx.company.id, [userId]);
};

/** Ends the sessions an advisor opened as `userId` (AuthenticationBroker): refresh and access tokens. */
export const revokeActingSessions = async (ctx: TenantContext, userId: number, actorUserId: number) => {
  await ctx.db
    .update(refreshTokens)
    .set({ revokedAt: new Date() })
    .where(
      and(
        eq(refreshTokens.userId, userId),
        eq(refreshTokens.actorUserId, actorUserId),
        isNull(refreshTokens.revokedAt),
      ),
    );
  await ctx.platform.access.changed(ctx.db, ctx.company.id, [userId]);
};

/** Longest life of an access token after its session ended (no client issues longer ones). */
const ENDED_SESSION_MEMORY_MS = 24 * 60 * 60 * 1000;

/**
 * Sessions (refresh-token families, the `sid` of access tokens) of a user ended recently enough
 * that access tokens of them may still be unexpired.
 */
export const endedSessions = async (db: DbOrTx, companyId: number, userId: number) => {
  const rows = await db
    .selectDistinct({ familyId: refreshTokens.familyId })
    .from(refreshTokens)
    .where(
      and(
        eq(refreshTokens.companyId, companyId),
        eq(refreshTokens.userId, userId),
        gt(refreshTokens.revokedAt, new Date(Date.now() - ENDED_SESSION_MEMORY_MS)),
      ),
    );
  return rows.map((r) => r.familyId);
};
