// A server for the benchmark, in its own process. Prints its port.
// - `hello`: bare Fastify, one JSON reply (the machine's ceiling).
// - `bare`: bare Fastify + a bare `pg` pool doing the reads SearchInsureds does (company by key,
//   count, page, locations), those SearchProposals does (company by key, count, page,
//   co-brokers) and those SearchPoliciesRelatedToLoggedUser does (company by key, page with a
//   capped count), no token, no transaction, no RLS: the floor of the real calls' cost.
// - `aval`: the real API on PGlite in memory, or on PostgreSQL when BENCH_DATABASE_URL is set.
import Fastify from 'fastify';

const kind = process.argv[2] === 'x' ? process.argv[3] : process.argv[2];
const url = process.env.BENCH_DATABASE_URL;
const poolMax = Number(process.env.BENCH_POOL ?? 20);

// BENCH_PROFILE=<file>: a CPU profile of the load only (SIGUSR2 starts it, SIGINT writes it and
// exits), not of the start-up's migrations and seed, e.g. for `node bench/profile.mjs`.
let stopProfile = async () => {};
if (process.env.BENCH_PROFILE) {
  const { Session } = await import('node:inspector/promises');
  const { writeFileSync } = await import('node:fs');
  const session = new Session();
  session.connect();
  process.on('SIGUSR2', async () => {
    await session.post('Profiler.enable');
    await session.post('Profiler.start');
  });
  stopProfile = async () => {
    const { profile } = await session.post('Profiler.stop').catch(() => ({}));
    if (profile) writeFileSync(process.env.BENCH_PROFILE, JSON.stringify(profile));
  };
}
for (const signal of ['SIGINT', 'SIGTERM'])
  process.on(signal, () => stopProfile().finally(() => process.exit(0)));

const listen = async (app) => {
  await app.listen({ port: 0, host: '127.0.0.1' });
  console.log(`PORT ${app.server.address().port}`);
};

if (kind === 'hello') {
  const app = Fastify({ logger: false });
  app.get('/', async () => ({ hello: 'world' }));
  await listen(app);
} else if (kind === 'bare') {
  const { default: pg } = await import('pg');
  const pool = new pg.Pool({ connectionString: url, max: poolMax });
  const app = Fastify({ logger: false });
  app.get('/insureds', async (request) => {
    const key = request.headers.companykey;
    const company = (await pool.query('select id from companies where company_key = $1', [key])).rows[0];
    const total = (
      await pool.query('select count(*)::int as n from insureds where company_id = $1', [company.id])
    ).rows[0].n;
    const rows = (
      await pool.query('select * from insureds where company_id = $1 order by name, id limit 10 offset 0', [
        company.id,
      ])
    ).rows;
    const locations = (
      await pool.query(
        'select * from insured_locations where insured_id = any($1) order by is_main desc, id',
        [rows.map((r) => r.id)],
      )
    ).rows;
    return {
      Data: rows.map((r) => ({ ...r, Locations: locations.filter((l) => l.insured_id === r.id) })),
      Total: total,
      CurrentPage: 1,
      RowsPerPage: 10,
    };
  });
  // The reads SearchProposals does (insurer side, page of 10, newest first).
  app.get('/proposals', async (request) => {
    const key = request.headers.companykey;
    const company = (await pool.query('select id from companies where company_key = $1', [key])).rows[0];
    const total = (
      await pool.query('select count(*)::int as n from proposals where company_id = $1', [company.id])
    ).rows[0].n;
    const rows = (
      await pool.query(
        'select * from proposals where company_id = $1 order by number desc, id desc limit 10 offset 0',
        [company.id],
      )
    ).rows;
    const coBrokered = (
      await pool.query('select distinct proposal_id from proposal_co_brokers where proposal_id = any($1)', [
        rows.map((r) => r.id),
      ])
    ).rows;
    const shared = new Set(coBrokered.map((r) => r.proposal_id));
    return {
      Data: rows.map((r) => ({ ...r, HasCoBrokers: shared.has(r.id) })),
      Total: total,
      CurrentPage: 1,
      RowsPerPage: 10,
    };
  });
  // The reads SearchPoliciesRelatedToLoggedUser does (insurer side, page of 10 by issue date, the
  // count capped at 10 001 in the same statement).
  app.get('/policies', async (request) => {
    const key = request.headers.companykey;
    const company = (await pool.query('select id from companies where company_key = $1', [key])).rows[0];
    const rows = (
      await pool.query(
        `select *, (select count(*) from (select 1 from policies where company_id = $1 limit 10001) c)::int as counted
         from policies where company_id = $1 order by issued_at desc, id desc limit 10 offset 0`,
        [company.id],
      )
    ).rows;
    return { Data: rows, Total: rows[0]?.counted ?? 0, CurrentPage: 1, RowsPerPage: 10 };
  });
  await listen(app);
} else if (kind === 'replay') {
  // The SQL an API call ran (captured by BENCH_CAPTURE, see captureStatements), replayed on a bare
  // `pg` pool in a bare Fastify: the same statements and values, one after another, without the
  // API's tenant transaction (its begin/set local/commit are skipped), authentication or mapping.
  const { default: pg } = await import('pg');
  const { readFileSync } = await import('node:fs');
  const pool = new pg.Pool({ connectionString: url, max: poolMax });
  const captured = JSON.parse(readFileSync(process.env.BENCH_REPLAY, 'utf8'));
  const app = Fastify({ logger: false });
  const tenancy = /^\s*(begin|commit|rollback)\b/i;
  for (const [path, statements] of Object.entries(captured)) {
    const replayed = statements.filter((st) => !tenancy.test(st.text));
    app.get(path, async () => {
      let last;
      for (const st of replayed) last = await pool.query(st.text, st.values);
      return { Data: last?.rows ?? [] };
    });
  }
  await listen(app);
} else {
  const { buildApp } = await import('../apps/api/dist/app.js');
  const { loadConfig } = await import('../apps/api/dist/config.js');
  const { apiMigrations, migrateDatabase, openDatabase } = await import('../apps/api/dist/db/client.js');
  const { seedDatabase } = await import('../apps/api/dist/seed/index.js');
  const { kanbanMigrations } = await import('../apps/kanban/dist/index.js');
  const database = await openDatabase(url ? { databaseUrl: url, poolMax } : {});
  await migrateDatabase(database, [apiMigrations, kanbanMigrations]);
  const config = loadConfig({
    LOG_LEVEL: 'silent',
    DATA_DIR: '.tmp/bench',
    DATABASE_URL: url ?? '',
    TOKEN_RATE_LIMIT_PER_MINUTE: '100000',
    // The simulated brokers share one demo user: its upload brake would refuse them, not the API.
    UPLOAD_USER_REQUESTS_PER_MINUTE: '100000',
    UPLOAD_COMPANY_REQUESTS_PER_MINUTE: '100000',
  });
  const { blobStoreOf } = await import('../apps/api/dist/plugins/storage.js');
  if (process.env.BENCH_SEED !== '0') await seedDatabase(database.db, blobStoreOf(config.storage));
  // BENCH_JOBS=1: this process works the jobs too (the life-cycle bench's analysis and documents).
  const { app } = await buildApp({
    config,
    database,
    logger: false,
    jobWorkers: process.env.BENCH_JOBS === '1',
    jobPollingSeconds: process.env.BENCH_JOB_POLLING ? Number(process.env.BENCH_JOB_POLLING) : undefined,
  });
  if (process.env.BENCH_TRACE === '1') await traceRequests(app);
  if (process.env.BENCH_CAPTURE) await captureStatements(app, process.env.BENCH_CAPTURE);
  await listen(app);
}

/**
 * BENCH_TRACE=1 (one caller at a time): each answered request prints its time, its SQL statements
 * and their time on the pool's connections, and the slowest statements, to stderr;
 * BENCH_TRACE_PATH=<part of a path> also prints every statement of the requests whose path has it.
 */
async function traceRequests(app) {
  const { default: pg } = await import('pg');
  const everyStatementOf = process.env.BENCH_TRACE_PATH;
  let current;
  const query = pg.Client.prototype.query;
  pg.Client.prototype.query = function (...args) {
    const started = performance.now();
    const text = typeof args[0] === 'string' ? args[0] : (args[0]?.text ?? '');
    const result = query.apply(this, args);
    const seen = current;
    if (seen && result?.then)
      result.then(
        () => seen.statements.push([performance.now() - started, text]),
        () => {},
      );
    return result;
  };
  app.server.prependListener('request', (req, res) => {
    const trace = { statements: [], started: performance.now() };
    current = trace;
    res.on('finish', () => {
      const sql = trace.statements.reduce((sum, [ms]) => sum + ms, 0);
      const slow = [...trace.statements].sort((a, b) => b[0] - a[0]).slice(0, 4);
      console.error(
        `${req.method} ${req.url.split('?')[0]} ${Math.round(performance.now() - trace.started)} ms; ` +
          `${trace.statements.length} statements, ${Math.round(sql)} ms; slowest: ${slow
            .map(([ms, text]) => `${Math.round(ms)} ms ${text.replace(/\s+/g, ' ').slice(0, 90)}`)
            .join(' | ')}`,
      );
      if (everyStatementOf && req.url.includes(everyStatementOf))
        for (const [ms, text] of trace.statements)
          console.error(`    ${ms.toFixed(1)} ms ${text.replace(/\s+/g, ' ').slice(0, 160)}`);
    });
  });
}

/**
 * BENCH_CAPTURE=<file>: the SQL statements (text and values) of the last answered request of each
 * path sent with `x-bench-capture: 1`, one at a time (twice: the second finds the caches warm), written to
 * <file> as { path: [{ text, values }] } for the `replay` server (bench/read-mix.mjs).
 */
async function captureStatements(app, file) {
  const { default: pg } = await import('pg');
  const { writeFileSync } = await import('node:fs');
  const captured = {};
  let current;
  const query = pg.Client.prototype.query;
  pg.Client.prototype.query = function (...args) {
    const text = typeof args[0] === 'string' ? args[0] : (args[0]?.text ?? '');
    const values = typeof args[0] === 'string' ? args[1] : (args[0]?.values ?? args[1]);
    current?.push({ text, values: Array.isArray(values) ? values : undefined });
    return query.apply(this, args);
  };
  app.server.prependListener('request', (req, res) => {
    if (req.headers['x-bench-capture'] !== '1') return;
    const path = req.url.split('?')[0];
    const statements = [];
    current = statements;
    res.on('finish', () => {
      current = undefined;
      if (res.statusCode !== 200) return;
      captured[path] = statements;
      writeFileSync(file, JSON.stringify(captured));
    });
  });
}
