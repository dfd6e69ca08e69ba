import { rows } from '@aval/transport/tenancy';
import { and, asc, eq, gte, inArray, isNull, lt, lte, or, type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../../db/client.js';
import { isRangePrefix, likeContains, patternPrefix } from '../../db/like.js';
import { type Scope, scopeCondition } from '../../lib/visibility.js';
import { policies, policiesOfCompany, searchable } from './policies.table.js';

/**
 * Reads and lifecycle writes of the policy portal (issue 16): search at scale, detail, documents,
 * expiry, the 90-day notice and the internal cancellation. Issuance writes policies elsewhere.
 */

// One policy read and write for the module (policies.repository).
export { findPolicy, type PolicyRow, updatePolicy } from './policies.repository.js';

import type { PolicyRow } from './policies.repository.js';

/** Counts stop here: past it the list says "mais de 10 000" instead of scanning every match. */
export const COUNT_CAP = 10_000;

/** Accents off, lower case: how a name fragment is compared with the folded names (`searchable`). */
export const foldName = (text: string) =>
  text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase();

/** A name fragment as the LIKE pattern compared with the folded names (`searchable`). */
const namePattern = (text: string | undefined) => (text ? likeContains(foldName(text)) : null);
/** A document as stored: digits and letters only (CNPJs may be alphanumeric), upper case. */
const docText = (text: string) => text.replace(/[^0-9A-Za-z]/g, '').toUpperCase();
/** Document prefix, as stored. */
const docPrefix = (column: AnyPgColumn, text: string) => patternPrefix(column, docText(text));

/** The filters a search by prefixes may have besides them (paging and sorting). */
const pagingKeys = new Set(['orderBy', 'direction', 'page', 'rows']);
/** Each prefix filter's text as its condition compares it (`searchCondition`). */
const prefixTexts: Record<string, (text: string) => string> = {
  number: (text) => text.trim(),
  policyHolderDocument: docText,
  insuredDocument: docText,
  brokerDocument: docText,
};

/**
 * Whether the search is by prefixes only (number, documents), each an index range, over all of the
 * company (insurer staff): then the count reads the prefix's index, and a count under the cap
 * bounds what the page reads (`searchPolicies`). Another filter or a narrower scope could make
 * another index the better one, so those searches are planned for their values as before.
 */
export const byPrefixRange = (scope: Scope, f: PolicyFilters) => {
  if (!scope.all) return false;
  const present = Object.entries(f).filter(([k, v]) => v !== undefined && !pagingKeys.has(k));
  return (
    present.length > 0 &&
    present.every(([k, v]) => Object.hasOwn(prefixTexts, k) && isRangePrefix(prefixTexts[k]!(String(v))))
  );
};

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

/** The sort keys of the spec, as the summary's columns (`summaryColumns`). */
const orderColumns = {
  PolicyNumber: 'number',
  IssuedAt: 'issuedAt',
  StartDate: 'startDate',
  EndDate: 'endDate',
  InsuredAmountValue: 'insuredAmount',
  PolicyHolderName: 'policyHolderName',
  StatusId: 'statusId',
} as const;

const hasNameFilter = (f: PolicyFilters) => Boolean(f.policyHolderName || f.insuredName || f.brokerName);

/**
 * Counts stop here for name fragments. The trigram index is lossy, so each match is read from the
 * table to be checked: counting 10 000 of them reads 10 000 rows (about 130 ms at 1M policies,
 * bench/RESULTS.md), while 1 000 cost a tenth. Nobody pages through a thousand names: the list says
 * "mais de 1 000" and the broker refines the fragment.
 */
export const NAME_COUNT_CAP = 1_000;

export const searchCondition = (companyId: number, scope: Scope, f: PolicyFilters) => {
  const where: (SQL | undefined)[] = [eq(policies.companyId, companyId), visible(scope)];
  if (f.policyHolderName)
    where.push(sql`${searchable(policies.policyHolderName)} like ${namePattern(f.policyHolderName)}`);
  if (f.insuredName) where.push(sql`${searchable(policies.insuredName)} like ${namePattern(f.insuredName)}`);
  if (f.brokerName) where.push(sql`${searchable(policies.brokerName)} like ${namePattern(f.brokerName)}`);
  if (f.number) where.push(patternPrefix(policies.number, prefixTexts.number!(f.number)));
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

/** The columns a search answers with (toSummary of policies.portal), the rest of the row is not read. */
const summaryColumns = {
  id: policies.id,
  uniqueId: policies.uniqueId,
  number: policies.number,
  statusId: policies.statusId,
  proposalUniqueId: policies.proposalUniqueId,
  proposalNumber: policies.proposalNumber,
  modalityName: policies.modalityName,
  policyHolderUniqueId: policies.policyHolderUniqueId,
  policyHolderName: policies.policyHolderName,
  policyHolderDocument: policies.policyHolderDocument,
  insuredUniqueId: policies.insuredUniqueId,
  insuredName: policies.insuredName,
  insuredDocument: policies.insuredDocument,
  brokerName: policies.brokerName,
  brokerDocument: policies.brokerDocument,
  startDate: policies.startDate,
  endDate: policies.endDate,
  insuredAmount: policies.insuredAmount,
  insurancePremium: policies.insurancePremium,
  issuedAt: policies.issuedAt,
  enableToSteppin: policies.enableToSteppin,
  enableToMonitoring: policies.enableToMonitoring,
  enableToBigRisk: policies.enableToBigRisk,
} as const;

/** A policy as a search lists it. */
export type PolicySummaryRow = { -readonly [K in keyof typeof summaryColumns]: PolicyRow[K] };

/** The select list, written once: `"issued_at" as "issuedAt", …` (the driver's names are the row's keys). */
const summarySelect = sql.raw(
  Object.entries(summaryColumns)
    .map(([key, column]) => `"${column.name}" as "${key}"`)
    .join(', '),
);

/**
 * One page and a count capped at COUNT_CAP (NAME_COUNT_CAP with a name fragment): a count of a
 * capped subquery never scans past it. Name fragments read `search.policies` (policiesOfCompany):
 * under RLS `LIKE` could not use the trigram indexes, and there the page walks the company's
 * issue-date index and the count the company-led trigram indexes. Same columns and conditions.
 *
 * The count and the page are one statement (the page joined to the count, so a page past the end
 * still counts). A search by prefixes (number, documents: `byPrefixRange`) runs it as a generic plan,
 * made once per connection: PostgreSQL planned it in 0.2 ms for each call, three times what it took
 * to run (issue 16, bench/RESULTS.md). One plan is right for any prefix only because the page is
 * gated by the count: a count under the cap (read from the prefix's index) bounds the rows the page
 * reads from that index and sorts; past the cap the gated page reads nothing and the page runs on
 * its own, planned for its values (a short prefix: walk the sort order's index until the page fills).
 * Without the gate the generic plan sorted every match of a one-digit prefix (0.5 s at 1M policies),
 * and a custom plan walked three years of issue dates for a year's number prefix (0.3 s).
 *
 * The statement is written as SQL over the summary's columns rather than built by Drizzle's select:
 * building a 60-column select cost ~0.5 ms of CPU per search, more than the page itself takes in
 * PostgreSQL for a number or a document prefix (issue 16, bench/RESULTS.md). The conditions are
 * still Drizzle's (searchCondition). Dates come from the driver as text, as Drizzle reads them.
 */
export const searchPolicies = async (
  db: DbOrTx,
  companyId: number,
  scope: Scope,
  f: PolicyFilters,
  caps: { count?: number } = {},
) => {
  const byName = hasNameFilter(f);
  const byPrefix = byPrefixRange(scope, f);
  const source = byName ? policiesOfCompany : policies;
  const cap = caps.count ?? (byName ? NAME_COUNT_CAP : COUNT_CAP);
  const condition = searchCondition(companyId, scope, f);
  const key = orderColumns[f.orderBy as keyof typeof orderColumns] ?? 'issuedAt';
  const dir = sql.raw((f.direction ?? 'desc') === 'asc' ? 'asc' : 'desc');
  const page = (gate?: SQL) =>
    sql`select ${summarySelect} from ${source} where ${condition}${gate ? sql` and ${gate}` : sql``}
        order by ${sql.identifier(summaryColumns[key].name)} ${dir}, "id" desc
        limit ${f.rows} offset ${(f.page - 1) * f.rows}`;
  type Found = Omit<PolicySummaryRow, 'issuedAt'> & { issuedAt: Date | string };
  const found = await rows<{ [K in keyof Found]: Found[K] | null } & { counted: number }>(
    db,
    sql`with c as (select count(*)::int as n from (select 1 from ${source} where ${condition} limit ${cap + 1}) capped)
        select p.*, c.n as "counted" from c left join lateral (${page(byPrefix ? sql`c.n <= ${cap}` : undefined)}) p on true
        order by p.${sql.identifier(key)} ${dir}, p."id" desc`,
    byPrefix ? { plan: 'generic' } : {},
  );
  const n = found[0]?.counted ?? 0;
  // The driver's rows as they are (no copies: ten rows of 24 columns copied twice cost more CPU than
  // the statement takes in PostgreSQL); a page past the end is one row of nulls beside the count.
  let list = (found[0]?.id === null ? [] : found) as Found[];
  if (byPrefix && n > cap) list = await rows<Found>(db, page());
  // The timestamp comes as text, as Drizzle reads it.
  for (const row of list) row.issuedAt = new Date(row.issuedAt);
  return { rows: list as PolicySummaryRow[], total: Math.min(n, cap), capped: n > cap };
};

/** Emitida policies whose vigência ended before `today` (the daily job marks them Vencida). */
export const endedPolicies = (db: DbOrTx, companyId: number, today: string, limit: number) =>
  db
    .select()
    .from(policies)
    .where(and(eq(policies.companyId, companyId), eq(policies.statusId, 2), lt(policies.endDate, today)))
    .orderBy(asc(policies.id))
    .limit(limit);

/**
 * Issued policies (Emitida, Cancelada, Vencida) whose issuance has no SRO registration:
 * `recorded` is the sro read model's `issuanceRecordedPolicies`.
 */
export const issuedWithoutRegistration = (db: DbOrTx, companyId: number, recorded: SQL, limit: number) =>
  db
    .select()
    .from(policies)
    .where(
      and(
        eq(policies.companyId, companyId),
        inArray(policies.statusId, [2, 3, 4]),
        sql`${policies.id} not in ${recorded}`,
      ),
    )
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
