import { and, asc, desc, eq, gte, inArray, isNull, lt, lte, or, type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../../db/client.js';
import { likeContains, startsWith } from '../../db/like.js';
import { type Scope, scopeCondition } from '../../lib/visibility.js';
import { issuanceDocuments, policies } from './policies.table.js';

/**
 * Reads and lifecycle writes of the policy portal (issue 16): search at scale, detail, documents,
 * expiry, the 90-day notice and the internal cancellation. Issuance writes policies elsewhere.
 */

export type PolicyRow = typeof policies.$inferSelect;

/** Counts stop here: past it the list says "mais de 10 000" instead of scanning every match. */
export const COUNT_CAP = 10_000;

/** Accents off, lower case: how a name fragment is compared with the folded names (`searchable`). */
export const foldName = (text: string) =>
  text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase();

/** A name fragment as the LIKE pattern `policies_matching_names` compares with the folded names. */
const namePattern = (text: string | undefined) => (text ? likeContains(foldName(text)) : null);
/** Document prefix: digits and letters only (CNPJs may be alphanumeric), as stored. */
const docPrefix = (column: AnyPgColumn, text: string) =>
  startsWith(column, text.replace(/[^0-9A-Za-z]/g, '').toUpperCase());

/**
 * The caller's policies: of its brokerage as the main broker or as a co-broker, or of its policy
 * holder (lib/visibility.ts).
 */
export const visible = (scope: Scope) =>
  scopeCondition(scope, {
    broker: (ids) =>
      or(
        inArray(policies.brokerId, [...ids]),
        sql`${policies.coBrokers} @> any (array[${sql.join(
          ids.map((id) => sql`${JSON.stringify([{ BrokerId: id }])}::jsonb`),
          sql`, `,
        )}])`,
      )!,
    policyHolder: policies.policyHolderId,
  });

export type PolicyFilters = {
  number?: string;
  policyHolderName?: string;
  policyHolderDocument?: string;
  policyHolderId?: number;
  insuredName?: string;
  insuredDocument?: string;
  insuredId?: number;
  brokerName?: string;
  brokerDocument?: string;
  statusId?: number;
  startFrom?: string;
  endUntil?: string;
  steppin?: boolean;
  monitoring?: boolean;
  bigRisk?: boolean;
  /** Emitida and ending between today and today + N days. */
  expiring?: { today: string; until: string };
  orderBy?: string;
  direction?: 'asc' | 'desc';
  page: number;
  rows: number;
};

const orderColumns = {
  PolicyNumber: policies.number,
  IssuedAt: policies.issuedAt,
  StartDate: policies.startDate,
  EndDate: policies.endDate,
  InsuredAmountValue: policies.insuredAmount,
  PolicyHolderName: policies.policyHolderName,
  StatusId: policies.statusId,
} as const;

const hasNameFilter = (f: PolicyFilters) => Boolean(f.policyHolderName || f.insuredName || f.brokerName);

/**
 * The ids of the company's policies whose names contain the fragments, as a PostgreSQL array
 * literal. `LIKE '%x%'` is not leakproof, so under row-level security the trigram indexes are
 * never used and a name search scanned the whole company (issue 16); the SECURITY DEFINER function
 * `policies_matching_names` (migration 0029) searches the indexes for the request's company only
 * (its `app.company_id` setting, never an argument), and the search then reads these ids under RLS
 * and the caller's visibility as any other filter.
 */
const matchingNames = async (db: DbOrTx, f: PolicyFilters) => {
  const result = await db.execute<{ ids: string }>(
    sql`select coalesce(array_agg(id), '{}')::text as ids from policies_matching_names(${namePattern(
      f.policyHolderName,
    )}, ${namePattern(f.insuredName)}, ${namePattern(f.brokerName)}) id`,
  );
  return (result as unknown as { rows: { ids: string }[] }).rows[0]?.ids ?? '{}';
};

/** `nameMatches`: the ids `matchingNames` gave, required when a name fragment is filtered on. */
export const searchCondition = (companyId: number, scope: Scope, f: PolicyFilters, nameMatches?: string) => {
  const where: (SQL | undefined)[] = [eq(policies.companyId, companyId), visible(scope)];
  if (hasNameFilter(f)) {
    if (nameMatches === undefined) throw new Error('name filters need the ids of policies_matching_names');
    where.push(sql`${policies.id} = any(${nameMatches}::integer[])`);
  }
  if (f.number) {
    const n = f.number.trim();
    where.push(startsWith(policies.number, n));
  }
  if (f.policyHolderDocument) where.push(docPrefix(policies.policyHolderDocument, f.policyHolderDocument));
  if (f.policyHolderId !== undefined) where.push(eq(policies.policyHolderId, f.policyHolderId));
  if (f.insuredDocument) where.push(docPrefix(policies.insuredDocument, f.insuredDocument));
  if (f.insuredId !== undefined) where.push(eq(policies.insuredId, f.insuredId));
  if (f.brokerDocument) where.push(docPrefix(policies.brokerDocument, f.brokerDocument));
  if (f.statusId !== undefined) where.push(eq(policies.statusId, f.statusId));
  if (f.startFrom) where.push(gte(policies.startDate, f.startFrom));
  if (f.endUntil) where.push(lte(policies.endDate, f.endUntil));
  if (f.steppin !== undefined) where.push(eq(policies.enableToSteppin, f.steppin));
  if (f.monitoring !== undefined) where.push(eq(policies.enableToMonitoring, f.monitoring));
  if (f.bigRisk !== undefined) where.push(eq(policies.enableToBigRisk, f.bigRisk));
  if (f.expiring) {
    where.push(
      eq(policies.statusId, 2),
      gte(policies.endDate, f.expiring.today),
      lte(policies.endDate, f.expiring.until),
    );
  }
  return and(...where);
};

/** One page and a count capped at COUNT_CAP (a count of a capped subquery never scans past it). */
export const searchPolicies = async (db: DbOrTx, companyId: number, scope: Scope, f: PolicyFilters) => {
  const nameMatches = hasNameFilter(f) ? await matchingNames(db, f) : undefined;
  if (nameMatches === '{}') return { rows: [], total: 0, capped: false };
  const condition = searchCondition(companyId, scope, f, nameMatches);
  const column = orderColumns[(f.orderBy ?? 'IssuedAt') as keyof typeof orderColumns] ?? policies.issuedAt;
  const dir = (f.direction ?? 'desc') === 'asc' ? asc : desc;
  const [rows, counted] = await Promise.all([
    db
      .select()
      .from(policies)
      .where(condition)
      .orderBy(dir(column), desc(policies.id))
      .limit(f.rows)
      .offset((f.page - 1) * f.rows),
    db.execute<{ n: number }>(
      sql`select count(*)::int as n from (select 1 from ${policies} where ${condition} limit ${COUNT_CAP + 1}) capped`,
    ),
  ]);
  const n = Number((counted as unknown as { rows: { n: number }[] }).rows[0]?.n ?? 0);
  return { rows, total: Math.min(n, COUNT_CAP), capped: n > COUNT_CAP };
};

export const findPolicy = async (
  db: DbOrTx,
  companyId: number,
  by: { uniqueId?: string; proposalUniqueId?: string; number?: string; id?: number },
  scope: Scope,
) => {
  const where: (SQL | undefined)[] = [eq(policies.companyId, companyId), visible(scope)];
  if (by.uniqueId !== undefined) where.push(eq(policies.uniqueId, by.uniqueId));
  if (by.proposalUniqueId !== undefined) where.push(eq(policies.proposalUniqueId, by.proposalUniqueId));
  if (by.number !== undefined) where.push(eq(policies.number, by.number));
  if (by.id !== undefined) where.push(eq(policies.id, by.id));
  const [row] = await db
    .select()
    .from(policies)
    .where(and(...where));
  return row;
};

/** The archive of the last endorsement document of a policy (issuance_documents kind `endorsement`). */
export const lastEndorsementDocument = async (db: DbOrTx, companyId: number, policyId: number) => {
  const [row] = await db
    .select({ archiveId: issuanceDocuments.archiveId, sha256: issuanceDocuments.sha256 })
    .from(issuanceDocuments)
    .where(
      and(
        eq(issuanceDocuments.companyId, companyId),
        eq(issuanceDocuments.policyId, policyId),
        eq(issuanceDocuments.kind, 'endorsement'),
      ),
    )
    .orderBy(desc(issuanceDocuments.createdAt), desc(issuanceDocuments.id))
    .limit(1);
  return row;
};

export const updatePolicy = async (db: DbOrTx, id: number, values: Partial<typeof policies.$inferInsert>) => {
  const [row] = await db
    .update(policies)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(policies.id, id))
    .returning();
  return row!;
};

/** Emitida policies whose vigência ended before `today` (the daily job marks them Vencida). */
export const endedPolicies = (db: DbOrTx, companyId: number, today: string, limit: number) =>
  db
    .select()
    .from(policies)
    .where(and(eq(policies.companyId, companyId), eq(policies.statusId, 2), lt(policies.endDate, today)))
    .orderBy(asc(policies.id))
    .limit(limit);

/** Emitida policies ending within the notice window that were not notified yet. */
export const policiesToNotify = (
  db: DbOrTx,
  companyId: number,
  today: string,
  until: string,
  limit: number,
) =>
  db
    .select()
    .from(policies)
    .where(
      and(
        eq(policies.companyId, companyId),
        eq(policies.statusId, 2),
        gte(policies.endDate, today),
        lte(policies.endDate, until),
        isNull(policies.expiryNoticeSentAt),
      ),
    )
    .orderBy(asc(policies.id))
    .limit(limit);

/** Public check: the policy with this number and code, in the company (no scope: the code is the key). */
export const findForVerification = async (db: DbOrTx, companyId: number, number: string, code: string) => {
  const [row] = await db
    .select()
    .from(policies)
    .where(
      and(
        eq(policies.companyId, companyId),
        eq(policies.number, number),
        eq(policies.verificationCode, code),
      ),
    );
  return row;
};
