import { defineConfig } from '@playwright/test';
import { chromiumLaunchOptions } from './chromium.js';

const port = Number(process.env.E2E_PORT ?? 3210);
const dataDir = process.env.E2E_DATA_DIR ?? '.tmp/e2e-data';
/** Separate folders (E2E_PORT, E2E_DATA_DIR, E2E_ARTIFACTS_DIR, E2E_WEB_DIST) let runs share a tree. */
const artifactsDir = process.env.E2E_ARTIFACTS_DIR ?? './artifacts';
/** The simulated SRO registradora the journeys' server sends to (docs/sro.md): its own port. */
const sroSimPort = Number(process.env.E2E_SRO_PORT ?? port + 1000);

/**
 * Browser journeys against the built portal (npm run build first) on a fresh embedded database.
 * Debian's Chromium only: never a downloaded browser.
 */
export default defineConfig({
  testDir: './tests',
  outputDir: `${artifactsDir}/results`,
  timeout: 120_000,
  expect: { timeout: 10_000 },
  retries: process.env.CI ? 1 : 0,
  // Two browsers at once (E2E_WORKERS to change): files run side by side on the one server.
  workers: Number(process.env.E2E_WORKERS ?? 2),
  reporter: [['list'], ['html', { outputFolder: `${artifactsDir}/report`, open: 'never' }]],
  use: {
    baseURL: `http://localhost:${port}`,
    locale: 'pt-BR',
    timezoneId: 'America/Sao_Paulo',
    // No animations to draw (the portal honours prefers-reduced-motion): less work for a 2-core CI.
    reducedMotion: 'reduce',
    screenshot: 'only-on-failure',
    // Recording a trace costs every journey DOM snapshots and screencast frames; a failure already
    // leaves its screenshot and page snapshot (error-context.md), so a trace is kept for a retry only.
    trace: 'on-first-retry',
    launchOptions: chromiumLaunchOptions,
  },
  // E2E_EXTERNAL_SERVER=1: the portal is already served on E2E_PORT (npm run test:cluster, through
  // the topology's proxy); else the journeys start their own server.
  webServer: process.env.E2E_EXTERNAL_SERVER
    ? undefined
    : [
        {
          // The registradora of the SRO, outside Aval: its simulator on its own (the production-mode
          // server below starts none), so registrations are sent, registered and rejected as in the
          // demo. Built by `tsc -b` with the API.
          command: 'node apps/api/dist/registradora-sim/main.js',
          cwd: '..',
          url: `http://127.0.0.1:${sroSimPort}/admin/records`,
          timeout: 30_000,
          reuseExistingServer: false,
          env: { SRO_SIM_PORT: String(sroSimPort) },
        },
        {
          // On PostgreSQL when E2E_DATABASE_URL is set (`npm test` with TEST_DATABASE_URL: the journeys then
          // run on the database kind production uses), a fresh database each run; else PGlite in dataDir.
          command: `rm -rf ${dataDir} && node scripts/e2e-database.mjs && node apps/api/dist/server.js`,
          cwd: '..',
          url: `http://localhost:${port}/ready`,
          // Migrations and the demo seed on PGlite: ~40 s on an idle machine, minutes on a loaded one.
          timeout: 300_000,
          reuseExistingServer: false,
          env: {
            PORT: String(port),
            DATA_DIR: dataDir,
            LOG_LEVEL: 'warn',
            NODE_ENV: 'production',
            // No internet here: CEP lookups use the built-in fixture (01310-100 and others).
            CEP_PROVIDER: 'fixture',
            // The external BI the BI journey configures (the browser answers for it): the CSP frames only it.
            BI_EMBED_ORIGINS: 'https://metabase.exemplo.test',
            ...(process.env.E2E_DATABASE_URL ? { DATABASE_URL: process.env.E2E_DATABASE_URL } : {}),
            // A private web build (vite build --outDir …) so another run's rebuild cannot swap the assets.
            ...(process.env.E2E_WEB_DIST ? { WEB_DIST: process.env.E2E_WEB_DIST } : {}),
            SRO_REGISTRADORA_URL: `http://127.0.0.1:${sroSimPort}`,
          },
        },
      ],
});
