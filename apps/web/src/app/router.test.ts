import { matchRoutes } from 'react-router';
import { describe, expect, it } from 'vitest';
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
