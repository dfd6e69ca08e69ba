// The home usable after "Entrar" (issue 33: ≤ 1.5 s on the bench host), in Debian's Chromium.
//
//   npx tsc -b && npm run build -w apps/web && node bench/home-usable.mjs
//
// Starts the built server (apps/api/dist/server.js with the built portal) on PGlite in a fresh
// folder, seeded with the demo data at its first start (BENCH_HOME_URL=http://host:port to use a
// running one instead), then BENCH_RUNS (5) times, each in a new browser context (no cache, no
// session, as a person arriving): opens /login on aurora.localhost, types analista@'s credentials
// and times, in the page's own clock, from the click on "Entrar" to:
//   - home: the URL is /inicio and its title "Início" (h1) is on screen;
//   - usable: the first figure of the home shows its number, not "…" ("Propostas perto do prazo
//     de aceitação": GetHomeSummary answered and rendered) — the home's first meaningful content.
// Prints each run, the median and the max, the requests of the last run after the click (start
// and end in ms from the click) and appends the table to RESULTS.md (BENCH_RECORD=0 to skip;
// BENCH_LABEL names the build measured, e.g. when comparing two servers on one machine's load).
import { spawn } from 'node:child_process';
import { appendFileSync, rmSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import { join } from 'node:path';
import { chromium } from 'playwright-core';
import { chromiumLaunchOptions } from '../e2e/chromium.ts';

const root = new URL('..', import.meta.url).pathname;
const runs = Number(process.env.BENCH_RUNS ?? 5);
const port = Number(process.env.BENCH_PORT ?? 3279);
const host = 'aurora.localhost';
const username = 'analista@aurora.demo';
const password = 'Aval@2026';
const figureLabel = 'Propostas perto do prazo de aceitação';

const waitReady = async (base, ms) => {
  const until = Date.now() + ms;
  while (Date.now() < until) {
    const ok = await fetch(`${base}/ready`)
      .then((r) => r.ok)
      .catch(() => false);
    if (ok) return;
    await new Promise((r) => setTimeout(r, 1000));
  }
  throw new Error(`${base} not ready after ${ms} ms`);
};

const startServer = async () => {
  const dataDir = join(root, '.tmp', `bench-home-${port}`);
  rmSync(dataDir, { recursive: true, force: true });
  const child = spawn(process.execPath, ['apps/api/dist/server.js'], {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(port),
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      NODE_ENV: 'production',
      CEP_PROVIDER: 'fixture',
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const base = `http://localhost:${port}`;
  await waitReady(base, 600_000);
  return { base, stop: () => child.kill('SIGTERM') };
};

/** In the page: the click time, then the marks, observed on every DOM change. */
const installProbe = (label) => {
  const marks = {};
  window.__benchMarks = marks;
  const check = () => {
    if (marks.click === undefined) return;
    const now = performance.now();
    const h1 = document.querySelector('h1');
    if (marks.home === undefined && location.pathname === '/inicio' && h1?.textContent?.trim() === 'Início')
      marks.home = now;
    if (marks.usable === undefined) {
      const label_ = [...document.querySelectorAll('main p')].find((p) => p.textContent?.trim() === label);
      const value = label_?.previousElementSibling?.textContent?.trim();
      if (value && /^\d/.test(value)) marks.usable = now;
    }
  };
  document.addEventListener(
    'click',
    (e) => {
      if (e.target instanceof Element && e.target.closest('button[type=submit]'))
        marks.click = performance.now();
    },
    { capture: true },
  );
  new MutationObserver(check).observe(document, { subtree: true, childList: true, characterData: true });
};

const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
};

const main = async () => {
  const server = process.env.BENCH_HOME_URL
    ? { base: process.env.BENCH_HOME_URL, stop: () => {} }
    : await startServer();
  const port_ = new URL(server.base).port;
  const browser = await chromium.launch(chromiumLaunchOptions);
  const results = [];
  let requests = [];
  try {
    // One warm-up sign-in (the server's first requests compile its code paths), not counted.
    for (let i = 0; i <= runs; i++) {
      const context = await browser.newContext({ locale: 'pt-BR', timezoneId: 'America/Sao_Paulo' });
      const page = await context.newPage();
      await page.goto(`http://${host}:${port_}/login`);
      await page.getByLabel('Usuário ou e-mail').fill(username);
      await page.locator('input[name=password]').fill(password);
      await page.evaluate(installProbe, figureLabel);
      await page.getByRole('button', { name: 'Entrar' }).click();
      await page.waitForFunction(() => window.__benchMarks.usable !== undefined, null, { timeout: 60_000 });
      const marks = await page.evaluate(() => window.__benchMarks);
      if (i > 0) {
        results.push({ home: marks.home - marks.click, usable: marks.usable - marks.click });
        console.log(
          `run ${i}: home ${(marks.home - marks.click).toFixed(0)} ms, usable ${(marks.usable - marks.click).toFixed(0)} ms`,
        );
      }
      requests = await page.evaluate(
        (click) =>
          performance
            .getEntriesByType('resource')
            .filter((e) => e.startTime >= click)
            .map((e) => ({
              name: new URL(e.name).pathname,
              start: Math.round(e.startTime - click),
              end: Math.round(e.responseEnd - click),
              kb: Math.round(e.transferSize / 102.4) / 10,
            })),
        marks.click,
      );
      await context.close();
    }
  } finally {
    await browser.close();
    server.stop();
  }

  const fmt = (n) => `${Math.round(n)} ms`;
  const homes = results.map((r) => r.home);
  const usables = results.map((r) => r.usable);
  console.log('\nrequests of the last run after the click (ms from the click):');
  for (const r of requests)
    console.log(`  ${String(r.start).padStart(5)} → ${String(r.end).padStart(5)}  ${r.kb} KB  ${r.name}`);
  const when = new Date().toISOString().slice(0, 16).replace('T', ' ');
  const load = loadavg()
    .map((n) => n.toFixed(2))
    .join(' ');
  const text = [
    '',
    `## ${when} UTC — home usable after "Entrar" (issue 33)${process.env.BENCH_LABEL ? `: ${process.env.BENCH_LABEL}` : ''}`,
    '',
    `Node ${process.version}, ${cpus().length} cores, load average ${load} at the end; Debian's Chromium (headless), built portal and API on PGlite with the demo data; ${username}, a new browser context per run (cold cache), ${runs} runs after one warm-up. From the click on "Entrar" (page clock) to: home = /inicio with its h1 "Início"; usable = the figure "${figureLabel}" shows its number (GetHomeSummary rendered). Goal: usable ≤ 1.5 s.`,
    '',
    '| mark | runs | median | max |',
    '|---|---:|---:|---:|',
    `| home (h1 "Início") | ${runs} | ${fmt(median(homes))} | ${fmt(Math.max(...homes))} |`,
    `| usable (first figure) | ${runs} | ${fmt(median(usables))} | ${fmt(Math.max(...usables))} |`,
    '',
    `Each run (home / usable): ${results.map((r) => `${Math.round(r.home)} / ${Math.round(r.usable)}`).join('; ')} ms.`,
    '',
  ].join('\n');
  console.log(text);
  if (process.env.BENCH_RECORD !== '0') appendFileSync(join(root, 'bench/RESULTS.md'), text);
};

await main();
