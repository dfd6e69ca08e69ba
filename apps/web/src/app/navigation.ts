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
