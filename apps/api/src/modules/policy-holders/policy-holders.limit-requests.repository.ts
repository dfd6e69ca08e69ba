import { and, desc, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { currentTime } from '../../lib/clock.js';
import { policyHolderLimitRequests } from './policy-holders.table.js';

/** Limit review requests: one pending per policy holder, decided once. */

export type LimitRequestRow = typeof policyHolderLimitRequests.$inferSelect;

export const findLimitRequest = async (
  db: DbOrTx,
  companyId: number,
  by: { uniqueId: string } | { pendingOf: number } | { latestOf: number },
) =>
  (
    await db
      .select()
      .from(policyHolderLimitRequests)
      .where(
        and(
          eq(policyHolderLimitRequests.companyId, companyId),
          'uniqueId' in by
            ? eq(policyHolderLimitRequests.uniqueId, by.uniqueId)
            : 'pendingOf' in by
              ? and(
                  eq(policyHolderLimitRequests.policyHolderId, by.pendingOf),
                  eq(policyHolderLimitRequests.statusId, 1),
                )
              : eq(policyHolderLimitRequests.policyHolderId, by.latestOf),
        ),
      )
      .orderBy(desc(policyHolderLimitRequests.id))
      .limit(1)
  )[0];

export const insertLimitRequest = async (db: DbOrTx, values: typeof policyHolderLimitRequests.$inferInsert) =>
  (await db.insert(policyHolderLimitRequests).values(values).returning())[0]!;

/** Decides a pending request (none when it was decided meanwhile). */
export const decideLimitRequest = async (
  db: DbOrTx,
  companyId: number,
  id: number,
  d: Pick<LimitRequestRow, 'statusId' | 'justification' | 'appliedLimit' | 'appliedRating'> & {
    userId: number;
  },
) =>
  (
    await db
      .update(policyHolderLimitRequests)
      .set({
        statusId: d.statusId,
        justification: d.justification,
        appliedLimit: d.appliedLimit,
        appliedRating: d.appliedRating,
        decidedByUserId: d.userId,
        decidedAt: currentTime(),
      })
      .where(
        and(
          eq(policyHolderLimitRequests.companyId, companyId),
          eq(policyHolderLimitRequests.id, id),
          eq(policyHolderLimitRequests.statusId, 1),
        ),
      )
      .returning()
  )[0];
