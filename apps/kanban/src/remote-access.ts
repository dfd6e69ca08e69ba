import { getCurrentAccess } from '@aval/contracts';
import { AppError, unauthorized } from '@aval/transport';
import { type AccessCaches, userKey } from '@aval/transport/access';
import { z } from 'zod';

const reply = z.object({ Response: getCurrentAccess.response });

/** What the caller of a token may do now, as the API answers it. */
export type CurrentAccess = { userType: number; permissions: ReadonlySet<number> };

/** Whom a verified access token names: its user, its session (`sid`) and the advisor acting (`act`). */
export type TokenOwner = { userId: number; companyId: number; sid?: unknown; act?: unknown };

const unavailable = () =>
  new AppError(
    503,
    'Serviço de autenticação indisponível. Tente novamente em instantes.',
    'access_unavailable',
  );

/**
 * The live access of a verified token for the kanban service on its own (it reads no API table):
 * the API's `GET /api/Security/GetCurrentAccess` with the token itself (active user, session not
 * ended, user type and permissions of now), kept per user and session in `caches`, the access caches
 * of @aval/transport/access: dropped when the API announces a change of that user (NOTIFY on
 * `aval_access_changed`), at most their TTL, and not kept while notifications are down. Throws 401
 * when the user is inactive or the session ended, 503 when the API cannot answer.
 */
export const remoteAccess = (
  apiUrl: string,
  caches: AccessCaches,
  options: { fetch?: typeof fetch } = {},
) => {
  const doFetch = options.fetch ?? fetch;
  const url = new URL(getCurrentAccess.path, apiUrl).toString();
  const ask = async (token: string): Promise<CurrentAccess | undefined> => {
    const res = await doFetch(url, {
      headers: { authorization: `Bearer ${token}`, accept: 'application/json' },
    }).catch(() => {
      throw unavailable();
    });
    if (res.status === 401) return undefined;
    if (!res.ok) throw unavailable();
    const { Response } = reply.parse(await res.json());
    return { userType: Response.UserTypeId, permissions: new Set(Response.Permissions) };
  };
  const kept = caches.lookup<CurrentAccess>(async () => undefined);
  return async (owner: TokenOwner, token: string): Promise<CurrentAccess> => {
    const session = typeof owner.sid === 'string' ? owner.sid : '';
    const found =
      owner.act === undefined
        ? await kept(`${userKey(owner.companyId, owner.userId)}${session}`, () => ask(token))
        : // An advisor acting as another user depends on two users' access: asked every time.
          await ask(token);
    if (!found) throw unauthorized('Sessão inválida ou expirada. Entre novamente.', 'session_ended');
    return found;
  };
};
