import { and, asc, count, desc, eq, inArray, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { changeHistory } from './change-history.table.js';

export type NewChange = typeof changeHistory.$inferInsert;

export const insertChanges = async (db: DbOrTx, rows: NewChange[]) => {
  if (rows.length) await db.insert(changeHistory).values(rows);
};

export type ChangeFilter = {
  types: string[];
  ownerIds?: number[];
  scopeId?: number;
};

const whereOf = (companyId: number, f: ChangeFilter): SQL | undefined =>
  and(
    eq(changeHistory.companyId, companyId),
    inArray(changeHistory.ownerType, f.types.length ? f.types : ['']),
    f.ownerIds ? inArray(changeHistory.ownerId, f.ownerIds.length ? f.ownerIds : [0]) : undefined,
    f.scopeId !== undefined ? eq(changeHistory.scopeId, f.scopeId) : undefined,
  );

/** Newest first; the entries of one change (same instant) in the order they were recorded. */
export const listChanges = async (
  db: DbOrTx,
  companyId: number,
  f: ChangeFilter,
  page?: { page: number; rows: number },
) => {
  const where = whereOf(companyId, f);
  const query = db
    .select({ entry: changeHistory })
    .from(changeHistory)
    .where(where)
    .orderBy(desc(changeHistory.changedAt), asc(changeHistory.id));
  if (!page) {
    const rows = await query;
    return { rows, total: rows.length };
  }
  const [total] = await db.select({ n: count() }).from(changeHistory).where(where);
  const rows = await query.limit(page.rows).offset((page.page - 1) * page.rows);
  return { rows, total: total?.n ?? 0 };
};
