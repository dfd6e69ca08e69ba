// What the benchmarks share: a server of bench/server.mjs in its own process, a sign-in of a demo
// user, and one autocannon measurement.
import { spawn } from 'node:child_process';
import autocannon from 'autocannon';

/** Aurora's demo CompanyKey (apps/api/src/seed/companies.ts). */
export const companyKey = 'ck-aurora-54-3f9a1c7e';

/** Starts `node bench/server.mjs <kind>` and resolves with the child and its base URL once it listens. */
export const startServer = (kind, env = {}) =>
  new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['bench/server.mjs', kind], {
      env: { ...process.env, ...env },
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    child.stdout.on('data', (d) => {
      const m = String(d).match(/PORT (\d+)/);
      if (m) resolve({ child, port: Number(m[1]), base: `http://127.0.0.1:${m[1]}` });
    });
    child.on('exit', (code) => reject(new Error(`${kind} server exited with ${code}`)));
  });

export const stopServer = (server) =>
  new Promise((resolve) => {
    server.child.removeAllListeners('exit');
    server.child.once('exit', resolve);
    server.child.kill();
  });

/** The headers of a demo user's calls (CompanyKey and a real access token). */
export const signIn = async (base, username) => {
  const res = await fetch(`${base}/connect/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', companykey: companyKey },
    body: new URLSearchParams({
      grant_type: 'password',
      username,
      password: 'Aval@2026',
      client_id: 'aval-portal',
      client_secret: 'aval-portal-spa',
      scope: 'openid',
    }),
  });
  if (!res.ok) throw new Error(`sign-in of ${username} failed: ${res.status} ${await res.text()}`);
  return { companykey: companyKey, authorization: `Bearer ${(await res.json()).access_token}` };
};

/** autocannon for `duration` s after a 2 s warm-up: req/s, p50, p99, non-2xx and errors. */
export const measure = async (title, options) => {
  await autocannon({ ...options, duration: 2 }); // warm-up
  const r = await autocannon(options);
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
