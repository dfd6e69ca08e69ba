import { endpoint } from '@aval/contracts';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { prepareTransport } from './error-handler.js';
import { createTransport } from './route.js';
import type { TenantOptions } from './tenancy.js';

const read = endpoint({
  area: 'extra',
  method: 'GET',
  path: '/api/Test/Read',
  summary: 'Leitura de teste',
  response: z.object({ Ok: z.boolean() }),
  auth: false,
});

describe('route', () => {
  it("should run a route in its company's transaction with the route's snapshot option", async () => {
    const runs: { company?: number; options: TenantOptions }[] = [];
    const transport = createTransport({
      companyByKey: async (key: string) => (key === 'k54' ? { id: 54 } : undefined),
      verifyToken: async () => {
        throw new Error('no tokens here');
      },
      run: async (company, fn, options) => {
        runs.push({ company: company?.id, options });
        return fn(undefined);
      },
      context: () => ({}),
    });
    const app = Fastify();
    prepareTransport(app);
    transport.route(app, read, async () => ({ Ok: true }), { snapshot: true });
    transport.route(app, { ...read, path: '/api/Test/Plain' }, async () => ({ Ok: false }));
    await app.ready();
    const snapshot = await app.inject({
      method: 'GET',
      url: '/api/Test/Read',
      headers: { companykey: 'k54' },
    });
    expect(snapshot.json()).toEqual({ Response: { Ok: true } });
    const plain = await app.inject({ method: 'GET', url: '/api/Test/Plain', headers: { companykey: 'k54' } });
    expect(plain.json()).toEqual({ Response: { Ok: false } });
    expect(runs).toEqual([
      { company: 54, options: { snapshot: true } },
      { company: 54, options: { snapshot: undefined } },
    ]);
    await app.close();
  });
});
