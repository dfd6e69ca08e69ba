import { and, asc, count, desc, eq, getTableColumns, ilike, inArray, or, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { likeContains } from '../../db/like.js';
import { sortedBy } from '../../db/order.js';
import { currentTime } from '../../lib/clock.js';
import { insuredLocations, insureds } from './insureds.table.js';

export type InsuredRow = typeof insureds.$inferSelect;
export type InsuredLocationRow = typeof insuredLocations.$inferSelect;

/** The list's sortable columns (by name by default); ties keep the name, then the id. */
const sortColumns = { Name: insureds.name, Document: insureds.document, CreatedAt: insureds.createdAt };
export type InsuredSortColumn = keyof typeof sortColumns;

export const searchInsureds = async (
  db: DbOrTx,
  companyId: number,
  f: {
    name?: string;
    document?: string;
    text?: string;
    page: number;
    rows: number;
    orderBy?: InsuredSortColumn;
    orderDirection?: 'asc' | 'desc';
  },
) => {
  const where: SQL[] = [eq(insureds.companyId, companyId)];
  if (f.name) where.push(ilike(insureds.name, likeContains(f.name)));
  if (f.document) where.push(ilike(insureds.document, likeContains(f.document)));
  if (f.text)
    where.push(
      or(ilike(insureds.name, likeContains(f.text)), ilike(insureds.document, likeContains(f.text)))!,
    );
  const condition = and(...where);
  // The page and the total in one statement; an empty page past the end counts on its own.
  const page = await db
    .select({ ...getTableColumns(insureds), total: sql<number>`count(*) over ()`.mapWith(Number) })
    .from(insureds)
    .where(condition)
    .orderBy(
      sortedBy(sortColumns[f.orderBy ?? 'Name'], f.orderDirection),
      asc(insureds.name),
      asc(insureds.id),
    )
    .limit(f.rows)
    .offset((f.page - 1) * f.rows);
  const rows: InsuredRow[] = page.map(({ total: _total, ...row }) => row);
  if (page.length > 0 || f.page === 1) return { rows, total: page[0]?.total ?? 0 };
  const [counted] = await db.select({ n: count() }).from(insureds).where(condition);
  return { rows, total: counted?.n ?? 0 };
};

export const findInsured = async (
  db: DbOrTx,
  companyId: number,
  by: { id?: number; uniqueId?: string; document?: string },
) => {
  const where: SQL[] = [eq(insureds.companyId, companyId)];
  if (by.id !== undefined) where.push(eq(insureds.id, by.id));
  if (by.uniqueId !== undefined) where.push(eq(insureds.uniqueId, by.uniqueId));
  if (by.document !== undefined) where.push(eq(insureds.document, by.document));
  const [row] = await db
    .select()
    .from(insureds)
    .where(and(...where));
  return row;
};

export const insertInsured = async (db: DbOrTx, values: typeof insureds.$inferInsert) => {
  const [row] = await db.insert(insureds).values(values).returning();
  return row!;
};

export const updateInsured = (db: DbOrTx, id: number, values: Partial<typeof insureds.$inferInsert>) =>
  db
    .update(insureds)
    .set({ ...values, updatedAt: currentTime() })
    .where(eq(insureds.id, id));

export const locationsOf = (db: DbOrTx, insuredIds: number[]) =>
  insuredIds.length === 0
    ? Promise.resolve([] as InsuredLocationRow[])
    : db
        .select()
        .from(insuredLocations)
        .where(inArray(insuredLocations.insuredId, insuredIds))
        .orderBy(desc(insuredLocations.isMain), asc(insuredLocations.id));

export const findLocation = async (db: DbOrTx, companyId: number, id: number) => {
  const [row] = await db
    .select()
    .from(insuredLocations)
    .where(and(eq(insuredLocations.companyId, companyId), eq(insuredLocations.id, id)));
  return row;
};

export const insertLocation = async (db: DbOrTx, values: typeof insuredLocations.$inferInsert) => {
  const [row] = await db.insert(insuredLocations).values(values).returning();
  return row!;
};

export const updateLocation = (
  db: DbOrTx,
  id: number,
  values: Partial<typeof insuredLocations.$inferInsert>,
) => db.update(insuredLocations).set(values).where(eq(insuredLocations.id, id));

export const clearMain = (db: DbOrTx, insuredId: number) =>
  db.update(insuredLocations).set({ isMain: false }).where(eq(insuredLocations.insuredId, insuredId));

export const deleteLocation = (db: DbOrTx, id: number) =>
  db.delete(insuredLocations).where(eq(insuredLocations.id, id));
