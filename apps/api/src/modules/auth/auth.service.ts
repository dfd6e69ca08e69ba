import type { TokenResponse } from '@aval/contracts';
import { isAdvisor, replaceCompanyTags, tagDefinitionsByName, validatePassword } from '@aval/domain';
import OAuth2Server from '@node-oauth/oauth2-server';
import { verify } from '@node-rs/argon2';
import { and, count, desc, eq } from 'drizzle-orm';
import sanitizeHtml from 'sanitize-html';
import type { TenantContext, UserContext } from '../../context.js';
import { badRequest, forbidden, notFound, unprocessable } from '../../lib/errors.js';
import { RawReply } from '../../plugins/endpoints.js';
import * as users from '../users/index.js';
import { companyTags, termAcceptances, termsOfUse } from './auth.table.js';
import { createLinkToken, findOpenLink, markLinkUsed, portalBaseUrl } from './links.js';
import { recoveryMail } from './mail.templates.js';
import { buildOAuthModel } from './oauth.model.js';
import { hashPassword } from './passwords.js';
import {
  brokerageNotApproved,
  findClient,
  issueTokenPair,
  PORTAL_CLIENT_ID,
  revokeActingSessions,
  revokeAllOfUser,
} from './tokens.service.js';

const { OAuthError, Request, Response } = OAuth2Server;

/** The library's English descriptions, in pt-BR. */
const describe = (e: InstanceType<typeof OAuthError>) => {
  const m = e.message;
  if (/^Missing parameter: `grant_type`/.test(m)) return 'Informe o grant_type.';
  if (/^Missing parameter: `username`/.test(m)) return 'Informe o usuário.';
  if (/^Missing parameter: `password`/.test(m)) return 'Informe a senha.';
  if (/^Missing parameter: `refresh_token`/.test(m)) return 'Informe o refresh_token.';
  if (/^Invalid client/.test(m)) return 'Cliente inválido.';
  if (/^Unsupported grant type/.test(m)) return 'Tipo de concessão não suportado.';
  if (/^Unauthorized client/.test(m)) return 'Tipo de concessão não permitido para este cliente.';
  if (/refresh token (is invalid|has expired)/.test(m)) return 'Sessão expirada. Entre novamente.';
  if (/^Invalid scope/.test(m)) return 'Escopo inválido.';
  if (/^Invalid parameter/.test(m)) return 'Parâmetro inválido.';
  return e.name === 'server_error' ? 'Erro ao emitir o token.' : m;
};

/** POST /connect/token through @node-oauth/oauth2-server; errors in RFC 6749 form. */
export const token = async (ctx: TenantContext, body: Record<string, string | undefined>) => {
  const server = new OAuth2Server({
    // biome-ignore lint/suspicious/noExplicitAny: the library types its model loosely
    model: buildOAuthModel(ctx) as any,
    accessTokenLifetime: 900,
    refreshTokenLifetime: 60 * 60 * 24 * 14,
    requireClientAuthentication: { password: true, refresh_token: true },
    alwaysIssueNewRefreshToken: true,
  });
  const request = new Request({
    method: 'POST',
    query: {},
    headers: { 'content-type': 'application/x-www-form-urlencoded', 'content-length': '1' },
    body,
  });
  try {
    const t = await server.token(request, new Response({ headers: {} }));
    const expiresIn = t.accessTokenExpiresAt
      ? Math.round((t.accessTokenExpiresAt.getTime() - Date.now()) / 1000)
      : 900;
    const reply: TokenResponse = {
      access_token: t.accessToken,
      token_type: 'Bearer',
      expires_in: expiresIn,
      refresh_token: t.refreshToken,
      scope: Array.isArray(t.scope) ? t.scope.join(' ') : t.scope,
    };
    return reply;
  } catch (e) {
    if (!(e instanceof OAuthError)) throw e;
    const lockedUntil = (e as { locked_until?: string }).locked_until;
    return new RawReply(e.code === 401 ? 401 : 400, {
      error: e.name,
      error_description: describe(e),
      ...(lockedUntil ? { locked_until: lockedUntil } : {}),
    });
  }
};

const portalClient = async (ctx: TenantContext, clientId = PORTAL_CLIENT_ID) => {
  const client = await findClient(ctx, clientId);
  if (!client) throw badRequest('Cliente inválido.');
  return client;
};

const SESSION_SCOPE = ['openid', 'offline_access'];

/** An advisor starts acting as one of the brokers they advise. */
export const authenticationBroker = async (ctx: UserContext, brokerUserId: number) => {
  if (!isAdvisor(ctx.user.userType) || ctx.user.actorUserId) {
    throw forbidden('Somente um assessor pode atuar como corretor.');
  }
  const allowed = await users.advisorBrokerUserIds(ctx, ctx.user.userId);
  if (!allowed.includes(brokerUserId)) throw forbidden('Este corretor não está entre os que você assessora.');
  const broker = await users.findUserById(ctx, brokerUserId);
  if (!broker?.user.isActive) throw unprocessable('Este corretor está inativo.');
  return issueTokenPair(
    ctx,
    { userId: brokerUserId, actorUserId: ctx.user.userId },
    await portalClient(ctx),
    SESSION_SCOPE,
  );
};

/**
 * The advisor acting as a broker returns to their own identity: the acting-as-broker sessions
 * end (refresh tokens revoked, access tokens refused from the next request on).
 */
export const authenticationAdvisor = async (ctx: UserContext) => {
  const advisorUserId = ctx.user.actorUserId;
  if (!advisorUserId) throw unprocessable('Você não está atuando como corretor.');
  await revokeActingSessions(ctx, ctx.user.userId, advisorUserId);
  return issueTokenPair(ctx, { userId: advisorUserId }, await portalClient(ctx), SESSION_SCOPE);
};

/** Token exchange: the caller's own identity (fresh permissions) or a broker its advisor may act as. */
export const generateToken = async (ctx: UserContext, userUniqueId: string, clientId: string) => {
  const target = await users.findUserByUniqueId(ctx, userUniqueId);
  if (!target) throw notFound('Usuário não encontrado.');
  const client = await portalClient(ctx, clientId);
  const human = ctx.user.actorUserId ?? ctx.user.userId;
  if (target.user.id === ctx.user.userId) {
    return issueTokenPair(
      ctx,
      { userId: target.user.id, actorUserId: ctx.user.actorUserId },
      client,
      SESSION_SCOPE,
    );
  }
  if (target.user.id === human) return issueTokenPair(ctx, { userId: human }, client, SESSION_SCOPE);
  const advisor = await users.findUserById(ctx, human);
  if (advisor && isAdvisor(advisor.user.userTypeId)) {
    const allowed = await users.advisorBrokerUserIds(ctx, human);
    if (allowed.includes(target.user.id)) {
      return issueTokenPair(ctx, { userId: target.user.id, actorUserId: human }, client, SESSION_SCOPE);
    }
  }
  throw forbidden('Você não pode assumir esta identidade.');
};

export const RECOVERY_ANSWER =
  'Se o e-mail estiver cadastrado, você receberá um link para criar uma nova senha.';

/** Same answer whether or not the user exists; the link goes by e-mail only. */
export const requestRecovery = async (ctx: TenantContext, email: string) => {
  const found = await users.findUserByUsername(ctx, email);
  if (found?.user.isActive && !(await brokerageNotApproved(ctx, found.user))) {
    const tokenValue = await createLinkToken(ctx.db, ctx.company.id, found.user.id, 'recovery');
    const link = `${await portalBaseUrl(ctx)}/alterar-senha/${tokenValue}`;
    const mail = recoveryMail(ctx.company.name, found.person.name, link);
    await ctx.platform.jobs.send(
      ctx.platform.queues.sendMail,
      { to: found.person.email ?? found.user.username, ...mail },
      { tx: ctx.db },
    );
  } else {
    ctx.log.info('password recovery asked for an unknown or inactive user, or one not approved yet');
  }
  return RECOVERY_ANSWER;
};

export const validateLink = async (ctx: TenantContext, tokenValue: string) => {
  const u = await linkUser(ctx, tokenValue);
  if (!u) return { Valid: false, Username: null, Purpose: null };
  return { Valid: true, Username: u.user.username, Purpose: u.link.purpose };
};

/**
 * The open link and its user; none when the user's brokerage is not approved yet (first access and
 * recovery answer as for an expired link, saying nothing about the registration).
 */
const linkUser = async (ctx: TenantContext, tokenValue: string) => {
  const link = await findOpenLink(ctx.db, ctx.company.id, tokenValue);
  if (!link) return undefined;
  const u = await users.findUserById(ctx, link.userId);
  if (!u || (await brokerageNotApproved(ctx, u.user))) return undefined;
  return { ...u, link };
};

export const changePassword = async (
  ctx: TenantContext,
  input: { UniqueId: string; Password: string; ConfirmPassword: string },
) => {
  const u = await linkUser(ctx, input.UniqueId);
  if (!u) throw badRequest('Link inválido ou expirado. Peça um novo link de acesso.', 'link_invalid');
  const { link } = u;
  if (input.Password !== input.ConfirmPassword) throw unprocessable('As senhas não conferem.');
  const problems = validatePassword(input.Password, { username: u.user.username });
  if (problems.length) throw unprocessable(problems, 'password_policy');
  await users.updateUser(ctx, u.user.id, {
    passwordHash: await hashPassword(input.Password),
    failedLogins: 0,
    lockedUntil: null,
  });
  await markLinkUsed(ctx.db, link.id);
  await revokeAllOfUser(ctx, u.user.id);
  return true;
};

/**
 * The signed-in user's own password: the current one must match; the new one follows the recovery
 * rules and differs from the current one. Every session of the user ends (sign in again). An
 * advisor acting as a broker changes only their own password, after going back.
 */
export const changeOwnPassword = async (
  ctx: UserContext,
  input: { CurrentPassword: string; Password: string; ConfirmPassword: string },
) => {
  if (ctx.user.actorUserId)
    throw forbidden('Volte para o assessor antes de trocar a senha: esta sessão é do corretor.');
  const u = await users.findUserById(ctx, ctx.user.userId);
  const hash = u?.user.passwordHash;
  if (!u || !hash || !(await verify(hash, input.CurrentPassword).catch(() => false)))
    throw unprocessable('A senha atual não confere.', 'current_password');
  if (input.Password !== input.ConfirmPassword) throw unprocessable('As senhas não conferem.');
  if (input.Password === input.CurrentPassword)
    throw unprocessable('A nova senha deve ser diferente da senha atual.');
  const problems = validatePassword(input.Password, { username: u.user.username });
  if (problems.length) throw unprocessable(problems, 'password_policy');
  await users.updateUser(ctx, u.user.id, { passwordHash: await hashPassword(input.Password) });
  await revokeAllOfUser(ctx, u.user.id);
  return true;
};

const latestTerms = async (ctx: TenantContext) => {
  const [row] = await ctx.db
    .select()
    .from(termsOfUse)
    .where(eq(termsOfUse.companyId, ctx.company.id))
    .orderBy(desc(termsOfUse.version))
    .limit(1);
  return row;
};

/** The person at the keyboard: the advisor when acting as a broker. */
const humanOf = (ctx: UserContext) => ctx.user.actorUserId ?? ctx.user.userId;

export const hasAcceptedLatestTerms = async (ctx: UserContext) => {
  const terms = await latestTerms(ctx);
  if (!terms) return true;
  const [row] = await ctx.db
    .select()
    .from(termAcceptances)
    .where(and(eq(termAcceptances.termId, terms.id), eq(termAcceptances.userId, humanOf(ctx))));
  return Boolean(row);
};

/** Terms of use a user has accepted (a user with acceptances is kept, not deleted). */
export const termAcceptanceCount = async (ctx: Pick<TenantContext, 'db'>, userId: number) => {
  const [row] = await ctx.db
    .select({ n: count() })
    .from(termAcceptances)
    .where(eq(termAcceptances.userId, userId));
  return row?.n ?? 0;
};

export const sanitiseRichText = (html: string) =>
  sanitizeHtml(html, {
    allowedTags: sanitizeHtml.defaults.allowedTags.concat(['h1', 'h2', 'u', 's']),
    allowedAttributes: { a: ['href', 'target', 'rel'], '*': ['style'] },
    allowedStyles: { '*': { color: [/^#[0-9a-f]{3,6}$/i], 'text-align': [/^(left|right|center|justify)$/] } },
    allowedSchemes: ['http', 'https', 'mailto'],
  });

/**
 * The insurer's name and CNPJ as the terms of use print them, from its record (Dados da seguradora,
 * read through the wiring), the one source of what the insurer is called: as its documents print
 * them (`[SEGURADORA]`, `[CNPJ_SEGURADORA]`).
 */
const insurerTags = async (ctx: TenantContext) => {
  const insurer = await ctx.platform.wiring.insurerTagParty(ctx);
  const value = (tag: string) => tagDefinitionsByName.get(tag)?.resolve({ insurer });
  return [
    ['NOME_SEGURADORA', value('SEGURADORA')],
    ['CNPJ_SEGURADORA', value('CNPJ_SEGURADORA')],
  ] as const;
};

/**
 * The tags of the terms of use: the company's own (its contact e-mail), and the insurer's name and
 * CNPJ from its record. A tag row of those names counts only while the record lacks the value (an
 * insurer installed before the record existed, whose installation wrote them as tags).
 */
export const getCompanyTags = async (ctx: TenantContext) => {
  const rows = await ctx.db.select().from(companyTags).where(eq(companyTags.companyId, ctx.company.id));
  const tags = new Map(rows.map((r) => [r.name, r.value]));
  for (const [name, value] of await insurerTags(ctx)) if (value) tags.set(name, value);
  return [...tags].map(([Name, Value]) => ({ Name, Value }));
};

export const getTermOfUse = async (ctx: UserContext) => {
  const terms = await latestTerms(ctx);
  if (!terms) throw notFound('A seguradora ainda não publicou termos de uso.');
  const html = replaceCompanyTags(terms.html, await getCompanyTags(ctx));
  return { HTMLTermOfUse: sanitiseRichText(html), Version: terms.version };
};

export const acceptLatestTerms = async (ctx: UserContext) => {
  const terms = await latestTerms(ctx);
  if (!terms) throw notFound('A seguradora ainda não publicou termos de uso.');
  await ctx.db
    .insert(termAcceptances)
    .values({
      companyId: ctx.company.id,
      termId: terms.id,
      userId: humanOf(ctx),
      version: terms.version,
      ipAddress: ctx.ip,
    })
    .onConflictDoNothing();
  return true;
};
