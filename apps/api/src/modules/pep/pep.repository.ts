import { and, asc, count, eq, inArray } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { pepListEntries, qsaMembers } from './pep.table.js';

export type PepRow = typeof pepListEntries.$inferSelect;
export type QsaRow = typeof qsaMembers.$inferSelect;

export const replaceList = async (
  db: DbOrTx,
  companyId: number,
  rows: (typeof pepListEntries.$inferInsert)[],
) => {
  await db.delete(pepListEntries).where(eq(pepListEntries.companyId, companyId));
  for (let i = 0; i < rows.length; i += 500) await db.insert(pepListEntries).values(rows.slice(i, i + 500));
};

export const entriesByDigits = (db: DbOrTx, companyId: number, digits: string[]) =>
  db
    .select()
    .from(pepListEntries)
    .where(
      and(
        eq(pepListEntries.companyId, companyId),
        inArray(pepListEntries.cpfDigits, digits.length ? digits : ['']),
      ),
    );

export const listPage = async (db: DbOrTx, companyId: number, page: number, rows: number) => {
  const where = eq(pepListEntries.companyId, companyId);
  const data = await db
    .select()
    .from(pepListEntries)
    .where(where)
    .orderBy(asc(pepListEntries.name), asc(pepListEntries.id))
    .limit(rows)
    .offset((page - 1) * rows);
  const [total] = await db.select({ n: count() }).from(pepListEntries).where(where);
  return { data, total: total?.n ?? 0 };
};

export const qsaOf = (db: DbOrTx, companyId: number, ownerType: QsaRow['ownerType'], ownerId: number) =>
  db
    .select()
    .from(qsaMembers)
    .where(
      and(
        eq(qsaMembers.companyId, companyId),
        eq(qsaMembers.ownerType, ownerType),
        eq(qsaMembers.ownerId, ownerId),
      ),
    )
    .orderBy(asc(qsaMembers.id));

export const insertQsa = (db: DbOrTx, rows: (typeof qsaMembers.$inferInsert)[]) =>
  rows.length ? db.insert(qsaMembers).values(rows) : Promise.resolve();
