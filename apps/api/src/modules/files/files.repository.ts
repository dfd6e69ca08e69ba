import { and, count, eq, inArray } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { archives } from './files.table.js';

export type ArchiveRow = typeof archives.$inferSelect;
export type NewArchive = typeof archives.$inferInsert;

export const insertArchives = (db: DbOrTx, rows: NewArchive[]) =>
  db.insert(archives).values(rows).returning();

export const findArchive = async (db: DbOrTx, companyId: number, id: string) => {
  const [row] = await db.select().from(archives).where(eq(archives.id, id));
  return row?.companyId === companyId ? row : undefined;
};

/** Deliberately without a company filter: used by the test that shows RLS still confines it. */
export const listArchivesUnfiltered = (db: DbOrTx) => db.select().from(archives);

export const countUploadsBy = async (db: DbOrTx, userId: number) => {
  const [row] = await db.select({ n: count() }).from(archives).where(eq(archives.uploadedByUserId, userId));
  return row?.n ?? 0;
};

export const findArchivesByIds = (db: DbOrTx, companyId: number, ids: string[]) =>
  ids.length === 0
    ? Promise.resolve([])
    : db
        .select()
        .from(archives)
        .where(and(eq(archives.companyId, companyId), inArray(archives.id, ids)));
