import { defineConfig } from 'vitest/config';

// One Vitest run, three projects. The API project runs against PGlite by default and against a
// PostgreSQL server when TEST_DATABASE_URL is set (scripts/test.mjs runs it both ways).
export default defineConfig({
  resolve: { conditions: ['@aval/source'] },
  ssr: { resolve: { conditions: ['@aval/source'] } },
  test: {
    projects: [
      {
        extends: true,
        test: { name: 'domain', include: ['packages/*/src/**/*.test.ts'], environment: 'node' },
      },
      {
        extends: true,
        test: {
          name: 'api',
          include: ['apps/api/src/**/*.test.ts', 'apps/kanban/src/**/*.test.ts', 'scripts/**/*.test.ts'],
          environment: 'node',
          globalSetup: ['apps/api/src/test/global-setup.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
          pool: 'forks',
          // One module graph per worker, not per file: every file builds its own app on its own
          // database, and the caches live on that app's platform, so nothing leaks between files;
          // loading the API once per worker instead of once per file saves about a third of the run.
          isolate: false,
        },
      },
      {
        extends: true,
        test: {
          name: 'web',
          include: ['apps/web/src/**/*.test.{ts,tsx}'],
          environment: 'happy-dom',
          setupFiles: ['apps/web/src/test/dom-setup.ts'],
        },
      },
    ],
  },
});
