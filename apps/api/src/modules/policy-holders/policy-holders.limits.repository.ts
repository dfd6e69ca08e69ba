import { and, asc, desc, eq, inArray, sql, sum } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import type { Scope } from '../../lib/visibility.js';
import { globalLimitOn, visibilityCondition } from './policy-holders.repository.js';
import {
  creditRatingBands,
  creditScoreParameters,
  economicGroups,
  policyHolderExposures,
  policyHolderFinancialStatements,
  policyHolderLimitObservations,
  policyHolderLimits,
  policyHolders,
} from './policy-holders.table.js';

/** Economic groups, limits, the exposure ledger, credit parameters, financial statements and limit observations. */

export type LimitRow = typeof policyHolderLimits.$inferSelect;

export const findGroup = async (db: DbOrTx, companyId: number, id: number) => {
  const [row] = await db
    .select()
    .from(economicGroups)
    .where(and(eq(economicGroups.companyId, companyId), eq(economicGroups.id, id)));
  return row;
};

/** Ids of the policy holders of an economic group. */
export const groupMemberIds = async (db: DbOrTx, companyId: number, groupId: number) => {
  const rows = await db
    .select({ id: policyHolders.id })
    .from(policyHolders)
    .where(and(eq(policyHolders.companyId, companyId), eq(policyHolders.economicGroupId, groupId)));
  return rows.map((r) => r.id);
};

/** Limits of the policy holders (global: modalityId null); modality names come from parameterisation. */
export const listLimits = (db: DbOrTx, companyId: number, policyHolderIds: number[]) =>
  db
    .select()
    .from(policyHolderLimits)
    .where(
      and(
        eq(policyHolderLimits.companyId, companyId),
        inArray(policyHolderLimits.policyHolderId, policyHolderIds.length ? policyHolderIds : [0]),
      ),
    );

export const deleteLimits = (db: DbOrTx, companyId: number, policyHolderId: number) =>
  db
    .delete(policyHolderLimits)
    .where(
      and(eq(policyHolderLimits.companyId, companyId), eq(policyHolderLimits.policyHolderId, policyHolderId)),
    );

export const insertLimits = (db: DbOrTx, rows: (typeof policyHolderLimits.$inferInsert)[]) =>
  rows.length ? db.insert(policyHolderLimits).values(rows) : Promise.resolve();

/**
 * Outstanding insured amount per policy holder and modality. Today only `policy_holder_exposures`
 * feeds it (seeded demo rows); issued policies and approved proposals join here when they exist.
 */
export const exposuresOf = (db: DbOrTx, companyId: number, policyHolderIds: number[]) =>
  db
    .select({
      policyHolderId: policyHolderExposures.policyHolderId,
      modalityId: policyHolderExposures.modalityId,
      amount: sum(policyHolderExposures.amount),
    })
    .from(policyHolderExposures)
    .where(
      and(
        eq(policyHolderExposures.companyId, companyId),
        inArray(policyHolderExposures.policyHolderId, policyHolderIds.length ? policyHolderIds : [0]),
      ),
    )
    .groupBy(policyHolderExposures.policyHolderId, policyHolderExposures.modalityId);

export type ExposureRow = typeof policyHolderExposures.$inferSelect;
export type NewExposure = typeof policyHolderExposures.$inferInsert;

/** Ledger entries of one reference (a proposal, a policy or an endorsement), oldest first. */
export const exposureEntries = (
  db: DbOrTx,
  companyId: number,
  ref: { proposalId: number } | { policyId: number } | { endorsementId: number },
) =>
  db
    .select()
    .from(policyHolderExposures)
    .where(
      and(
        eq(policyHolderExposures.companyId, companyId),
        'proposalId' in ref
          ? eq(policyHolderExposures.proposalId, ref.proposalId)
          : 'policyId' in ref
            ? eq(policyHolderExposures.policyId, ref.policyId)
            : eq(policyHolderExposures.endorsementId, ref.endorsementId),
      ),
    )
    .orderBy(asc(policyHolderExposures.id));

export const insertExposures = (db: DbOrTx, rows: NewExposure[]) =>
  rows.length ? db.insert(policyHolderExposures).values(rows) : Promise.resolve();

/** Serialises ledger writes of one policy holder inside the caller's transaction. */
export const lockHolderLedger = (db: DbOrTx, policyHolderId: number) =>
  db.execute(sql`select pg_advisory_xact_lock(hashtext('policy_holder_exposures'), ${policyHolderId})`);

export const findCreditParameters = async (db: DbOrTx, companyId: number) => {
  const [params] = await db
    .select()
    .from(creditScoreParameters)
    .where(eq(creditScoreParameters.companyId, companyId));
  const bands = await db
    .select()
    .from(creditRatingBands)
    .where(eq(creditRatingBands.companyId, companyId))
    .orderBy(desc(creditRatingBands.minScore));
  return { params, bands };
};

export const listStatements = (db: DbOrTx, companyId: number, policyHolderId: number) =>
  db
    .select()
    .from(policyHolderFinancialStatements)
    .where(
      and(
        eq(policyHolderFinancialStatements.companyId, companyId),
        eq(policyHolderFinancialStatements.policyHolderId, policyHolderId),
      ),
    )
    .orderBy(desc(policyHolderFinancialStatements.year));

export const upsertStatement = (db: DbOrTx, values: typeof policyHolderFinancialStatements.$inferInsert) =>
  db
    .insert(policyHolderFinancialStatements)
    .values(values)
    .onConflictDoUpdate({
      target: [
        policyHolderFinancialStatements.companyId,
        policyHolderFinancialStatements.policyHolderId,
        policyHolderFinancialStatements.year,
      ],
      set: {
        revenue: values.revenue,
        equity: values.equity,
        netIncome: values.netIncome,
        indebtedness: values.indebtedness,
        createdByUserId: values.createdByUserId,
      },
    });

export const listObservations = (db: DbOrTx, companyId: number, policyHolderId: number) =>
  db
    .select({ obs: policyHolderLimitObservations })
    .from(policyHolderLimitObservations)
    .where(
      and(
        eq(policyHolderLimitObservations.companyId, companyId),
        eq(policyHolderLimitObservations.policyHolderId, policyHolderId),
      ),
    )
    .orderBy(desc(policyHolderLimitObservations.createdAt), desc(policyHolderLimitObservations.id));

export const insertObservation = async (
  db: DbOrTx,
  values: typeof policyHolderLimitObservations.$inferInsert,
) => {
  const [row] = await db.insert(policyHolderLimitObservations).values(values).returning();
  return row!;
};
export const setGroupLimit = (db: DbOrTx, companyId: number, groupId: number, limit: string | null) =>
  db
    .update(economicGroups)
    .set({ limitAmount: limit })
    .where(and(eq(economicGroups.companyId, companyId), eq(economicGroups.id, groupId)));

/** Policy holders of the scope with a global limit above zero, with that limit (the home's limits). */
export const withGlobalLimit = (db: DbOrTx, companyId: number, scope: Scope, limit: number) =>
  db
    .select({
      id: policyHolders.id,
      uniqueId: policyHolders.uniqueId,
      name: policyHolders.name,
      document: policyHolders.document,
      limitAmount: policyHolderLimits.limitAmount,
    })
    .from(policyHolders)
    .innerJoin(policyHolderLimits, globalLimitOn(companyId))
    .where(
      and(
        eq(policyHolders.companyId, companyId),
        visibilityCondition(companyId, scope),
        sql`${policyHolderLimits.limitAmount} > 0`,
      ),
    )
    .orderBy(asc(policyHolders.name), asc(policyHolders.id))
    .limit(limit);
