import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

const user = {
  UserId: 1,
  UserTypeId: 1,
  Name: 'Helena',
  HomeMenuId: 7,
  Advisor: null,
  Menus: [
    {
      Id: 1,
      Name: 'Esteiras',
      Order: 1,
      Route: '/kanban',
      MenuFuncionalities: [{ Id: 1, Name: 'x', RefUniqueId: null }],
    },
    {
      Id: 7,
      Name: 'Propostas',
      Order: 7,
      Route: '/propostas',
      MenuFuncionalities: [{ Id: 32, Name: 'y', RefUniqueId: null }],
    },
  ],
};

vi.mock('../session/session.js', () => ({
  ensureUserInfo: async () => (localStorage.getItem('authData') ? user : undefined),
}));

const { decide, redirectToHomeLoader } = await import('./guards.js');
const { setApplicationConfig } = await import('../config/portal-config.js');
const { loginPathFor, safeRedirect } = await import('../navigation.js');

const signIn = () =>
  localStorage.setItem('authData', JSON.stringify({ access_token: 't', refresh_token: 'r' }));

describe('route guards', () => {
  beforeEach(() => {
    localStorage.clear();
    setApplicationConfig(undefined);
  });
  afterEach(() => vi.unstubAllEnvs());

  it('should send a signed-out visitor of a protected page to login, remembering the page', async () => {
    expect(await decide({ access: 'auth', permissions: [1] }, '/kanban', '/kanban?x=1')).toEqual({
      redirectTo: '/login?redirect=%2Fkanban%3Fx%3D1',
    });
  });

  it('should remember only same-origin paths for after the sign-in', () => {
    expect(safeRedirect('/tomador/abc?aba=2')).toBe('/tomador/abc?aba=2');
    for (const bad of [
      '//evil.example/x',
      '/\\evil.example',
      'https://evil.example/',
      'javascript:alert(1)',
      '/login',
      '',
      null,
    ])
      expect(safeRedirect(bad)).toBeUndefined();
    expect(loginPathFor('//evil.example')).toBe('/login');
  });

  it('should send a user of another user type to /error-401', async () => {
    signIn();
    expect(await decide({ access: 'auth', permissions: [1], userTypes: [2] }, '/documentos')).toEqual({
      redirectTo: '/error-401',
    });
    expect(await decide({ access: 'auth', permissions: [1], userTypes: [1] }, '/documentos')).toEqual({
      user,
    });
  });

  it('should send a signed-in user on a login-type page to /redirect-to-home', async () => {
    signIn();
    expect(await decide({ access: 'public' }, '/login')).toEqual({ redirectTo: '/redirect-to-home' });
  });

  it('should let a user holding any one of the permissions in', async () => {
    signIn();
    expect(await decide({ access: 'auth', permissions: [31, 32] }, '/propostas-seguradora')).toEqual({
      user,
    });
  });

  it('should send a user without the permission to /error-401', async () => {
    signIn();
    expect(await decide({ access: 'auth', permissions: [26] }, '/parametrizacao')).toEqual({
      redirectTo: '/error-401',
    });
  });

  it('should apply the administrator rule to admin routes', async () => {
    signIn();
    expect(await decide({ access: 'admin' }, '/upload')).toEqual({ redirectTo: '/error-401' });
  });

  it('should open status pages to anyone', async () => {
    expect(await decide({ access: 'any' }, '/error-404')).toEqual({ user: undefined });
  });

  it('should redirect to /maintenance outside development when the configuration says so', async () => {
    vi.stubEnv('DEV', false);
    setApplicationConfig({ maintenance: true } as never);
    expect(await decide({ access: 'public' }, '/login')).toEqual({ redirectTo: '/maintenance' });
    expect(await decide({ access: 'any' }, '/maintenance')).toEqual({ user: undefined });
  });

  it('should ignore the maintenance flag in development', async () => {
    vi.stubEnv('DEV', true);
    setApplicationConfig({ maintenance: true } as never);
    expect(await decide({ access: 'public' }, '/login')).toEqual({ user: undefined });
  });

  it('should send /redirect-to-home to the menu equal to HomeMenuId', async () => {
    signIn();
    const response = await redirectToHomeLoader({ request: new Request('http://x/redirect-to-home') }).catch(
      (r: unknown) => r as Response,
    );
    expect((response as Response).headers.get('Location')).toBe('/propostas-seguradora');
  });
});
