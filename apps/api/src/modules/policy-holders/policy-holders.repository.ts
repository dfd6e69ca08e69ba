import { and, asc, count, eq, ilike, inArray, isNull, or, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { likeContains, startsWith } from '../../db/like.js';
import { sortedBy } from '../../db/order.js';
import { currentTime } from '../../lib/clock.js';
import { type Scope, scopeCondition } from '../../lib/visibility.js';
import {
  economicGroups,
  policyHolderLimits,
  policyHolderNominations,
  policyHolders,
} from './policy-holders.table.js';

/** Policy holders: the registry rows, their visibility, search and summaries. */

export type PolicyHolderRow = typeof policyHolders.$inferSelect;
export type NewPolicyHolder = typeof policyHolders.$inferInsert;

/** Approved nominations of any of the brokerages: the policy holders a broker-side scope sees. */
const approvedNominationBy = (companyId: number) => (brokerIds: readonly number[]) =>
  sql`exists (select 1 from ${policyHolderNominations} n where n.policy_holder_id = ${policyHolders.id}
    and n.company_id = ${companyId} and n.broker_id in ${[...brokerIds]} and n.status_id = 2)`;

/** The policy holders a scope (lib/visibility.ts) sees, as a condition. */
export const visibilityCondition = (companyId: number, scope: Scope): SQL | undefined =>
  scopeCondition(scope, { broker: approvedNominationBy(companyId), policyHolder: policyHolders.id });

/** Joins a holder's global limit (the row without a modality). */
export const globalLimitOn = (companyId: number) =>
  and(
    eq(policyHolderLimits.policyHolderId, policyHolders.id),
    eq(policyHolderLimits.companyId, companyId),
    isNull(policyHolderLimits.modalityId),
  );

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
    .leftJoin(policyHolderLimits, globalLimitOn(companyId));
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

export const insertPolicyHolder = async (db: DbOrTx, values: NewPolicyHolder) => {
  const [row] = await db.insert(policyHolders).values(values).returning();
  return row!;
};

/** The company's economic group of that name (any case), created when it has none. */
export const economicGroupNamed = async (db: DbOrTx, companyId: number, name: string) => {
  const columns = { id: economicGroups.id, name: economicGroups.name };
  const [found] = await db
    .select(columns)
    .from(economicGroups)
    .where(and(eq(economicGroups.companyId, companyId), sql`lower(${economicGroups.name}) = lower(${name})`));
  if (found) return found;
  const [created] = await db.insert(economicGroups).values({ companyId, name }).returning(columns);
  return created!;
};

export const updatePolicyHolder = async (
  db: DbOrTx,
  companyId: number,
  id: number,
  values: Partial<NewPolicyHolder>,
) => {
  const [row] = await db
    .update(policyHolders)
    .set({ ...values, updatedAt: currentTime() })
    .where(and(eq(policyHolders.companyId, companyId), eq(policyHolders.id, id)))
    .returning();
  return row!;
};
