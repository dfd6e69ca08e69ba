// Benchmarks the API's per-request overhead against the machine's limits, in ONE run, each server
// in its own process: a Fastify hello-world (the ceiling of one JSON reply), a bare `pg` route doing
// the reads SearchInsureds does (PostgreSQL only), and the real calls (GetPortalConfig public,
// GetUserInfo, SearchInsureds, SearchProposals and SearchPoliciesRelatedToLoggedUser with a real token) on PGlite and, with BENCH_DATABASE_URL, on a
// PostgreSQL server. Prints the ratios of issue 12 and appends everything to bench/RESULTS.md.
import { appendFileSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import { measure, signIn, startServer, stopServer as stop } from './support.mjs';

const duration = Number(process.env.BENCH_SECONDS ?? 10);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 20);
const databaseUrl = process.env.BENCH_DATABASE_URL;

const measureUrl = (title, url, headers = {}) => measure(title, { url, connections, duration, headers });

const rows = [];
const byTitle = (t) => rows.find((r) => r.title === t);
const hello = await startServer('hello');
rows.push(await measureUrl('Fastify hello-world', `http://127.0.0.1:${hello.port}/`));
await stop(hello);

const stores = [['PGlite', {}]];
if (databaseUrl) stores.push(['PostgreSQL', { BENCH_DATABASE_URL: databaseUrl }]);
for (const [store, env] of stores) {
  const s = await startServer('aval', env);
  const base = `http://127.0.0.1:${s.port}`;
  const auth = await signIn(base, 'admin@aurora.demo');
  rows.push(
    await measureUrl(
      `GetPortalConfig on ${store}`,
      `${base}/api/Application/GetPortalConfig?dns=aurora.localhost`,
    ),
  );
  rows.push(await measureUrl(`GetUserInfo on ${store}`, `${base}/api/Security/GetUserInfo`, auth));
  rows.push(
    await measureUrl(
      `SearchInsureds on ${store}`,
      `${base}/api/Insured/SearchInsureds?currentPage=1&rowsPerPage=10`,
      auth,
    ),
  );
  rows.push(
    await measureUrl(
      `SearchProposals on ${store}`,
      `${base}/api/Proposal/SearchProposals?currentPage=1&rowsPerPage=10`,
      auth,
    ),
  );
  rows.push(
    await measureUrl(
      `SearchPoliciesRelatedToLoggedUser on ${store}`,
      `${base}/api/Policy/SearchPoliciesRelatedToLoggedUser?currentPage=1&rowsPerPage=10`,
      auth,
    ),
  );
  await stop(s);
  if (store === 'PostgreSQL') {
    const bare = await startServer('bare', env);
    for (const [call, path] of [
      ['SearchInsureds', 'insureds'],
      ['SearchProposals', 'proposals'],
      ['SearchPoliciesRelatedToLoggedUser', 'policies'],
    ]) {
      rows.push(
        await measureUrl(`bare pg, ${call} reads on PostgreSQL`, `http://127.0.0.1:${bare.port}/${path}`, {
          companykey: auth.companykey,
        }),
      );
    }
    await stop(bare);
  }
}

const ratio = (a, b) => (a && b ? (a / b).toFixed(2) : 'n/a');
const helloRps = byTitle('Fastify hello-world').rps;
const ratios = [];
for (const [store] of stores) {
  for (const call of ['GetPortalConfig', 'GetUserInfo']) {
    ratios.push([
      `${call} on ${store} / hello-world (goal ≥ 0.3)`,
      ratio(byTitle(`${call} on ${store}`)?.rps, helloRps),
    ]);
  }
}
for (const call of ['SearchInsureds', 'SearchProposals', 'SearchPoliciesRelatedToLoggedUser']) {
  const search = byTitle(`${call} on PostgreSQL`);
  const bare = byTitle(`bare pg, ${call} reads on PostgreSQL`);
  if (search && bare) {
    ratios.push([`${call} / bare pg, req/s (goal ≥ 0.5)`, ratio(search.rps, bare.rps)]);
    ratios.push([`${call} / bare pg, p50 (goal ≤ 2)`, ratio(search.p50, bare.p50)]);
  }
  ratios.push([`${call} on PGlite, req/s (goal ≥ 300)`, String(byTitle(`${call} on PGlite`).rps)]);
}
for (const [k, v] of ratios) console.log(`${k}: ${v}`);

const date = new Date().toISOString().slice(0, 16).replace('T', ' ');
const lines = [
  '',
  `## ${date} UTC — per-request overhead (issue 12)${process.env.BENCH_NOTE ? `: ${process.env.BENCH_NOTE}` : ''}`,
  '',
  `Node ${process.version}, ${cpus().length} cores (${cpus()[0]?.model ?? 'unknown'}), load average at the end ${loadavg()[0].toFixed(1)}; autocannon ${connections} connections, ${duration} s after a 2 s warm-up; servers in their own processes, pools of 20.`,
  '',
  '| case | req/s | p50 ms | p99 ms | non-2xx | errors |',
  '|---|---:|---:|---:|---:|---:|',
  ...rows.map((r) => `| ${r.title} | ${r.rps} | ${r.p50} | ${r.p99} | ${r.non2xx} | ${r.errors} |`),
  '',
  '| ratio | value |',
  '|---|---:|',
  ...ratios.map(([k, v]) => `| ${k} | ${v} |`),
  '',
];
appendFileSync('bench/RESULTS.md', lines.join('\n'));
console.log('Appended to bench/RESULTS.md');
process.exit(0);
