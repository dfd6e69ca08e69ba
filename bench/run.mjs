// Benchmarks GetPortalConfig (PGlite, and PostgreSQL when BENCH_DATABASE_URL is set) beside a
// Fastify hello-world measured in the same run, and appends the results to bench/RESULTS.md.
import { spawn } from 'node:child_process';
import { appendFileSync } from 'node:fs';
import { cpus } from 'node:os';
import autocannon from 'autocannon';

const duration = Number(process.env.BENCH_SECONDS ?? 10);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 10);

const startServer = (kind, env = {}) =>
  new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['bench/server.mjs', kind], {
      env: { ...process.env, ...env },
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    child.stdout.on('data', (d) => {
      const m = String(d).match(/PORT (\d+)/);
      if (m) resolve({ child, port: Number(m[1]) });
    });
    child.on('exit', (code) => reject(new Error(`${kind} server exited with ${code}`)));
  });

const measure = async (title, url) => {
  await autocannon({ url, connections, duration: 2 }); // warm-up
  const r = await autocannon({ url, connections, duration });
  const row = {
    title,
    rps: Math.round(r.requests.average),
    p50: r.latency.p50,
    p99: r.latency.p99,
    non2xx: r.non2xx,
    errors: r.errors,
  };
  console.log(row);
  return row;
};

const rows = [];
const hello = await startServer('hello');
rows.push(await measure('Fastify hello-world', `http://127.0.0.1:${hello.port}/`));
hello.child.kill();

const cases = [['PGlite (in memory)', {}]];
if (process.env.BENCH_DATABASE_URL)
  cases.push(['PostgreSQL server', { BENCH_DATABASE_URL: process.env.BENCH_DATABASE_URL }]);
for (const [label, env] of cases) {
  const s = await startServer('aval', env);
  rows.push(
    await measure(
      `GetPortalConfig on ${label}`,
      `http://127.0.0.1:${s.port}/api/Application/GetPortalConfig?dns=aurora.localhost`,
    ),
  );
  s.child.kill();
}

const date = new Date().toISOString().slice(0, 16).replace('T', ' ');
const lines = [
  '',
  `## ${date} UTC — GetPortalConfig vs hello-world`,
  '',
  `Node ${process.version}, ${cpus().length} cores (${cpus()[0]?.model ?? 'unknown'}), autocannon ${connections} connections, ${duration} s after a 2 s warm-up; servers in their own processes.`,
  '',
  '| case | req/s | p50 ms | p99 ms | non-2xx | errors |',
  '|---|---:|---:|---:|---:|---:|',
  ...rows.map((r) => `| ${r.title} | ${r.rps} | ${r.p50} | ${r.p99} | ${r.non2xx} | ${r.errors} |`),
  '',
];
appendFileSync('bench/RESULTS.md', lines.join('\n'));
console.log('Appended to bench/RESULTS.md');
process.exit(0);
