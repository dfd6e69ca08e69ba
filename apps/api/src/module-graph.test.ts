import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, normalize, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * The API's import graph as it runs (type-only imports are erased, so they do not count), read from
 * the source: which layers and modules may import which (docs/architecture.md, "Module
 * boundaries"). No module import cycle is allowed.
 */
const root = import.meta.dirname;

const sources = (dir: string): string[] =>
  readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const path = join(dir, e.name);
    if (e.isDirectory()) return sources(path);
    return e.name.endsWith('.ts') && !e.name.endsWith('.test.ts') ? [path] : [];
  });

// `import x from`, `import { a } from`, `export { a } from`, `export * from` (not `import type`).
const runtimeImport = /^(?:import|export)\s+(?!type\b)(?:[^'";]*?\sfrom\s+)?'(\.{1,2}\/[^']+)'/gm;

/** Each source file (relative to src) with the files it imports at run time. */
const graph = new Map(
  sources(root).map((file) => {
    const text = readFileSync(file, 'utf8');
    const targets = [...text.matchAll(runtimeImport)].map((m) =>
      relative(root, normalize(join(dirname(file), m[1]!))).replace(/\.js$/, '.ts'),
    );
    return [relative(root, file), targets] as const;
  }),
);

const moduleOf = (file: string) => (file.startsWith('modules/') ? file.split('/')[1] : undefined);

/** module → modules it imports at run time. */
const moduleEdges = () => {
  const edges = new Map<string, Set<string>>();
  for (const [file, targets] of graph) {
    const from = moduleOf(file);
    if (!from) continue;
    for (const t of targets) {
      const to = moduleOf(t);
      // A table may reference another module's table for a foreign key (docs/architecture.md):
      // a declaration, not behaviour, so no edge between the modules.
      if (file.endsWith('.table.ts') && t.endsWith('.table.ts')) continue;
      if (to && to !== from) edges.set(from, (edges.get(from) ?? new Set()).add(to));
    }
  }
  return edges;
};

/** The modules that lie on an import cycle (strongly connected components of two or more). */
const modulesOnCycles = () => {
  const edges = moduleEdges();
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const found: string[] = [];
  let next = 0;
  const visit = (v: string) => {
    index.set(v, next);
    low.set(v, next++);
    stack.push(v);
    onStack.add(v);
    for (const w of edges.get(v) ?? []) {
      if (!index.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v)!, low.get(w)!));
      } else if (onStack.has(w)) low.set(v, Math.min(low.get(v)!, index.get(w)!));
    }
    if (low.get(v) === index.get(v)) {
      const component: string[] = [];
      for (let w = stack.pop()!; ; w = stack.pop()!) {
        onStack.delete(w);
        component.push(w);
        if (w === v) break;
      }
      if (component.length > 1) found.push(...component);
    }
  };
  for (const v of edges.keys()) if (!index.has(v)) visit(v);
  return found.sort();
};

describe('the import graph of the API', () => {
  it('should keep the layers below the modules (context, db, lib, plugins) free of module imports', () => {
    const lower = [...graph].filter(
      ([file]) =>
        file === 'context.ts' ||
        file.startsWith('db/') ||
        file.startsWith('lib/') ||
        file.startsWith('plugins/'),
    );
    expect(lower.length).toBeGreaterThan(10);
    const upward = lower.flatMap(([file, targets]) =>
      targets.filter((t) => t.startsWith('modules/')).map((t) => `${file} → ${t}`),
    );
    expect(upward).toEqual([]);
  });

  it('should keep the installer a top layer: nothing below imports it, and it reads no demo data', () => {
    const below = (file: string) =>
      file === 'context.ts' ||
      ['modules/', 'db/', 'lib/', 'plugins/'].some((layer) => file.startsWith(layer));
    const intoInstall = [...graph].flatMap(([file, targets]) =>
      below(file) ? targets.filter((t) => t.startsWith('install/')).map((t) => `${file} → ${t}`) : [],
    );
    expect(intoInstall).toEqual([]);
    const installFiles = [...graph].filter(([file]) => file.startsWith('install/'));
    expect(installFiles.map(([file]) => file)).toContain('install/company.ts');
    // Production code: the installer imports no seed file (the demo companies are the seed's input).
    const intoSeed = installFiles.flatMap(([file, targets]) =>
      targets.filter((t) => t.startsWith('seed/')).map((t) => `${file} → ${t}`),
    );
    expect(intoSeed).toEqual([]);
    // Nor does any module (the parameterisation catalogue used to loop over the demo companies).
    const modulesIntoSeed = [...graph].flatMap(([file, targets]) =>
      file.startsWith('modules/')
        ? targets.filter((t) => t.startsWith('seed/')).map((t) => `${file} → ${t}`)
        : [],
    );
    expect(modulesIntoSeed).toEqual([]);
  });

  it('should let the kanban module reach no owner module, only the shared documents and users', () => {
    expect([...(moduleEdges().get('kanban') ?? [])].sort()).toEqual(['documents', 'users']);
  });

  it('should have no import cycle between modules', () => {
    expect(modulesOnCycles()).toEqual([]);
  });

  it('should keep the directory of users, and auth, below the modules that manage accounts and brokerages', () => {
    const edges = moduleEdges();
    expect([...(edges.get('users') ?? [])]).toEqual([]);
    expect([...(edges.get('auth') ?? [])].sort()).toEqual(['portal', 'users']);
  });

  it('should reach another module only through its public face (index.ts), tables aside', () => {
    const past = [...graph].flatMap(([file, targets]) =>
      targets
        .filter((t) => moduleOf(t) && moduleOf(file) && moduleOf(t) !== moduleOf(file))
        .filter((t) => !t.endsWith('/index.ts') && !(file.endsWith('.table.ts') && t.endsWith('.table.ts')))
        .map((t) => `${file} → ${t}`),
    );
    expect(past).toEqual([]);
  });

  it('should keep each module file within 400 lines (catalogues of data aside): a file holds one responsibility', () => {
    const long = [...graph.keys()]
      .filter((file) => file.startsWith('modules/') && !file.endsWith('.data.ts'))
      .map((file) => [file, readFileSync(join(root, file), 'utf8').split('\n').length] as const)
      .filter(([, lines]) => lines > 400)
      .map(([file, lines]) => `${file}: ${lines}`);
    expect(long).toEqual([]);
  });

  it('should find the runtime imports it reads (the parser sees the real graph)', () => {
    expect(graph.get('wiring.ts')).toContain('modules/proposals/proposals.cards.ts');
    // A type-only import is erased at run time: context.ts imports modules only as types.
    expect(readFileSync(join(root, 'context.ts'), 'utf8')).toMatch(/^import type .* from '\.\/modules\//m);
    expect(graph.get('context.ts')?.some((t) => t.startsWith('modules/'))).toBe(false);
  });
});
