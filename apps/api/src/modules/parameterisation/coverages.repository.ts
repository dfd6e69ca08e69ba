import { and, asc, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { currentTime } from '../../lib/clock.js';
import { coverages } from './parameterisation.table.js';

/** Coverages of a modality. */

export type CoverageRow = typeof coverages.$inferSelect;
export type NewCoverage = typeof coverages.$inferInsert;

export const listCoverages = (db: DbOrTx, companyId: number, modalityId: number) =>
  db
    .select()
    .from(coverages)
    .where(and(eq(coverages.companyId, companyId), eq(coverages.modalityId, modalityId)))
    .orderBy(asc(coverages.sortOrder), asc(coverages.id));

export const findCoverage = async (db: DbOrTx, companyId: number, id: number) => {
  const [row] = await db
    .select()
    .from(coverages)
    .where(and(eq(coverages.companyId, companyId), eq(coverages.id, id)));
  return row;
};

export const insertCoverage = async (db: DbOrTx, row: NewCoverage) => {
  const [created] = await db.insert(coverages).values(row).returning();
  return created as CoverageRow;
};

export const updateCoverage = async (
  db: DbOrTx,
  companyId: number,
  id: number,
  patch: Partial<NewCoverage>,
) => {
  const [row] = await db
    .update(coverages)
    .set({ ...patch, updatedAt: currentTime() })
    .where(and(eq(coverages.companyId, companyId), eq(coverages.id, id)))
    .returning();
  return row as CoverageRow;
};
