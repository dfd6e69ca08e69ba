import {
  authenticationAdvisorCall,
  authenticationBrokerCall,
  connectTokenCall,
  getUserInfoCall,
  type TokenResponse,
} from '@aval/contracts';
import { api } from '../api.js';
import { LOGIN_PATH, navigateTo } from '../navigation.js';
import {
  type AuthData,
  clearSession,
  getAccessToken,
  getRefreshToken,
  readJson,
  setAuthData,
  storageKeys,
  writeJson,
} from './session-storage.js';
import { getUserInfo, resetUserInfoCache, setUserInfo, type UserInfo } from './user-info.js';

/** The portal's OAuth2 client (registered per company by the identity service). */
export const portalClient = {
  client_id: 'aval-portal',
  client_secret: 'aval-portal-spa',
  scope: 'openid offline_access',
} as const;

const keepTokens = (tokens: TokenResponse): AuthData => {
  const data: AuthData = { ...tokens };
  setAuthData(data);
  return data;
};

/** Reads the signed-in user's info and keeps it (localStorage `userInfo`). */
export const loadUserInfo = async (options: { handleUnauthorized?: boolean } = {}) => {
  const user = await api.call(getUserInfoCall, {}, options);
  setUserInfo(user);
  return user;
};

/** Password grant; keeps the tokens and the user info. Errors: ApiError (oauthError, lockedUntil). */
export const signIn = async (username: string, password: string): Promise<UserInfo> => {
  const tokens = await api.call(connectTokenCall, {
    body: { grant_type: 'password', username, password, ...portalClient },
  });
  keepTokens(tokens);
  writeJson(storageKeys.advisorInfo, undefined);
  sessionLoaded = true;
  return loadUserInfo();
};

/** refresh_token grant, single flight: concurrent callers share one request. */
let refreshing: Promise<AuthData> | undefined;
export const refreshTokens = (): Promise<AuthData> => {
  refreshing ??= (async () => {
    const refresh_token = getRefreshToken();
    if (!refresh_token) throw new Error('Sem refresh token.');
    const tokens = await api.call(connectTokenCall, {
      body: { grant_type: 'refresh_token', refresh_token, ...portalClient },
    });
    return keepTokens(tokens);
  })().finally(() => {
    refreshing = undefined;
  });
  return refreshing;
};

/** When an access token expires (ms since the epoch, its `exp`); undefined when it cannot be read. */
export const tokenExpiresAt = (token: string): number | undefined => {
  try {
    const payload = token.split('.')[1]!.replace(/-/g, '+').replace(/_/g, '/');
    const exp = (JSON.parse(atob(payload)) as { exp?: unknown }).exp;
    return typeof exp === 'number' ? exp * 1000 : undefined;
  } catch {
    return undefined;
  }
};

/**
 * The session's access token, refreshed first (refresh_token grant, single flight) when it has
 * expired or expires within `marginMs`: for a connection the 401 flow does not cover, such as the
 * board's live stream, which the server ends at its token's expiry.
 */
export const freshAccessToken = async (marginMs = 30_000): Promise<string | undefined> => {
  const token = getAccessToken();
  const expiresAt = token ? tokenExpiresAt(token) : undefined;
  if (!token || expiresAt === undefined || expiresAt - Date.now() > marginMs || !getRefreshToken())
    return token;
  return (await refreshTokens()).access_token;
};

/** Logout (spec §8): clears auth data, advisor info, user info and storage info, then login. */
export const logout = (navigate = true) => {
  clearSession();
  resetUserInfoCache();
  sessionLoaded = false;
  if (navigate) navigateTo(LOGIN_PATH, { replace: true });
};

let sessionLoaded = false;
let loading: Promise<UserInfo | undefined> | undefined;

/**
 * The user of this tab, loaded once per start (spec §8: a 401 while loading tries the refresh,
 * reloads, and logs out on failure). A network failure falls back to the stored user info.
 */
export const ensureUserInfo = (): Promise<UserInfo | undefined> => {
  if (!getAccessToken()) return Promise.resolve(undefined);
  if (sessionLoaded && getUserInfo()) return Promise.resolve(getUserInfo());
  loading ??= (async () => {
    try {
      return await loadUserInfo({ handleUnauthorized: false });
    } catch (error) {
      const status = (error as { status?: number }).status;
      if (status === 401 && getRefreshToken()) {
        try {
          await refreshTokens();
          return await loadUserInfo({ handleUnauthorized: false });
        } catch {
          logout(false);
          return undefined;
        }
      }
      if (status === 401 || status === 403) {
        logout(false);
        return undefined;
      }
      return getUserInfo();
    } finally {
      sessionLoaded = true;
    }
  })().finally(() => {
    loading = undefined;
  });
  return loading;
};

export type AdvisorInfo = { user: UserInfo; auth: AuthData };

export const getAdvisorInfo = () => readJson<AdvisorInfo>(storageKeys.advisorInfo);

/** An advisor starts acting as one of their brokers (the token says who is acting). */
export const actAsBroker = async (brokerUserId: number): Promise<UserInfo> => {
  const advisor = getUserInfo();
  const auth = readJson<AuthData>(storageKeys.authData);
  const tokens = await api.call(authenticationBrokerCall, { body: { BrokerUserId: brokerUserId } });
  if (advisor && auth) writeJson(storageKeys.advisorInfo, { user: advisor, auth } satisfies AdvisorInfo);
  keepTokens(tokens);
  return loadUserInfo();
};

/** 'Voltar para assessor': back to the advisor identity. */
export const backToAdvisor = async (): Promise<UserInfo> => {
  const tokens = await api.call(authenticationAdvisorCall, {});
  keepTokens(tokens);
  writeJson(storageKeys.advisorInfo, undefined);
  return loadUserInfo();
};
