import react from '@vitejs/plugin-react';
import { defaultClientConditions, defineConfig } from 'vite';

/**
 * Our packages and their pure libraries have no import-time side effects: a route only ships the
 * contracts and rules it uses (budget: login route ≤ 200 KB JS gzip, bench/bundle-size.mjs).
 */
const sideEffectFree =
  /\/packages\/(contracts|domain)\/src\/|\/node_modules\/(zod|decimal\.js|extenso|@floating-ui\/[a-z-]+)\//;

export default defineConfig({
  plugins: [react()],
  resolve: { conditions: ['@aval/source', ...defaultClientConditions] },
  server: {
    port: 5173,
    proxy: {
      '/api': 'http://localhost:3000',
      '/connect': 'http://localhost:3000',
      '/storage': 'http://localhost:3000',
    },
  },
  build: {
    outDir: 'dist',
    sourcemap: true,
    manifest: true,
    chunkSizeWarningLimit: 600,
    rolldownOptions: {
      treeshake: {
        moduleSideEffects: (id: string) => !sideEffectFree.test(id),
        manualPureFunctions: ['z', 'endpoint', 'pageOf', 'uuid', 'qInt', 'qBool'],
      },
    },
  },
});
