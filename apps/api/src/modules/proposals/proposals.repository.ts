import { and, asc, count, desc, eq, exists, gte, ilike, inArray, lte, or, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { likeContains } from '../../db/like.js';
import { currentTime } from '../../lib/clock.js';
import { forgetRead, readOnce } from '../../lib/read-once.js';
import { type Scope, scopeCondition } from '../../lib/visibility.js';
import {
  proposalBeneficiaries,
  proposalCoBrokers,
  proposalCounters,
  proposalCoverageLimits,
  proposalEngineLogs,
  proposalObjects,
  proposalObservations,
  proposalPackageCoverages,
  proposalParticularClauses,
  proposalQars,
  proposals,
  proposalTimeline,
} from './proposals.table.js';

export type ProposalRow = typeof proposals.$inferSelect;

/** What a proposals list shows of each (proposals.view.ts toSummary): its columns only. */
const summaryColumns = {
  id: proposals.id,
  number: proposals.number,
  uniqueId: proposals.uniqueId,
  statusId: proposals.statusId,
  kind: proposals.kind,
  modalityId: proposals.modalityId,
  modalityName: proposals.modalityName,
  branchCode: proposals.branchCode,
  policyHolderUniqueId: proposals.policyHolderUniqueId,
  policyHolderName: proposals.policyHolderName,
  policyHolderDocument: proposals.policyHolderDocument,
  insuredName: proposals.insuredName,
  insuredDocument: proposals.insuredDocument,
  brokerId: proposals.brokerId,
  brokerName: proposals.brokerName,
  insuredAmount: proposals.insuredAmount,
  insurancePremium: proposals.insurancePremium,
  startDate: proposals.startDate,
  endDate: proposals.endDate,
  analysisStartedAt: proposals.analysisStartedAt,
  clockPausedSeconds: proposals.clockPausedSeconds,
  clockPausedSince: proposals.clockPausedSince,
  clockStoppedAt: proposals.clockStoppedAt,
  createdAt: proposals.createdAt,
  updatedAt: proposals.updatedAt,
};
export type ProposalSummaryRow = Pick<ProposalRow, keyof typeof summaryColumns>;
export type ProposalInsert = typeof proposals.$inferInsert;
export type CoBrokerRow = typeof proposalCoBrokers.$inferSelect;
export type TimelineRow = typeof proposalTimeline.$inferSelect;

/**
 * The caller's proposals: of its brokerage (as the main broker or as a co-broker) or of its policy
 * holder (lib/visibility.ts).
 */
const visible = (scope: Scope) =>
  scopeCondition(scope, {
    broker: (ids) =>
      or(
        inArray(proposals.brokerId, [...ids]),
        exists(
          sql`(select 1 from ${proposalCoBrokers} where ${proposalCoBrokers.proposalId} = ${proposals.id} and ${inArray(proposalCoBrokers.brokerId, [...ids])})`,
        ),
      )!,
    policyHolder: proposals.policyHolderId,
  });

/** The next proposal number of the company (row-locked counter: no gaps between committed numbers). */
export const nextNumber = async (db: DbOrTx, companyId: number) => {
  const [row] = await db
    .insert(proposalCounters)
    .values({ companyId, lastNumber: 1 })
    .onConflictDoUpdate({
      target: proposalCounters.companyId,
      set: { lastNumber: sql`${proposalCounters.lastNumber} + 1` },
    })
    .returning({ n: proposalCounters.lastNumber });
  return row!.n;
};

export const insertProposal = async (db: DbOrTx, values: ProposalInsert) => {
  const [row] = await db.insert(proposals).values(values).returning();
  return row!;
};

/** Whether a proposal inside the scope names this insured. */
export const anyProposalOfInsured = async (
  db: DbOrTx,
  companyId: number,
  insuredId: number,
  scope: Scope,
) => {
  const [row] = await db
    .select({ id: proposals.id })
    .from(proposals)
    .where(and(eq(proposals.companyId, companyId), eq(proposals.insuredId, insuredId), visible(scope)))
    .limit(1);
  return Boolean(row);
};

export const findProposal = async (
  db: DbOrTx,
  companyId: number,
  by: { uniqueId?: string; id?: number },
  scope: Scope,
) => {
  const where: (SQL | undefined)[] = [eq(proposals.companyId, companyId), visible(scope)];
  if (by.uniqueId !== undefined) where.push(eq(proposals.uniqueId, by.uniqueId));
  if (by.id !== undefined) where.push(eq(proposals.id, by.id));
  const [row] = await db
    .select()
    .from(proposals)
    .where(and(...where));
  return row;
};

/**
 * Changes a proposal only if it still has `version` (optimistic concurrency); the version grows by
 * one. Undefined when someone else saved first.
 */
export const updateVersioned = async (
  db: DbOrTx,
  id: number,
  version: number,
  values: Partial<ProposalInsert>,
) => {
  const [row] = await db
    .update(proposals)
    .set({ ...values, version: version + 1, updatedAt: currentTime() })
    .where(and(eq(proposals.id, id), eq(proposals.version, version)))
    .returning();
  return row;
};

export type ListFilters = {
  number?: number;
  statusIds?: number[];
  policyHolderName?: string;
  policyHolderDocument?: string;
  insuredName?: string;
  insuredDocument?: string;
  brokerName?: string;
  productId?: number;
  startFrom?: string;
  endUntil?: string;
  text?: string;
  textDigits?: string;
  orderBy?: string;
  direction?: 'asc' | 'desc';
  page: number;
  rows: number;
};

const orderColumns = {
  Number: proposals.number,
  CreatedAt: proposals.createdAt,
  UpdatedAt: proposals.updatedAt,
  StartDate: proposals.startDate,
  InsuredAmountValue: proposals.insuredAmount,
  PolicyHolderName: proposals.policyHolderName,
  StatusId: proposals.statusId,
} as const;

export const listProposals = async (db: DbOrTx, companyId: number, scope: Scope, f: ListFilters) => {
  const where: (SQL | undefined)[] = [eq(proposals.companyId, companyId), visible(scope)];
  if (f.number !== undefined) where.push(eq(proposals.number, f.number));
  if (f.statusIds?.length) where.push(inArray(proposals.statusId, f.statusIds));
  if (f.policyHolderName) where.push(ilike(proposals.policyHolderName, likeContains(f.policyHolderName)));
  if (f.policyHolderDocument)
    where.push(ilike(proposals.policyHolderDocument, likeContains(f.policyHolderDocument)));
  if (f.insuredName) where.push(ilike(proposals.insuredName, likeContains(f.insuredName)));
  if (f.insuredDocument) where.push(ilike(proposals.insuredDocument, likeContains(f.insuredDocument)));
  if (f.brokerName) where.push(ilike(proposals.brokerName, likeContains(f.brokerName)));
  if (f.productId !== undefined) where.push(eq(proposals.modalityId, f.productId));
  if (f.startFrom) where.push(gte(proposals.startDate, f.startFrom));
  if (f.endUntil) where.push(lte(proposals.endDate, f.endUntil));
  if (f.text) {
    const like = likeContains(f.text);
    const asNumber = /^\d{1,9}$/.test(f.text) ? Number(f.text) : undefined;
    where.push(
      or(
        ilike(proposals.policyHolderName, like),
        ilike(proposals.insuredName, like),
        ilike(proposals.brokerName, like),
        f.textDigits && f.textDigits.length >= 3
          ? or(
              ilike(proposals.policyHolderDocument, likeContains(f.textDigits)),
              ilike(proposals.insuredDocument, likeContains(f.textDigits)),
            )
          : undefined,
        asNumber !== undefined ? eq(proposals.number, asNumber) : undefined,
      ),
    );
  }
  const condition = and(...where);
  const column = orderColumns[(f.orderBy ?? 'Number') as keyof typeof orderColumns] ?? proposals.number;
  const dir = (f.direction ?? 'desc') === 'asc' ? asc : desc;
  // The page and the total, sent together: the page reads its rows by the order's index and stops
  // at the page's end, the count reads no row's columns (a window count over the page's query made
  // every matching row, all columns, pass through a sort).
  const [rows, [counted]] = await Promise.all([
    db
      .select(summaryColumns)
      .from(proposals)
      .where(condition)
      .orderBy(dir(column), desc(proposals.id))
      .limit(f.rows)
      .offset((f.page - 1) * f.rows),
    db.select({ n: count() }).from(proposals).where(condition),
  ]);
  return { rows, total: counted?.n ?? 0 };
};

/** Which of the proposals have co-brokers. */
export const coBrokered = async (db: DbOrTx, ids: number[]) =>
  ids.length === 0
    ? new Set<number>()
    : new Set(
        (
          await db
            .selectDistinct({ id: proposalCoBrokers.proposalId })
            .from(proposalCoBrokers)
            .where(inArray(proposalCoBrokers.proposalId, ids))
        ).map((r) => r.id),
      );

// ---------------------------------------------------------------- collections

const readChildren = async (db: DbOrTx, proposalId: number) => {
  const coBrokers = await db
    .select()
    .from(proposalCoBrokers)
    .where(eq(proposalCoBrokers.proposalId, proposalId))
    .orderBy(asc(proposalCoBrokers.sortOrder), asc(proposalCoBrokers.id));
  const beneficiaries = await db
    .select()
    .from(proposalBeneficiaries)
    .where(eq(proposalBeneficiaries.proposalId, proposalId))
    .orderBy(asc(proposalBeneficiaries.sortOrder), asc(proposalBeneficiaries.id));
  const coverages = await db
    .select()
    .from(proposalCoverageLimits)
    .where(eq(proposalCoverageLimits.proposalId, proposalId))
    .orderBy(asc(proposalCoverageLimits.sortOrder), asc(proposalCoverageLimits.id));
  const packages = await db
    .select()
    .from(proposalPackageCoverages)
    .where(eq(proposalPackageCoverages.proposalId, proposalId))
    .orderBy(asc(proposalPackageCoverages.id));
  const qars = await db
    .select()
    .from(proposalQars)
    .where(eq(proposalQars.proposalId, proposalId))
    .orderBy(asc(proposalQars.id));
  const objects = await db
    .select()
    .from(proposalObjects)
    .where(eq(proposalObjects.proposalId, proposalId))
    .orderBy(asc(proposalObjects.sortOrder), asc(proposalObjects.id));
  const clauses = await db
    .select()
    .from(proposalParticularClauses)
    .where(eq(proposalParticularClauses.proposalId, proposalId))
    .orderBy(asc(proposalParticularClauses.sortOrder), asc(proposalParticularClauses.id));
  return { coBrokers, beneficiaries, coverages, packages, qars, objects, clauses };
};

const keptChildren = (proposalId: number) => `proposal-children:${proposalId}`;

/**
 * A proposal's collections, read once per transaction (lib/read-once.ts): the checks, the pricing,
 * the terms and the answer of one call read them from one read. Their writers below forget it, so
 * a read after a write reads afresh. Read-only: a caller copies before it changes one.
 */
export const childrenOf = (db: DbOrTx, proposalId: number) =>
  readOnce(db, keptChildren(proposalId), () => readChildren(db, proposalId));
export type ProposalChildren = Awaited<ReturnType<typeof childrenOf>>;

type Child =
  | typeof proposalCoBrokers
  | typeof proposalBeneficiaries
  | typeof proposalCoverageLimits
  | typeof proposalPackageCoverages
  | typeof proposalQars
  | typeof proposalObjects
  | typeof proposalParticularClauses;

/** Replaces one collection of a proposal (the wizard sends whole lists). */
export const replaceChildren = async <T extends Child>(
  db: DbOrTx,
  table: T,
  proposalId: number,
  values: T['$inferInsert'][],
) => {
  forgetRead(db, keptChildren(proposalId));
  await db.delete(table).where(eq(table.proposalId, proposalId));
  if (values.length) await db.insert(table).values(values as never);
};

export const tables = {
  coBrokers: proposalCoBrokers,
  beneficiaries: proposalBeneficiaries,
  coverages: proposalCoverageLimits,
  packages: proposalPackageCoverages,
  qars: proposalQars,
  objects: proposalObjects,
  clauses: proposalParticularClauses,
} as const;

export const updateCoverageNets = async (
  db: DbOrTx,
  proposalId: number,
  nets: { coverageId?: number; modalityId?: number; net: string }[],
) => {
  forgetRead(db, keptChildren(proposalId));
  for (const n of nets) {
    if (n.coverageId !== undefined)
      await db
        .update(proposalCoverageLimits)
        .set({ netValue: n.net })
        .where(
          and(
            eq(proposalCoverageLimits.proposalId, proposalId),
            eq(proposalCoverageLimits.coverageId, n.coverageId),
          ),
        );
    if (n.modalityId !== undefined)
      await db
        .update(proposalPackageCoverages)
        .set({ netValue: n.net })
        .where(
          and(
            eq(proposalPackageCoverages.proposalId, proposalId),
            eq(proposalPackageCoverages.modalityId, n.modalityId),
          ),
        );
  }
};

export const insertObservation = (db: DbOrTx, values: typeof proposalObservations.$inferInsert) =>
  db.insert(proposalObservations).values(values);

export const observationsOf = (db: DbOrTx, proposalId: number) =>
  db
    .select()
    .from(proposalObservations)
    .where(eq(proposalObservations.proposalId, proposalId))
    .orderBy(desc(proposalObservations.createdAt), desc(proposalObservations.id));

export const insertTimeline = (db: DbOrTx, values: typeof proposalTimeline.$inferInsert) =>
  db.insert(proposalTimeline).values(values);

export const timelineOf = (db: DbOrTx, proposalId: number) =>
  db
    .select()
    .from(proposalTimeline)
    .where(eq(proposalTimeline.proposalId, proposalId))
    .orderBy(asc(proposalTimeline.createdAt), asc(proposalTimeline.id));

export const engineLogsOf = (db: DbOrTx, proposalId: number) =>
  db
    .select()
    .from(proposalEngineLogs)
    .where(eq(proposalEngineLogs.proposalId, proposalId))
    .orderBy(asc(proposalEngineLogs.createdAt), asc(proposalEngineLogs.id));

/** Proposals of the caller's scope per status (the home's counts). */
export const statusCounts = (db: DbOrTx, companyId: number, scope: Scope) =>
  db
    .select({ statusId: proposals.statusId, n: count() })
    .from(proposals)
    .where(and(eq(proposals.companyId, companyId), visible(scope)))
    .groupBy(proposals.statusId)
    .orderBy(asc(proposals.statusId));

/** Proposals of the scope in some statuses, oldest change first (`limit` at most). */
export const inStatuses = (
  db: DbOrTx,
  companyId: number,
  scope: Scope,
  statusIds: number[],
  order: 'analysis' | 'updated',
  limit: number,
) =>
  db
    .select()
    .from(proposals)
    .where(and(eq(proposals.companyId, companyId), visible(scope), inArray(proposals.statusId, statusIds)))
    .orderBy(
      order === 'analysis' ? asc(proposals.analysisStartedAt) : desc(proposals.updatedAt),
      asc(proposals.id),
    )
    .limit(limit);
