import { getUserInfo } from '@aval/contracts';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

const dialogs: Array<[string, string, string]> = [];
vi.mock('../../shared/ui/feedback-modals.js', () => ({
  showStatusDialog: (kind: string, title: string, message: string) => dialogs.push([kind, title, message]),
}));
const reload = vi.fn();
const navigations: string[] = [];
vi.mock('../navigation.js', () => ({
  reloadPage: () => reload(),
  navigateTo: (path: string) => navigations.push(path),
  LOGIN_PATH: '/login',
}));

const { api } = await import('../api.js');
const { resetRefreshFlow } = await import('./refresh-flow.js');
const { ensureUserInfo, logout } = await import('./session.js');

const flush = async () => {
  for (let i = 0; i < 100 && dialogs.length === 0; i += 1) await Promise.resolve();
};

const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status });

describe('token refresh flow', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    localStorage.clear();
    dialogs.length = 0;
    navigations.length = 0;
    reload.mockReset();
    resetRefreshFlow();
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it('should refresh once for concurrent 401s, say so and reload after 750 ms', async () => {
    localStorage.setItem('authData', JSON.stringify({ access_token: 'old', refresh_token: 'r1' }));
    const tokenCalls: string[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string, init: RequestInit) => {
        if (url === '/connect/token') {
          tokenCalls.push(String(init.body));
          return json(200, {
            access_token: 'new',
            token_type: 'Bearer',
            expires_in: 900,
            refresh_token: 'r2',
          });
        }
        return json(401, { Errors: ['Sessão expirada.'] });
      }),
    );
    const results = await Promise.allSettled([
      api.call(getUserInfo),
      api.call(getUserInfo),
      api.call(getUserInfo),
    ]);
    expect(results.every((r) => r.status === 'rejected')).toBe(true);
    await flush();
    expect(dialogs).toHaveLength(1);
    expect(tokenCalls).toHaveLength(1);
    expect(tokenCalls[0]).toContain('grant_type=refresh_token');
    expect(tokenCalls[0]).toContain('refresh_token=r1');
    expect(dialogs[0]).toEqual(['success', 'Sucesso', 'Sua página será atualizada']);
    expect(JSON.parse(localStorage.getItem('authData') ?? '{}').access_token).toBe('new');
    vi.advanceTimersByTime(749);
    expect(reload).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(reload).toHaveBeenCalledTimes(1);
  });

  it('should say it failed and log out when the refresh is refused', async () => {
    localStorage.setItem('authData', JSON.stringify({ access_token: 'old', refresh_token: 'r1' }));
    localStorage.setItem('userInfo', '{}');
    localStorage.setItem('lsApplicationConfig', '{}');
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string) =>
        url === '/connect/token' ? json(400, { error: 'invalid_grant' }) : json(401, { Errors: ['x'] }),
      ),
    );
    await expect(api.call(getUserInfo)).rejects.toThrow();
    await flush();
    expect(dialogs).toHaveLength(1);
    expect(dialogs[0]).toEqual([
      'error',
      'Erro',
      'Não foi possível autenticar. Você será redirecionado à tela de login',
    ]);
    vi.advanceTimersByTime(750);
    expect(navigations).toEqual(['/login']);
    expect(localStorage.getItem('authData')).toBeNull();
    expect(localStorage.getItem('userInfo')).toBeNull();
    expect(localStorage.getItem('lsApplicationConfig')).toBe('{}');
  });

  it('should log out at once when there is no refresh token', async () => {
    localStorage.setItem('authData', JSON.stringify({ access_token: 'old' }));
    localStorage.setItem('advisorInfo', '{}');
    localStorage.setItem('storageInfo', '{}');
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => json(401, { Errors: ['x'] })),
    );
    await expect(api.call(getUserInfo)).rejects.toThrow();
    expect(navigations).toEqual(['/login']);
    expect(dialogs).toHaveLength(0);
    for (const key of ['authData', 'advisorInfo', 'storageInfo'])
      expect(localStorage.getItem(key)).toBeNull();
  });

  it('should refresh silently and reload the user info when the start-up load gets a 401', async () => {
    logout(false);
    localStorage.setItem('authData', JSON.stringify({ access_token: 'old', refresh_token: 'r1' }));
    const user = { UserId: 1, Name: 'Helena', Menus: [] };
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string, init: RequestInit) => {
        if (url === '/connect/token')
          return json(200, { access_token: 'new', refresh_token: 'r2', expires_in: 900 });
        const auth = (init.headers as Record<string, string>).Authorization;
        return auth === 'Bearer new' ? json(200, { Response: user }) : json(401, { Errors: ['x'] });
      }),
    );
    expect(await ensureUserInfo()).toEqual(user);
    expect(dialogs).toHaveLength(0);
    expect(JSON.parse(localStorage.getItem('userInfo') ?? '{}').Name).toBe('Helena');
  });

  it('should log out at start-up when the refresh fails', async () => {
    logout(false);
    localStorage.setItem('authData', JSON.stringify({ access_token: 'old', refresh_token: 'r1' }));
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string) =>
        url === '/connect/token' ? json(400, { error: 'invalid_grant' }) : json(401, { Errors: ['x'] }),
      ),
    );
    expect(await ensureUserInfo()).toBeUndefined();
    expect(localStorage.getItem('authData')).toBeNull();
  });
});
