// The read mix of issue 33: 50 connections on an analyst's reads (the policy search, the proposals
// list and a kanban pipe's steps with their cards), each connection cycling through the three, on:
//   - the API on PostgreSQL (BENCH_DATABASE_URL, default postgres://postgres@127.0.0.1:5432/aval_readmix_bench,
//     created, migrated and seeded on first use; BENCH_REUSE=1 keeps it);
//   - a bare Fastify + `pg` replaying the very SQL the API ran for each call (captured from the API
//     while it answered one request of each, see bench/server.mjs `replay`), without the API's
//     authentication, tenant transaction or mapping: the same work, minus Aval;
//   - the API on the embedded store (PGlite in memory, demo data).
// Goals: API on PostgreSQL ≥ 50 % of the bare mix's req/s with p99 ≤ 300 ms; PGlite ≥ 150 req/s
// with p99 ≤ 1 s. Appends the table to RESULTS.md (BENCH_RECORD=0 to skip).
//
//   npx tsc -b && node bench/read-mix.mjs  (bench/support.mjs: the servers, sign-in and measurement the benchmarks share)
import { appendFileSync, rmSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import pg from 'pg';
import { measure, signIn, startServer, stopServer as stop } from './support.mjs';

const connections = Number(process.env.BENCH_CONNECTIONS ?? 50);
const duration = Number(process.env.BENCH_SECONDS ?? 20);
const url = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/aval_readmix_bench';
const capture = '.tmp/bench-read-mix-sql.json';
const mix = [
  '/api/Policy/SearchPoliciesRelatedToLoggedUser?currentPage=1&rowsPerPage=10',
  '/api/Proposal/SearchProposals?currentPage=1&rowsPerPage=10',
  '/api/kanban/v1.0/pipes/1/steps/filter',
];

/** Each path once, one after another (a capturing server sees each call's statements alone). */
const callEach = async (base, headers) => {
  for (const path of mix) {
    const res = await fetch(`${base}${path}`, { headers });
    if (!res.ok) throw new Error(`${path}: ${res.status} ${await res.text()}`);
    await res.arrayBuffer();
  }
};

const measureMix = (title, base, headers = {}) =>
  measure(title, {
    url: base,
    connections,
    duration,
    headers,
    requests: mix.map((path) => ({ method: 'GET', path })),
  });

// A database of our own for PostgreSQL: created on first use, seeded by the API's first start.
const admin = new pg.Client({ connectionString: url.replace(/\/[^/]+$/, '/postgres') });
await admin.connect();
const dbName = new URL(url).pathname.slice(1);
if (process.env.BENCH_REUSE !== '1') await admin.query(`drop database if exists ${dbName} with (force)`);
const exists = (await admin.query('select 1 from pg_database where datname = $1', [dbName])).rowCount;
if (!exists) await admin.query(`create database ${dbName}`);
await admin.end();

const rows = [];
rmSync(capture, { force: true });
const api = await startServer('aval', { BENCH_DATABASE_URL: url, BENCH_CAPTURE: capture });
const auth = await signIn(api.base, 'analista@aurora.demo');
const capturing = { ...auth, 'x-bench-capture': '1' };
await callEach(api.base, capturing);
await callEach(api.base, capturing); // captured warm: what every later call runs
rows.push(await measureMix('API on PostgreSQL', api.base, auth));
await stop(api);

const bare = await startServer('replay', { BENCH_DATABASE_URL: url, BENCH_REPLAY: capture });
await callEach(bare.base);
rows.push(await measureMix('bare pg replaying the same SQL', bare.base));
await stop(bare);

const embedded = await startServer('aval', { BENCH_DATABASE_URL: '' });
const authEmbedded = await signIn(embedded.base, 'analista@aurora.demo');
await callEach(embedded.base, authEmbedded);
rows.push(await measureMix('API on PGlite (embedded)', embedded.base, authEmbedded));
await stop(embedded);

const [onPg, onBare, onLite] = rows;
const goals = [
  ['API on PostgreSQL / bare pg, req/s (goal ≥ 0.5)', (onPg.rps / onBare.rps).toFixed(2)],
  ['API on PostgreSQL, p99 (goal ≤ 300 ms)', `${onPg.p99} ms`],
  ['API on PGlite, req/s (goal ≥ 150)', String(onLite.rps)],
  ['API on PGlite, p99 (goal ≤ 1 000 ms)', `${onLite.p99} ms`],
];
for (const [k, v] of goals) console.log(`${k}: ${v}`);

if (process.env.BENCH_RECORD !== '0') {
  const date = new Date().toISOString().slice(0, 16).replace('T', ' ');
  appendFileSync(
    'bench/RESULTS.md',
    [
      '',
      `## ${date} UTC — read mix (issue 33)${process.env.BENCH_NOTE ? `: ${process.env.BENCH_NOTE}` : ''}`,
      '',
      `Node ${process.version}, ${cpus().length} × ${cpus()[0]?.model ?? 'unknown'}, load average at the end ${loadavg()
        .map((l) => l.toFixed(2))
        .join(
          ' ',
        )}; autocannon ${connections} connections, ${duration} s after 2 s of warm-up, each connection cycling through ${mix
        .map((p) => `\`${p.split('?')[0].split('/').slice(-2).join('/')}\``)
        .join(', ')} as analista@; pools of ${process.env.BENCH_POOL ?? 20}; each server in its own process.`,
      '',
      '| server | req/s | p50 ms | p99 ms | non-2xx | errors |',
      '|---|---:|---:|---:|---:|---:|',
      ...rows.map((r) => `| ${r.title} | ${r.rps} | ${r.p50} | ${r.p99} | ${r.non2xx} | ${r.errors} |`),
      '',
      '| goal | value |',
      '|---|---:|',
      ...goals.map(([k, v]) => `| ${k} | ${v} |`),
      '',
    ].join('\n'),
  );
  console.log('Appended to bench/RESULTS.md');
}
process.exit(0);
