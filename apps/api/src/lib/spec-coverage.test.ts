import { resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registeredEndpoints } from '../plugins/endpoints.js';
import { createTestApp, type TestApp } from '../test/harness.js';
import { computeCoverage, readSpecRows } from './spec-coverage.js';

const specFile = resolve(import.meta.dirname, '../../../../docs/spec/endpoints.tsv');

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('spec coverage', () => {
  it('should read the 226 calls of endpoints.tsv', () => {
    expect(readSpecRows(specFile)).toHaveLength(226);
  });

  it('should register no /api route outside the spec and the documented allow-list', () => {
    const coverage = computeCoverage(readSpecRows(specFile), t.app.routeTable);
    expect(coverage.unexpected).toEqual([]);
  });

  it('should register every descriptor as a route that the coverage counts', () => {
    const coverage = computeCoverage(readSpecRows(specFile), t.app.routeTable);
    const specDescriptors = registeredEndpoints.filter((d) => d.area !== 'extra');
    expect(coverage.registered).toBe(new Set(specDescriptors.map((d) => `${d.method} ${d.path}`)).size);
  });

  it('should flag a route that is neither in the spec nor allowed', () => {
    const coverage = computeCoverage(readSpecRows(specFile), [
      ...t.app.routeTable,
      { method: 'GET', url: '/api/Secret/Backdoor' },
    ]);
    expect(coverage.unexpected).toEqual([{ method: 'GET', url: '/api/Secret/Backdoor' }]);
  });
});
