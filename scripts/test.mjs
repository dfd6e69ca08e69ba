// `npm test`: everything, in order. Typecheck, Biome, unit + API tests (PGlite), the web build,
// the browser journeys; with TEST_DATABASE_URL, the API tests again on PostgreSQL beside the
// journeys (they wait on the browser and leave about a core idle), and the journeys' server on that
// PostgreSQL server too (database aval_e2e).
import { spawn, spawnSync } from 'node:child_process';
import { closeSync, existsSync, mkdirSync, openSync, readFileSync, rmSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { resolve } from 'node:path';

const out = '.tmp/test-results';
rmSync(out, { recursive: true, force: true });
mkdirSync(out, { recursive: true });
const totals = { passed: 0, failed: 0, skipped: 0, flaky: 0 };
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
  totals.flaky += s.flaky;
  totals.failed += s.unexpected;
  totals.skipped += s.skipped;
};

const vitestArgs = (file, extraArgs) => [
  'vitest',
  'run',
  '--reporter=default',
  '--reporter=json',
  `--outputFile.json=${file}`,
  ...extraArgs,
];

const vitest = (name, extraArgs) => {
  const file = `${out}/vitest-${name}.json`;
  const { TEST_DATABASE_URL: _ignored, ...env } = process.env;
  console.log(`\n━━ ${name} ━━`);
  const res = spawnSync('npx', vitestArgs(file, extraArgs), { stdio: 'inherit', env });
  if (res.status !== 0) failures.push(name);
  countVitest(file);
};

/**
 * The API suite on the PostgreSQL server of TEST_DATABASE_URL, one worker, started now and
 * awaited at the end. Its output goes straight to a file (this script blocks in spawnSync
 * meanwhile and could not drain a pipe), printed once it ends. TEST_DATABASE_NODE runs it on
 * another Node binary (CI: the oldest supported one).
 */
const startPostgresPass = () => {
  const name = 'API tests on PostgreSQL';
  const file = `${out}/vitest-postgresql.json`;
  const log = `${out}/vitest-postgresql.log`;
  const node = process.env.TEST_DATABASE_NODE ?? process.execPath;
  const version = spawnSync(node, ['--version'], { encoding: 'utf8' }).stdout.trim();
  const fd = openSync(log, 'w');
  const args = vitestArgs(file, ['--project', 'api', '--maxWorkers=1']);
  args[0] = resolve('node_modules/vitest/vitest.mjs');
  const child = spawn(node, args, { stdio: ['ignore', fd, fd] });
  closeSync(fd);
  console.log(`\n(${name} on Node ${version}: started, runs beside the next steps)`);
  return new Promise((done) => {
    child.on('close', (code) => {
      console.log(`\n━━ ${name}, Node ${version} (ran beside the steps above) ━━`);
      console.log(readFileSync(log, 'utf8'));
      if (code !== 0) failures.push(name);
      countVitest(file);
      done();
    });
  });
};

/**
 * `npm run test:cluster`'s test (deploy/cluster.test.mjs: the production topology through its proxy)
 * when TEST_CLUSTER=1 (CI): started once the portal is built, beside the journeys (it mostly waits:
 * on its own cluster's start, on the kanban service's minute away), printed when it ends.
 */
const startClusterPass = () => {
  const name = 'production topology (test:cluster)';
  const log = `${out}/cluster.log`;
  const fd = openSync(log, 'w');
  const child = spawn(
    process.execPath,
    ['--test', '--test-reporter=spec', '--test-concurrency=1', 'deploy/cluster.test.mjs'],
    {
      stdio: ['ignore', fd, fd],
    },
  );
  closeSync(fd);
  console.log(`\n(${name}: started, runs beside the next steps)`);
  return new Promise((done) => {
    child.on('close', (code) => {
      console.log(`\n━━ ${name} (ran beside the steps above) ━━`);
      const text = readFileSync(log, 'utf8');
      console.log(text);
      if (code !== 0) failures.push(name);
      const count = (re) => Number(text.match(re)?.[1] ?? 0);
      totals.passed += count(/^ℹ pass (\d+)/m);
      totals.failed += count(/^ℹ fail (\d+)/m);
      totals.skipped += count(/^ℹ skipped (\d+)/m);
      done();
    });
  });
};

/** The same server URL with another database (keeps query parameters such as a socket host). */
const withDatabaseName = (url, name) => Object.assign(new URL(url), { pathname: `/${name}` }).toString();

if (!run('typecheck (tsc -b)', 'npx', ['tsc', '-b'])) process.exitCode = 1;
run('lint and format (Biome)', 'npx', ['biome', 'check', '.']);
run('migrations in sync with the schema (drizzle-kit check)', 'npm', ['run', 'db:check', '--silent']);
// Every core: Vitest's default leaves one to its main process, which waits (half the machine on 2).
vitest('unit, API (PGlite) and web tests', [`--maxWorkers=${availableParallelism()}`]);
const postgres = process.env.TEST_DATABASE_URL ? startPostgresPass() : undefined;
if (!postgres) console.log('\n(TEST_DATABASE_URL not set: the API suite ran on PGlite only)');
// TEST_BROWSER=0 stops after the web build (CI's Node 20 pass runs everything but the
// browser journeys, which exercise the same built portal).
const browser = process.env.TEST_BROWSER !== '0';
// The portal as `npm start` builds it: skipped when nothing it is built from changed since the last
// build (the install's, on a fresh clone).
const built = run('web build', process.execPath, ['scripts/build-web.mjs']);
const cluster = built && process.env.TEST_CLUSTER === '1' ? startClusterPass() : undefined;
if (built && !browser) {
  console.log('\n(TEST_BROWSER=0: browser journeys not run)');
} else if (browser) {
  const file = resolve(`${out}/playwright.json`);
  run(
    'browser journeys (Playwright + Chromium)',
    'npx',
    ['playwright', 'test', '-c', 'e2e/playwright.config.ts', '--reporter=list,json'],
    {
      PLAYWRIGHT_JSON_OUTPUT_NAME: file,
      // With a PostgreSQL server, the journeys' server runs on it too (its own database).
      ...(process.env.TEST_DATABASE_URL && !process.env.E2E_DATABASE_URL
        ? { E2E_DATABASE_URL: withDatabaseName(process.env.TEST_DATABASE_URL, 'aval_e2e') }
        : {}),
    },
  );
  countPlaywright(file);
}
await postgres;
await cluster;

console.log('');
if (failures.length) console.log(`Failed steps: ${failures.join('; ')}`);
console.log(`Summary: ${totals.passed} passed, ${totals.failed} failed, ${totals.skipped} skipped`);
// A journey that failed and then passed on its retry (CI=1) counts as passed, and is named here.
if (totals.flaky)
  console.log(`Flaky: ${totals.flaky} journey(s) passed only on the retry (see the list above)`);
process.exit(failures.length ? 1 : 0);
