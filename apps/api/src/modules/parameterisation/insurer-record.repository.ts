import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { currentTime } from '../../lib/clock.js';
import { forgetRead, readOnce } from '../../lib/read-once.js';
import { type InsurerRecordRow, insurerRecords } from './insurer-record.table.js';

/** The insurer's record (one row per company). */

export type InsurerRecordValues = Omit<InsurerRecordRow, 'companyId' | 'createdAt' | 'updatedAt'>;

const kept = (companyId: number) => `insurer-record:${companyId}`;

/**
 * The company's record, read once per transaction (lib/read-once.ts): issuing a policy prints it,
 * keeps it and names the insurer in each SRO operation, from one read. Its one writer below forgets it.
 */
export const findInsurerRecord = (db: DbOrTx, companyId: number) =>
  readOnce(db, kept(companyId), async () => {
    const [row] = await db.select().from(insurerRecords).where(eq(insurerRecords.companyId, companyId));
    return row;
  });

/** Writes these columns of the company's record, creating the row when it has none. */
export const upsertInsurerRecord = async (
  db: DbOrTx,
  companyId: number,
  values: Partial<InsurerRecordValues>,
) => {
  forgetRead(db, kept(companyId));
  const [row] = await db
    .insert(insurerRecords)
    .values({ companyId, ...values })
    .onConflictDoUpdate({ target: insurerRecords.companyId, set: { ...values, updatedAt: currentTime() } })
    .returning();
  return row!;
};
