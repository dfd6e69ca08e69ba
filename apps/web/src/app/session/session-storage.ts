/** localStorage keys of the session (spec §1 names lsApplicationConfig and userInfo). */
export const storageKeys = {
  authData: 'authData',
  userInfo: 'userInfo',
  advisorInfo: 'advisorInfo',
  storageInfo: 'storageInfo',
} as const;

/** Tokens of the signed-in identity, as /connect/token returns them. */
export type AuthData = {
  access_token: string;
  refresh_token?: string;
  token_type?: string;
  expires_in?: number;
  scope?: string;
};

export const readJson = <T>(key: string): T | undefined => {
  try {
    const raw = localStorage.getItem(key);
    return raw ? (JSON.parse(raw) as T) : undefined;
  } catch {
    return undefined;
  }
};

export const writeJson = (key: string, value: unknown) => {
  if (value === undefined || value === null) localStorage.removeItem(key);
  else localStorage.setItem(key, JSON.stringify(value));
};

export const getAuthData = (): AuthData | undefined => {
  const data = readJson<AuthData>(storageKeys.authData);
  return data?.access_token ? data : undefined;
};

export const setAuthData = (data: AuthData | undefined) => writeJson(storageKeys.authData, data);

export const getAccessToken = () => getAuthData()?.access_token;
export const getRefreshToken = () => getAuthData()?.refresh_token;

/** Logout (spec §8): clears auth data, advisor info, user info and storage info. */
export const clearSession = () => {
  for (const key of Object.values(storageKeys)) localStorage.removeItem(key);
};
