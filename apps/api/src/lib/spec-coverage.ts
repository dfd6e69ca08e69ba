import { readFileSync } from 'node:fs';
import { extraRoutes } from '@aval/contracts';

export type RouteEntry = { method: string; url: string };
export type SpecRow = { area: string; method: string; path: string };

/** Reads `endpoints.tsv` of the spec (area, method, path). */
export const readSpecRows = (file: string): SpecRow[] =>
  readFileSync(file, 'utf8')
    .split('\n')
    .slice(1)
    .map((line) => line.trim().split('\t'))
    .filter((cols) => cols.length === 3)
    .map(([area, method, path]) => ({ area: area!, method: method!, path: path! }));

/** `{id}` and `:id` compare equal; routing is case-insensitive. */
const key = (method: string, path: string) =>
  `${method.toUpperCase()} ${path
    .replace(/\{(\w+)\}/g, ':$1')
    .replace(/:\w+/g, ':p')
    .toLowerCase()}`;

const isOurs = (url: string) => /^\/(api|connect|generate)(\/|$)/i.test(url);

export type Coverage = {
  byArea: Map<string, { registered: SpecRow[]; missing: SpecRow[] }>;
  registered: number;
  total: number;
  /** Routes under /api, /connect or /generate that are neither a spec row nor an allowed extra. */
  unexpected: RouteEntry[];
};

export const computeCoverage = (rows: SpecRow[], routes: RouteEntry[]): Coverage => {
  const present = new Set(routes.map((r) => key(r.method, r.url)));
  const specKeys = new Set(rows.map((r) => key(r.method, r.path)));
  const extraKeys = new Set(extraRoutes.map((r) => key(r.method, r.path)));
  const byArea: Coverage['byArea'] = new Map();
  let registered = 0;
  for (const row of rows) {
    const entry = byArea.get(row.area) ?? { registered: [], missing: [] };
    if (present.has(key(row.method, row.path))) {
      entry.registered.push(row);
      registered++;
    } else entry.missing.push(row);
    byArea.set(row.area, entry);
  }
  const unexpected = routes.filter(
    (r) =>
      isOurs(r.url) &&
      r.method !== 'HEAD' &&
      !specKeys.has(key(r.method, r.url)) &&
      !extraKeys.has(key(r.method, r.url)),
  );
  return { byArea, registered, total: rows.length, unexpected };
};

export const formatCoverage = (c: Coverage): string => {
  const lines: string[] = [];
  for (const [area, { registered, missing }] of c.byArea) {
    lines.push(`${area}: ${registered.length} of ${registered.length + missing.length}`);
    for (const r of registered) lines.push(`  ✓ ${r.method} ${r.path}`);
    for (const r of missing) lines.push(`  · ${r.method} ${r.path}`);
  }
  if (c.unexpected.length) {
    lines.push('Routes outside the spec and the allow-list:');
    for (const r of c.unexpected) lines.push(`  ! ${r.method} ${r.url}`);
  }
  lines.push(`${c.registered} of ${c.total}`);
  return lines.join('\n');
};
