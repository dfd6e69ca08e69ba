import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import react from '@vitejs/plugin-react';
import { defaultClientConditions, defineConfig, type Plugin } from 'vite';

const [toBrotli, toGzip] = [promisify(brotliCompress), promisify(gzip)];

/**
 * Brotli and gzip copies of each script, style sheet and picture the build writes, for the API to
 * send as they are (@fastify/static `preCompressed`): no compression work per request.
 */
const precompress = (): Plugin => ({
  name: 'aval-precompress',
  apply: 'build',
  async writeBundle(options, bundle) {
    const dir = options.dir ?? 'dist';
    const files = Object.keys(bundle).filter((f) => /\.(js|css|svg|html)$/.test(f));
    await Promise.all(
      files.map(async (file) => {
        const data = await readFile(join(dir, file));
        if (data.length < 1024) return;
        const br = await toBrotli(data, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } });
        await writeFile(join(dir, `${file}.br`), br);
        await writeFile(join(dir, `${file}.gz`), await toGzip(data, { level: 9 }));
      }),
    );
  },
});

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
  plugins: [react(), precompress()],
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
