import { and, asc, count, desc, eq, ilike, inArray, isNull, or, type SQL, sql, sum } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { likeContains, startsWith } from '../../db/like.js';
import { sortedBy } from '../../db/order.js';
import { type Scope, scopeCondition } from '../../lib/visibility.js';
import {
  creditRatingBands,
  creditScoreParameters,
  economicGroups,
  policyHolderBranches,
  policyHolderCcgSignatories,
  policyHolderCcgs,
  policyHolderExposures,
  policyHolderFinancialStatements,
  policyHolderLimitObservations,
  policyHolderLimitRequests,
  policyHolderLimits,
  policyHolderLocations,
  policyHolderNominations,
  policyHolders,
} from './policy-holders.table.js';

export type PolicyHolderRow = typeof policyHolders.$inferSelect;
export type NewPolicyHolder = typeof policyHolders.$inferInsert;
export type LocationRow = typeof policyHolderLocations.$inferSelect;
export type BranchRow = typeof policyHolderBranches.$inferSelect;
export type LimitRow = typeof policyHolderLimits.$inferSelect;
export type NominationRow = typeof policyHolderNominations.$inferSelect;

/** Approved nominations of any of the brokerages: the policy holders a broker-side scope sees. */
const approvedNominationBy = (companyId: number) => (brokerIds: readonly number[]) =>
  sql`exists (select 1 from ${policyHolderNominations} n where n.policy_holder_id = ${policyHolders.id}
    and n.company_id = ${companyId} and n.broker_id in ${[...brokerIds]} and n.status_id = 2)`;

/** The policy holders a scope (lib/visibility.ts) sees, as a condition. */
export const visibilityCondition = (companyId: number, scope: Scope): SQL | undefined =>
  scopeCondition(scope, { broker: approvedNominationBy(companyId), policyHolder: policyHolders.id });

const summaryColumns = {
  holder: policyHolders,
  groupName: economicGroups.name,
  rating: policyHolderLimits.rating,
};

const summaryQuery = (db: DbOrTx, companyId: number) =>
  db
    .select(summaryColumns)
    .from(policyHolders)
    .leftJoin(economicGroups, eq(economicGroups.id, policyHolders.economicGroupId))
    .leftJoin(
      policyHolderLimits,
      and(
        eq(policyHolderLimits.policyHolderId, policyHolders.id),
        eq(policyHolderLimits.companyId, companyId),
        isNull(policyHolderLimits.modalityId),
      ),
    );
export type SummaryRow = { holder: PolicyHolderRow; groupName: string | null; rating: string | null };

export type SearchFilters = {
  name?: string;
  document?: string;
  text?: string;
  isBlocked?: boolean;
  isActive?: boolean;
  economicGroupId?: number;
};

const searchCondition = (companyId: number, v: Scope, f: SearchFilters) => {
  const doc = (s: string) => s.replace(/[^0-9A-Za-z]/g, '').toUpperCase();
  const text = f.text?.trim();
  return and(
    eq(policyHolders.companyId, companyId),
    visibilityCondition(companyId, v),
    f.name ? ilike(policyHolders.name, likeContains(f.name)) : undefined,
    f.document && doc(f.document) ? startsWith(policyHolders.document, doc(f.document)) : undefined,
    text
      ? or(
          ilike(policyHolders.name, likeContains(text)),
          ilike(policyHolders.tradeName, likeContains(text)),
          doc(text) ? startsWith(policyHolders.document, doc(text)) : undefined,
        )
      : undefined,
    f.isBlocked === undefined ? undefined : eq(policyHolders.isBlocked, f.isBlocked),
    f.isActive === undefined ? undefined : eq(policyHolders.isActive, f.isActive),
    f.economicGroupId ? eq(policyHolders.economicGroupId, f.economicGroupId) : undefined,
  );
};

/** The list's sortable columns (by name by default); ties keep the name, then the id. */
const sortColumns = {
  Name: policyHolders.name,
  Document: policyHolders.document,
  EconomicGroupName: economicGroups.name,
  Rating: policyHolderLimits.rating,
};
export type SortColumn = keyof typeof sortColumns;

export const searchPolicyHolders = async (
  db: DbOrTx,
  companyId: number,
  v: Scope,
  f: SearchFilters,
  page: { offset: number; limit: number },
  sort: { column?: SortColumn; direction?: 'asc' | 'desc' } = {},
) => {
  const where = searchCondition(companyId, v, f);
  const column = sortColumns[sort.column ?? 'Name'];
  const rows = await summaryQuery(db, companyId)
    .where(where)
    .orderBy(sortedBy(column, sort.direction), asc(policyHolders.name), asc(policyHolders.id))
    .limit(page.limit)
    .offset(page.offset);
  const [total] = await db.select({ n: count() }).from(policyHolders).where(where);
  return { rows: rows as SummaryRow[], total: total?.n ?? 0 };
};

export const findSummary = async (db: DbOrTx, companyId: number, id: number) => {
  const [row] = await summaryQuery(db, companyId).where(
    and(eq(policyHolders.companyId, companyId), eq(policyHolders.id, id)),
  );
  return row as SummaryRow | undefined;
};

export const findByUniqueId = async (db: DbOrTx, companyId: number, uniqueId: string) => {
  const [row] = await db
    .select()
    .from(policyHolders)
    .where(and(eq(policyHolders.companyId, companyId), eq(policyHolders.uniqueId, uniqueId)));
  return row;
};

export const findById = async (db: DbOrTx, companyId: number, id: number) => {
  const [row] = await db
    .select()
    .from(policyHolders)
    .where(and(eq(policyHolders.companyId, companyId), eq(policyHolders.id, id)));
  return row;
};

/** Holders by id in one query, in the order of `ids` (ids of no holder left out). */
export const findByIds = async (db: DbOrTx, companyId: number, ids: number[]) => {
  if (ids.length === 0) return [];
  const rows = await db
    .select()
    .from(policyHolders)
    .where(and(eq(policyHolders.companyId, companyId), inArray(policyHolders.id, ids)));
  const byId = new Map(rows.map((r) => [r.id, r]));
  return ids.flatMap((id) => byId.get(id) ?? []);
};

export const findByDocument = async (db: DbOrTx, companyId: number, document: string) => {
  const [row] = await db
    .select()
    .from(policyHolders)
    .where(and(eq(policyHolders.companyId, companyId), eq(policyHolders.document, document)));
  return row;
};

export const isVisible = async (db: DbOrTx, companyId: number, v: Scope, id: number) => {
  const [row] = await db
    .select({ id: policyHolders.id })
    .from(policyHolders)
    .where(
      and(
        eq(policyHolders.companyId, companyId),
        eq(policyHolders.id, id),
        visibilityCondition(companyId, v),
      ),
    );
  return Boolean(row);
};

export const updatePolicyHolder = async (
  db: DbOrTx,
  companyId: number,
  id: number,
  values: Partial<NewPolicyHolder>,
) => {
  const [row] = await db
    .update(policyHolders)
    .set({ ...values, updatedAt: new Date() })
    .where(and(eq(policyHolders.companyId, companyId), eq(policyHolders.id, id)))
    .returning();
  return row!;
};

// ---------------------------------------------------------------- locations and branches

export const listLocations = (db: DbOrTx, companyId: number, policyHolderId: number) =>
  db
    .select()
    .from(policyHolderLocations)
    .where(
      and(
        eq(policyHolderLocations.companyId, companyId),
        eq(policyHolderLocations.policyHolderId, policyHolderId),
      ),
    )
    .orderBy(desc(policyHolderLocations.isMain), asc(policyHolderLocations.id));

export const findLocation = async (db: DbOrTx, companyId: number, id: number) => {
  const [row] = await db
    .select()
    .from(policyHolderLocations)
    .where(and(eq(policyHolderLocations.companyId, companyId), eq(policyHolderLocations.id, id)));
  return row;
};

export const insertLocation = async (db: DbOrTx, values: typeof policyHolderLocations.$inferInsert) => {
  const [row] = await db.insert(policyHolderLocations).values(values).returning();
  return row!;
};

export const updateLocation = (
  db: DbOrTx,
  companyId: number,
  id: number,
  values: Partial<typeof policyHolderLocations.$inferInsert>,
) =>
  db
    .update(policyHolderLocations)
    .set(values)
    .where(and(eq(policyHolderLocations.companyId, companyId), eq(policyHolderLocations.id, id)));

export const clearMainLocation = (db: DbOrTx, companyId: number, policyHolderId: number) =>
  db
    .update(policyHolderLocations)
    .set({ isMain: false })
    .where(
      and(
        eq(policyHolderLocations.companyId, companyId),
        eq(policyHolderLocations.policyHolderId, policyHolderId),
      ),
    );

export const deleteLocation = (db: DbOrTx, companyId: number, id: number) =>
  db
    .delete(policyHolderLocations)
    .where(and(eq(policyHolderLocations.companyId, companyId), eq(policyHolderLocations.id, id)));

export const listBranches = (db: DbOrTx, companyId: number, policyHolderId: number) =>
  db
    .select()
    .from(policyHolderBranches)
    .where(
      and(
        eq(policyHolderBranches.companyId, companyId),
        eq(policyHolderBranches.policyHolderId, policyHolderId),
      ),
    )
    .orderBy(asc(policyHolderBranches.branchCnpj));

export const findBranchByUniqueId = async (db: DbOrTx, companyId: number, uniqueId: string) => {
  const [row] = await db
    .select()
    .from(policyHolderBranches)
    .where(and(eq(policyHolderBranches.companyId, companyId), eq(policyHolderBranches.uniqueId, uniqueId)));
  return row;
};

export const findBranchByCnpj = async (db: DbOrTx, companyId: number, cnpj: string) => {
  const [row] = await db
    .select()
    .from(policyHolderBranches)
    .where(and(eq(policyHolderBranches.companyId, companyId), eq(policyHolderBranches.branchCnpj, cnpj)));
  return row;
};

export const insertBranch = async (db: DbOrTx, values: typeof policyHolderBranches.$inferInsert) => {
  const [row] = await db.insert(policyHolderBranches).values(values).returning();
  return row!;
};

export const deleteBranch = (db: DbOrTx, companyId: number, id: number) =>
  db
    .delete(policyHolderBranches)
    .where(and(eq(policyHolderBranches.companyId, companyId), eq(policyHolderBranches.id, id)));

// ---------------------------------------------------------------- groups, limits, exposures

export const findGroup = async (db: DbOrTx, companyId: number, id: number) => {
  const [row] = await db
    .select()
    .from(economicGroups)
    .where(and(eq(economicGroups.companyId, companyId), eq(economicGroups.id, id)));
  return row;
};

export const groupMemberIds = async (db: DbOrTx, companyId: number, groupId: number) =>
  (
    await db
      .select({ id: policyHolders.id })
      .from(policyHolders)
      .where(and(eq(policyHolders.companyId, companyId), eq(policyHolders.economicGroupId, groupId)))
  ).map((r) => r.id);

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

// ---------------------------------------------------------------- statements and observations

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

// ---------------------------------------------------------------- nominations

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
    .set({ statusId: d.statusId, decidedByUserId: d.userId, decidedAt: new Date() })
    .where(
      and(
        eq(policyHolderNominations.companyId, companyId),
        eq(policyHolderNominations.id, id),
        eq(policyHolderNominations.statusId, 1),
      ),
    )
    .returning();

// ---------------------------------------------------------------- limit review requests

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
        decidedAt: new Date(),
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

// ---------------------------------------------------------------- CCG

export type CcgRow = typeof policyHolderCcgs.$inferSelect;
export type CcgSignatoryRow = typeof policyHolderCcgSignatories.$inferSelect;

export const findCcg = async (
  db: DbOrTx,
  companyId: number,
  by: { uniqueId: string } | { openOf: number } | { latestOf: number } | { signedOf: number },
) =>
  (
    await db
      .select()
      .from(policyHolderCcgs)
      .where(
        and(
          eq(policyHolderCcgs.companyId, companyId),
          'uniqueId' in by
            ? eq(policyHolderCcgs.uniqueId, by.uniqueId)
            : 'openOf' in by
              ? and(eq(policyHolderCcgs.policyHolderId, by.openOf), sql`${policyHolderCcgs.statusId} <> 4`)
              : 'signedOf' in by
                ? and(eq(policyHolderCcgs.policyHolderId, by.signedOf), eq(policyHolderCcgs.statusId, 4))
                : eq(policyHolderCcgs.policyHolderId, by.latestOf),
        ),
      )
      .orderBy(desc(policyHolderCcgs.id))
      .limit(1)
  )[0];

export const insertCcg = async (db: DbOrTx, values: typeof policyHolderCcgs.$inferInsert) =>
  (await db.insert(policyHolderCcgs).values(values).returning())[0]!;

/** Changes a CCG's status only if it is still `from` (none returned when it moved meanwhile). */
export const updateCcg = async (
  db: DbOrTx,
  companyId: number,
  id: number,
  from: number,
  values: Partial<typeof policyHolderCcgs.$inferInsert>,
) =>
  (
    await db
      .update(policyHolderCcgs)
      .set({ ...values, updatedAt: new Date() })
      .where(
        and(
          eq(policyHolderCcgs.companyId, companyId),
          eq(policyHolderCcgs.id, id),
          eq(policyHolderCcgs.statusId, from),
        ),
      )
      .returning()
  )[0];

export const insertCcgSignatories = (db: DbOrTx, rows: (typeof policyHolderCcgSignatories.$inferInsert)[]) =>
  rows.length ? db.insert(policyHolderCcgSignatories).values(rows) : Promise.resolve();

export const ccgSignatories = (db: DbOrTx, companyId: number, ccgId: number) =>
  db
    .select()
    .from(policyHolderCcgSignatories)
    .where(
      and(eq(policyHolderCcgSignatories.companyId, companyId), eq(policyHolderCcgSignatories.ccgId, ccgId)),
    )
    .orderBy(asc(policyHolderCcgSignatories.roleId), asc(policyHolderCcgSignatories.id));

export const markCcgSigned = (db: DbOrTx, companyId: number, ccgId: number, at: Date) =>
  db
    .update(policyHolderCcgSignatories)
    .set({ signedAt: at })
    .where(
      and(
        eq(policyHolderCcgSignatories.companyId, companyId),
        eq(policyHolderCcgSignatories.ccgId, ccgId),
        isNull(policyHolderCcgSignatories.signedAt),
      ),
    );
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
    .innerJoin(
      policyHolderLimits,
      and(
        eq(policyHolderLimits.policyHolderId, policyHolders.id),
        eq(policyHolderLimits.companyId, companyId),
        isNull(policyHolderLimits.modalityId),
      ),
    )
    .where(
      and(
        eq(policyHolders.companyId, companyId),
        visibilityCondition(companyId, scope),
        sql`${policyHolderLimits.limitAmount} > 0`,
      ),
    )
    .orderBy(asc(policyHolders.name), asc(policyHolders.id))
    .limit(limit);
