import { and, desc, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { currentTime } from '../../lib/clock.js';
import { policyHolderNominations, policyHolders } from './policy-holders.table.js';

/** Nominations: a brokerage asks to work with a policy holder, the company decides. */

export type NominationRow = typeof policyHolderNominations.$inferSelect;

const nominationColumns = {
  nomination: policyHolderNominations,
  holder: policyHolders,
};

export const listNominations = (
  db: DbOrTx,
  companyId: number,
  f: { brokerId?: number; policyHolderId?: number },
) =>
  db
    .select(nominationColumns)
    .from(policyHolderNominations)
    .innerJoin(policyHolders, eq(policyHolders.id, policyHolderNominations.policyHolderId))
    .where(
      and(
        eq(policyHolderNominations.companyId, companyId),
        f.brokerId === undefined ? undefined : eq(policyHolderNominations.brokerId, f.brokerId),
        f.policyHolderId === undefined
          ? undefined
          : eq(policyHolderNominations.policyHolderId, f.policyHolderId),
      ),
    )
    .orderBy(desc(policyHolderNominations.createdAt), desc(policyHolderNominations.id));
export type NominationJoined = Awaited<ReturnType<typeof listNominations>>[number];

export const insertNomination = async (db: DbOrTx, values: typeof policyHolderNominations.$inferInsert) => {
  const [row] = await db.insert(policyHolderNominations).values(values).returning();
  return row!;
};

export const findNominationById = async (db: DbOrTx, companyId: number, id: number) =>
  (
    await db
      .select()
      .from(policyHolderNominations)
      .where(and(eq(policyHolderNominations.companyId, companyId), eq(policyHolderNominations.id, id)))
  )[0];

export const findNominationByUniqueId = async (db: DbOrTx, companyId: number, uniqueId: string) =>
  (
    await db
      .select()
      .from(policyHolderNominations)
      .where(
        and(eq(policyHolderNominations.companyId, companyId), eq(policyHolderNominations.uniqueId, uniqueId)),
      )
  )[0];

export const decideNomination = (
  db: DbOrTx,
  companyId: number,
  id: number,
  d: { statusId: number; userId: number },
) =>
  db
    .update(policyHolderNominations)
    .set({ statusId: d.statusId, decidedByUserId: d.userId, decidedAt: currentTime() })
    .where(
      and(
        eq(policyHolderNominations.companyId, companyId),
        eq(policyHolderNominations.id, id),
        eq(policyHolderNominations.statusId, 1),
      ),
    )
    .returning();
