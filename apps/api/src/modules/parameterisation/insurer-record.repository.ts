import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { currentTime } from '../../lib/clock.js';
import { type InsurerRecordRow, insurerRecords } from './insurer-record.table.js';

/** The insurer's record (one row per company). */

export type InsurerRecordValues = Omit<InsurerRecordRow, 'companyId' | 'createdAt' | 'updatedAt'>;

export const findInsurerRecord = async (db: DbOrTx, companyId: number) => {
  const [row] = await db.select().from(insurerRecords).where(eq(insurerRecords.companyId, companyId));
  return row;
};

/** Writes these columns of the company's record, creating the row when it has none. */
export const upsertInsurerRecord = async (
  db: DbOrTx,
  companyId: number,
  values: Partial<InsurerRecordValues>,
) => {
  const [row] = await db
    .insert(insurerRecords)
    .values({ companyId, ...values })
    .onConflictDoUpdate({ target: insurerRecords.companyId, set: { ...values, updatedAt: currentTime() } })
    .returning();
  return row!;
};
