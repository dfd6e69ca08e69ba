import { redirect } from 'react-router';
import { getApplicationConfig } from '../config/portal-config.js';
import { loginPathFor } from '../navigation.js';
import { ensureUserInfo } from '../session/session.js';
import { getAccessToken } from '../session/session-storage.js';
import { hasAnyPermission, homePath, isAdministrator, type UserInfo } from '../session/user-info.js';
import type { RouteMeta } from './route-types.js';

export const MAINTENANCE_PATH = '/maintenance';

/** Development mode never redirects to the maintenance page (spec §2). */
export const isDevelopment = () => import.meta.env.DEV;

export type GuardDecision = { redirectTo: string } | { user: UserInfo | undefined };

/**
 * Spec §2 guards, in order: maintenance (outside development) → /maintenance; a login-type page
 * while signed in → /redirect-to-home; a protected page while signed out → login; without any of
 * the route's user types, permissions (or the administrator rule) → /error-401. `next` (path and
 * query) is where the login page returns after signing in.
 */
export const decide = async (
  meta: Pick<RouteMeta, 'access' | 'permissions' | 'userTypes'>,
  pathname: string,
  next: string = pathname,
): Promise<GuardDecision> => {
  if (getApplicationConfig()?.maintenance && !isDevelopment() && pathname !== MAINTENANCE_PATH)
    return { redirectTo: MAINTENANCE_PATH };
  if (meta.access === 'any') return { user: undefined };
  const signedIn = Boolean(getAccessToken());
  if (meta.access === 'public') return signedIn ? { redirectTo: '/redirect-to-home' } : { user: undefined };
  const user = signedIn ? await ensureUserInfo() : undefined;
  if (!user) return { redirectTo: loginPathFor(next) };
  if (meta.access === 'admin' && !isAdministrator(user)) return { redirectTo: '/error-401' };
  if (meta.userTypes && !meta.userTypes.includes(user.UserTypeId)) return { redirectTo: '/error-401' };
  if (!hasAnyPermission(user, meta.permissions)) return { redirectTo: '/error-401' };
  return { user };
};

/** Route loader running the guard. */
export const guardLoader =
  (meta: Pick<RouteMeta, 'access' | 'permissions' | 'userTypes'>) =>
  async ({ request }: { request: Request }) => {
    const url = new URL(request.url);
    const decision = await decide(meta, url.pathname, url.pathname + url.search);
    if ('redirectTo' in decision) throw redirect(decision.redirectTo);
    return null;
  };

/** /redirect-to-home: the menu item equal to HomeMenuId, else the first one. */
export const redirectToHomeLoader = async ({ request }: { request: Request }) => {
  const decision = await decide({ access: 'auth' }, new URL(request.url).pathname);
  if ('redirectTo' in decision) throw redirect(decision.redirectTo);
  throw redirect(homePath(decision.user));
};
