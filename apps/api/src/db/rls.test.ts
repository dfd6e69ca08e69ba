import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listArchivesUnfiltered } from '../modules/files/files.repository.js';
import { archives } from '../modules/files/files.table.js';
import { createTestApp, type TestApp } from '../test/harness.js';
import { withTenant } from './client.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  const row = (companyId: number, name: string) => ({
    companyId,
    name,
    extension: 'pdf',
    contentType: 'application/pdf',
    sizeBytes: 1,
    relativePath: `x/${name}`,
    container: `company-${companyId}`,
  });
  // As the owner (no RLS): one row per company.
  await t.database.db.insert(archives).values([row(54, 'a.pdf'), row(325, 'b.pdf'), row(325, 'c.pdf')]);
});
afterAll(() => t.close());

describe('row-level security', () => {
  it('should confine a query that forgets the company filter to the request company', async () => {
    const for54 = await withTenant(t.database.db, 54, (tx) => listArchivesUnfiltered(tx));
    expect(for54.map((r) => r.name)).toContain('a.pdf');
    expect(for54.every((r) => r.companyId === 54)).toBe(true);
    const for325 = await withTenant(t.database.db, 325, (tx) => listArchivesUnfiltered(tx));
    expect(for325.map((r) => r.name)).toEqual(expect.arrayContaining(['b.pdf', 'c.pdf']));
    expect(for325.map((r) => r.name)).not.toContain('a.pdf');
    expect(for325.every((r) => r.companyId === 325)).toBe(true);
    const everything = await t.database.db.select().from(archives);
    expect(new Set(everything.map((r) => r.companyId)).size).toBeGreaterThan(1);
  });

  it('should refuse to write a row of another company inside a tenant transaction', async () => {
    await expect(
      withTenant(t.database.db, 54, (tx) =>
        tx.insert(archives).values({
          companyId: 325,
          name: 'intruso.pdf',
          extension: 'pdf',
          contentType: 'application/pdf',
          sizeBytes: 1,
          relativePath: 'x/intruso.pdf',
          container: 'company-325',
        }),
      ),
    ).rejects.toThrow();
    const all = await t.database.db.select().from(archives);
    expect(all.map((r) => r.name)).not.toContain('intruso.pdf');
  });

  it('should see nothing when no company is set for the app role', async () => {
    const rows = await t.database.db.transaction(async (tx) => {
      const { sql } = await import('drizzle-orm');
      await tx.execute(sql`set local role aval_app`);
      return listArchivesUnfiltered(tx);
    });
    expect(rows).toEqual([]);
  });
});
