type Navigate = (path: string, options?: { replace?: boolean }) => void;

let navigator: Navigate = (path) => window.location.assign(path);

/** The router registers itself so non-React code (session, client) can navigate without reloads. */
export const setNavigator = (fn: Navigate) => {
  navigator = fn;
};

export const navigateTo = (path: string, options?: { replace?: boolean }) => navigator(path, options);

/** Full reload of the current page (token refresh). */
export const reloadPage = () => window.location.reload();

/** The login page of this portal. */
export const LOGIN_PATH = '/login';

/**
 * Where to go after signing in: a path of this portal only (`/…`, never `//host` or `/\host`,
 * never a login-type page); anything else is dropped.
 */
export const safeRedirect = (value: string | null | undefined): string | undefined => {
  if (!value?.startsWith('/') || value.startsWith('//') || value.startsWith('/\\')) return undefined;
  if ([...value].some((c) => c.charCodeAt(0) < 32)) return undefined;
  const path = value.split(/[?#]/)[0] ?? '';
  if (path === LOGIN_PATH || path === '/' || path === '/redirect-to-home') return undefined;
  return value;
};

/** The login page, remembering the protected page the visitor opened. */
export const loginPathFor = (next: string | undefined): string => {
  const target = safeRedirect(next);
  return target ? `${LOGIN_PATH}?redirect=${encodeURIComponent(target)}` : LOGIN_PATH;
};
