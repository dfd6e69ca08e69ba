import { and, desc, eq, inArray, max } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { currentTime } from '../../lib/clock.js';
import { endorsements } from './endorsements.table.js';

export type EndorsementRow = typeof endorsements.$inferSelect;
export type NewEndorsement = typeof endorsements.$inferInsert;

export const insertEndorsement = async (db: DbOrTx, values: NewEndorsement) => {
  const [row] = await db.insert(endorsements).values(values).returning();
  return row!;
};

export const nextNumber = async (db: DbOrTx, companyId: number, policyId: number) => {
  const [r] = await db
    .select({ n: max(endorsements.number) })
    .from(endorsements)
    .where(and(eq(endorsements.companyId, companyId), eq(endorsements.policyId, policyId)));
  return (r?.n ?? 0) + 1;
};

export const findByUniqueId = async (db: DbOrTx, companyId: number, uniqueId: string) => {
  const [row] = await db
    .select()
    .from(endorsements)
    .where(and(eq(endorsements.companyId, companyId), eq(endorsements.uniqueId, uniqueId)));
  return row;
};

export const findById = async (db: DbOrTx, companyId: number, id: number) => {
  const [row] = await db
    .select()
    .from(endorsements)
    .where(and(eq(endorsements.companyId, companyId), eq(endorsements.id, id)));
  return row;
};

/** The endorsement row locked for update (FOR UPDATE): one writer of its documents at a time. */
export const lockById = async (db: DbOrTx, companyId: number, id: number) => {
  const [row] = await db
    .select()
    .from(endorsements)
    .where(and(eq(endorsements.companyId, companyId), eq(endorsements.id, id)))
    .for('update');
  return row;
};

export const listByPolicy = (db: DbOrTx, companyId: number, policyId: number) =>
  db
    .select()
    .from(endorsements)
    .where(and(eq(endorsements.companyId, companyId), eq(endorsements.policyId, policyId)))
    .orderBy(desc(endorsements.id));

/** The policy's newest endorsement of a status (approved: EMITIDO), by descending id as the list. */
export const lastOfPolicyWithStatus = async (
  db: DbOrTx,
  companyId: number,
  policyId: number,
  statusId: number,
) => {
  const [row] = await db
    .select()
    .from(endorsements)
    .where(
      and(
        eq(endorsements.companyId, companyId),
        eq(endorsements.policyId, policyId),
        eq(endorsements.statusId, statusId),
      ),
    )
    .orderBy(desc(endorsements.id))
    .limit(1);
  return row;
};

export const openOfPolicy = async (db: DbOrTx, companyId: number, policyId: number) => {
  const [row] = await db
    .select({ id: endorsements.id })
    .from(endorsements)
    .where(
      and(
        eq(endorsements.companyId, companyId),
        eq(endorsements.policyId, policyId),
        inArray(endorsements.statusId, [2, 3]),
      ),
    );
  return row;
};

export const updateEndorsement = async (
  db: DbOrTx,
  companyId: number,
  id: number,
  values: Partial<NewEndorsement>,
) => {
  const [row] = await db
    .update(endorsements)
    .set({ ...values, updatedAt: currentTime() })
    .where(and(eq(endorsements.companyId, companyId), eq(endorsements.id, id)))
    .returning();
  return row!;
};
