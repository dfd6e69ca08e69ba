// Bundle budget of the portal (issue 5): JS and CSS gzip of the login route and of the largest
// route, from the Vite manifest of `npm run build -w apps/web`.
//
//   node bench/bundle-size.mjs            print the table and append it to bench/RESULTS.md
//   node bench/bundle-size.mjs --json     print the measures as JSON only (used by the e2e check)
//
// A route loads: the entry (src/main.tsx) and its static imports, its layout (public-frame for
// public and status pages, app-layout for the rest, which also mounts the modals host at once),
// the query scope (app/query-client.tsx: every page but the sign-in ones, `withoutQueries`) and
// the page module, each with its static imports and CSS. Every lazy page module under src/features or src/shared counts as a route.
import { appendFileSync, existsSync, readFileSync } from 'node:fs';
import { cpus } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';

export const LOGIN_JS_BUDGET_KB = 150;

const root = new URL('..', import.meta.url).pathname;
const dist = process.env.E2E_WEB_DIST ?? join(root, 'apps/web/dist');
const manifestPath = join(dist, '.vite/manifest.json');

const gz = (file) => gzipSync(readFileSync(join(dist, file))).length;

export const measure = () => {
  if (!existsSync(manifestPath)) throw new Error(`${manifestPath} missing: run npm run build -w apps/web`);
  const manifest = JSON.parse(readFileSync(manifestPath, 'utf8'));
  const byKey = (key) => manifest[key];
  const closure = (key, seen = new Set()) => {
    if (seen.has(key) || !byKey(key)) return seen;
    seen.add(key);
    for (const dep of byKey(key).imports ?? []) closure(dep, seen);
    return seen;
  };
  const files = (keys) => {
    const js = new Set();
    const css = new Set();
    for (const k of keys) {
      const chunk = byKey(k);
      if (chunk.file.endsWith('.js')) js.add(chunk.file);
      for (const c of chunk.css ?? []) css.add(c);
    }
    return { js, css };
  };
  const entryKey = Object.keys(manifest).find((k) => manifest[k].isEntry);
  const layoutKey = (name) => Object.keys(manifest).find((k) => k.endsWith(`app/layout/${name}.tsx`));
  const publicFrame = layoutKey('public-frame');
  const appLayout = layoutKey('app-layout');
  const modalsHost = layoutKey('modals-host');
  const queryScope = Object.keys(manifest).find((k) => k.endsWith('app/query-client.tsx'));
  const framedPages = [/features\/auth\//, /features\/portal\/pages\/status-pages/];
  const withoutQueries = [/features\/auth\/pages\/login-page\.tsx$/];
  const routeOf = (pageKey) => {
    const layout = framedPages.some((re) => re.test(pageKey)) ? publicFrame : appLayout;
    const keys = new Set([
      ...closure(entryKey),
      ...(layout === appLayout ? closure(modalsHost) : []),
      ...(withoutQueries.some((re) => re.test(pageKey)) ? [] : closure(queryScope)),
      ...closure(layout),
      ...closure(pageKey),
    ]);
    const { js, css } = files(keys);
    const sum = (set) => [...set].reduce((t, f) => t + gz(f), 0);
    return {
      page: pageKey,
      layout,
      jsGzip: sum(js),
      cssGzip: sum(css),
      jsFiles: js.size,
      cssFiles: css.size,
    };
  };
  const pages = Object.keys(manifest).filter(
    (k) => manifest[k].isDynamicEntry && /^src\/(features|shared)\//.test(k),
  );
  const routes = pages.map(routeOf);
  const login = routes.find((r) => r.page.endsWith('features/auth/pages/login-page.tsx'));
  const largest = [...routes].sort((a, b) => b.jsGzip + b.cssGzip - (a.jsGzip + a.cssGzip))[0];
  return { login, largest, routes: routes.length, budgetKb: LOGIN_JS_BUDGET_KB };
};

const kb = (n) => (n / 1024).toFixed(1);

if (import.meta.url === `file://${process.argv[1]}`) {
  const result = measure();
  if (process.argv.includes('--json')) {
    console.log(JSON.stringify(result));
  } else {
    const when = new Date().toISOString().slice(0, 16).replace('T', ' ');
    const row = (label, r) =>
      `| ${label} | \`${r.page.replace(/^src\//, '')}\` | ${kb(r.jsGzip)} | ${kb(r.cssGzip)} | ${r.jsFiles} / ${r.cssFiles} |`;
    const text = [
      '',
      `## ${when} UTC — web bundle (gzip)`,
      '',
      `Node ${process.version}, ${cpus().length} cores; \`vite build\` of apps/web, ${result.routes} lazy page modules; budget: login route ≤ ${LOGIN_JS_BUDGET_KB} KB JS gzip.`,
      '',
      '| route | page module | JS KB gzip | CSS KB gzip | files JS / CSS |',
      '|---|---|---:|---:|---:|',
      row('login', result.login),
      row('largest', result.largest),
      '',
    ].join('\n');
    console.log(text);
    appendFileSync(join(root, 'bench/RESULTS.md'), text);
    if (result.login.jsGzip / 1024 > LOGIN_JS_BUDGET_KB) {
      console.error(`login route over budget: ${kb(result.login.jsGzip)} KB > ${LOGIN_JS_BUDGET_KB} KB`);
      process.exitCode = 1;
    }
  }
}
