import { createHash } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import type { Company, Platform, TenantContext } from '../../context.js';
import { chargeCounters, forgetCounters } from '../../lib/counters.js';
import { tooManyRequests } from '../../lib/errors.js';

type SignInBody = { grant_type?: string; username?: string } | undefined;

/** The password sign-in of a body, if it is one: its username as the users table compares it. */
const usernameOf = (body: SignInBody) =>
  body?.grant_type === 'password' && body.username?.trim() ? body.username.trim().toLowerCase() : undefined;

/** The counter of one account's sign-in attempts (the username hashed: keys hold no personal data). */
const accountKey = (companyId: number, username: string) =>
  `sign-in:account:${companyId}:${createHash('sha256').update(username).digest('hex')}`;

const minutes = (seconds: number) => {
  const m = Math.max(1, Math.ceil(seconds / 60));
  return `${m} ${m === 1 ? 'minuto' : 'minutos'}`;
};

/**
 * Per-account limit of password sign-ins, whatever the address and the instance (the token
 * route's `admit`, before the request's transaction): every attempt is counted in PostgreSQL
 * before the password is checked, and beyond ACCOUNT_SIGNIN_LIMIT in the window the account
 * answers 429, even to the right password, so spraying it from many addresses still locks it.
 * Unknown usernames count the same way (the answer tells nothing about whether they exist).
 */
export const admitSignIn = async (
  platform: Platform,
  company: Company | undefined,
  request: FastifyRequest,
) => {
  const username = usernameOf(request.body as SignInBody);
  if (!company || !username) return;
  const { limit, windowMinutes } = platform.config.accountSignIn;
  const result = await chargeCounters(platform.database.db, [
    { key: accountKey(company.id, username), windowSeconds: windowMinutes * 60, limit },
  ]);
  if (!result.ok) {
    request.log.warn('sign-ins of one account refused after repeated attempts');
    throw tooManyRequests(
      `Muitas tentativas de entrada nesta conta. Aguarde ${minutes(result.retryAfterSeconds)} e tente novamente, ou recupere a senha.`,
      result.retryAfterSeconds,
      'account_sign_in_limit',
    );
  }
};

/** After a successful password sign-in, its account's attempts are forgotten. */
export const forgetSignInAttempts = async (ctx: TenantContext, body: SignInBody) => {
  const username = usernameOf(body);
  if (username) await forgetCounters(ctx.db, [accountKey(ctx.company.id, username)]);
};
