import react from '@vitejs/plugin-react';
import { defaultClientConditions, defineConfig } from 'vite';

/**
 * Our packages and their pure libraries have no import-time side effects: a route only ships the
 * contracts and rules it uses (budget: login route ≤ 150 KB JS gzip, bench/bundle-size.mjs). The
 * features' public faces (`features/<domain>/index.ts`) only re-export: a screen that takes one
 * badge from another feature does not ship that feature's forms (the home took the proposal
 * scope, its address form and masks through `proposals/index.ts`).
 */
const sideEffectFree =
  /\/packages\/(contracts|domain)\/src\/|\/apps\/web\/src\/features\/[a-z-]+\/index\.ts$|\/node_modules\/(zod|decimal\.js|extenso|@floating-ui\/[a-z-]+)\//;

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
        // zod-locale.ts is the one module of the contracts run for its effect (zod's pt-BR messages).
        moduleSideEffects: (id: string) => !sideEffectFree.test(id) || id.endsWith('/zod-locale.ts'),
        manualPureFunctions: ['z', 'endpoint', 'pageOf', 'uuid', 'qInt', 'qBool'],
      },
    },
  },
});
