import { matchRoutes } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { buildRoutes } from './router.js';

const scopesOf = (path: string) =>
  (matchRoutes(buildRoutes(), path) ?? []).map((m) => m.route.id).filter((id) => id?.startsWith('queries'));

describe('query scope of the routes', () => {
  it('should mount the sign-in pages outside the query scope, so the first screen ships without it', () => {
    expect(scopesOf('/login')).toEqual([]);
    expect(scopesOf('/login/aurora/assessor')).toEqual([]);
  });

  it('should mount the other public pages and every portal page inside it', () => {
    expect(scopesOf('/recuperacao-da-senha')).toEqual(['queries-public']);
    expect(scopesOf('/verificar/123')).toEqual(['queries-public']);
    expect(scopesOf('/inicio')).toEqual(['queries-app']);
    expect(scopesOf('/propostas')).toEqual(['queries-app']);
  });
});

describe("a page's first read", () => {
  const loaderOf = (routes: ReturnType<typeof buildRoutes>, path: string) => {
    const match = matchRoutes(routes, path)?.at(-1);
    const loader = match?.route.loader;
    if (typeof loader !== 'function') throw new Error(`no loader for ${path}`);
    const request = new Request(`http://localhost${path}`);
    return () => loader({ request, url: new URL(request.url), pattern: '', params: {}, context: undefined });
  };

  it('should start once the guard lets the visitor in, before the page renders', async () => {
    const prefetch = vi.fn(async () => undefined);
    const routes = buildRoutes([
      { path: '/verificar/:n', title: 'V', access: 'any', page: async () => () => null, prefetch },
    ]);
    await loaderOf(routes, '/verificar/1')();
    expect(prefetch).toHaveBeenCalledTimes(1);
  });

  it('should not start when the guard sends the visitor away', async () => {
    localStorage.clear();
    const prefetch = vi.fn(async () => undefined);
    const routes = buildRoutes([
      { path: '/inicio', title: 'Início', access: 'auth', page: async () => () => null, prefetch },
    ]);
    await expect(loaderOf(routes, '/inicio')()).rejects.toBeInstanceOf(Response);
    expect(prefetch).not.toHaveBeenCalled();
  });
});
