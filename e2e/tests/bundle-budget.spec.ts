import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';

type RouteSize = { page: string; jsGzip: number; cssGzip: number };
type Measure = { login: RouteSize; largest: RouteSize; routes: number; budgetKb: number };

/** Issue 33 budget (issue 5 set 200): the login route ships at most 150 KB of JS gzip (bench/bundle-size.mjs). */
test('should keep the login route within 150 KB of JS gzip', async ({ browserName: _browserName }, info) => {
  const root = join(import.meta.dirname, '..', '..');
  const out = execFileSync('node', [join(root, 'bench/bundle-size.mjs'), '--json'], { encoding: 'utf8' });
  const measure = JSON.parse(out) as Measure;
  info.annotations.push({
    type: 'bundle',
    description: `login ${(measure.login.jsGzip / 1024).toFixed(1)} KB JS gzip; largest ${measure.largest.page} ${(measure.largest.jsGzip / 1024).toFixed(1)} KB`,
  });
  expect(measure.budgetKb).toBe(150);
  expect(measure.login.jsGzip).toBeLessThanOrEqual(150 * 1024);
});

/**
 * zod's own fallback messages are pt-BR in the portal too: the contracts' locale module is the one
 * side effect the web build keeps (the contracts are otherwise marked side-effect free).
 */
test("should ship zod's pt-BR messages with the schemas", () => {
  const assets = join(import.meta.dirname, '..', '..', 'apps', 'web', 'dist', 'assets');
  const withPtBr = readdirSync(assets).filter(
    (f) => f.endsWith('.js') && readFileSync(join(assets, f), 'utf8').includes('Entrada inválida'),
  );
  expect(withPtBr.length).toBeGreaterThan(0);
});
