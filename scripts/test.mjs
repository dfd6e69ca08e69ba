// `npm test`: everything, in order. Typecheck, Biome, unit + API tests (PGlite), the API tests
// again on PostgreSQL when TEST_DATABASE_URL is set, the web build, the browser journeys.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import { resolve } from 'node:path';

const out = '.tmp/test-results';
rmSync(out, { recursive: true, force: true });
mkdirSync(out, { recursive: true });
const totals = { passed: 0, failed: 0, skipped: 0 };
const failures = [];

const run = (title, cmd, args, env = {}) => {
  console.log(`\n━━ ${title} ━━`);
  const res = spawnSync(cmd, args, { stdio: 'inherit', env: { ...process.env, ...env } });
  if (res.status !== 0) failures.push(title);
  return res.status === 0;
};

const countVitest = (file) => {
  if (!existsSync(file)) return;
  const r = JSON.parse(readFileSync(file, 'utf8'));
  totals.passed += r.numPassedTests;
  totals.failed += r.numFailedTests;
  totals.skipped += r.numPendingTests + r.numTodoTests;
};

const countPlaywright = (file) => {
  if (!existsSync(file)) return;
  const s = JSON.parse(readFileSync(file, 'utf8')).stats;
  totals.passed += s.expected + s.flaky;
  totals.failed += s.unexpected;
  totals.skipped += s.skipped;
};

const vitest = (name, extraArgs, env) => {
  const file = `${out}/vitest-${name}.json`;
  const { TEST_DATABASE_URL: _ignored, ...rest } = process.env;
  const args = [
    'vitest',
    'run',
    '--reporter=default',
    '--reporter=json',
    `--outputFile.json=${file}`,
    ...extraArgs,
  ];
  console.log(`\n━━ ${name} ━━`);
  const res = spawnSync('npx', args, { stdio: 'inherit', env: { ...rest, ...env } });
  if (res.status !== 0) failures.push(name);
  countVitest(file);
};

if (!run('typecheck (tsc -b)', 'npx', ['tsc', '-b'])) process.exitCode = 1;
run('lint and format (Biome)', 'npx', ['biome', 'check', '.']);
run('migrations in sync with the schema (drizzle-kit check)', 'npm', ['run', 'db:check', '--silent']);
vitest('unit, API (PGlite) and web tests', []);
if (process.env.TEST_DATABASE_URL) {
  vitest('API tests on PostgreSQL', ['--project', 'api'], {
    TEST_DATABASE_URL: process.env.TEST_DATABASE_URL,
  });
} else {
  console.log('\n(TEST_DATABASE_URL not set: the API suite ran on PGlite only)');
}
// TEST_BROWSER=0 stops after the web build (CI's Node 20 pass runs everything but the
// browser journeys, which exercise the same built portal).
const browser = process.env.TEST_BROWSER !== '0';
if (run('web build', 'npm', ['run', 'build', '-w', 'apps/web', '--silent']) && !browser) {
  console.log('\n(TEST_BROWSER=0: browser journeys not run)');
} else if (browser) {
  const file = resolve(`${out}/playwright.json`);
  run(
    'browser journeys (Playwright + Chromium)',
    'npx',
    ['playwright', 'test', '-c', 'e2e/playwright.config.ts', '--reporter=list,json'],
    {
      PLAYWRIGHT_JSON_OUTPUT_NAME: file,
    },
  );
  countPlaywright(file);
}

console.log('');
if (failures.length) console.log(`Failed steps: ${failures.join('; ')}`);
console.log(`Summary: ${totals.passed} passed, ${totals.failed} failed, ${totals.skipped} skipped`);
process.exit(failures.length ? 1 : 0);
