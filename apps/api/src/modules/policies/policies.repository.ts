import { and, asc, count, eq, inArray, isNull, lt, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { currentTime } from '../../lib/clock.js';
import type { Scope } from '../../lib/visibility.js';
import { scopeCondition } from '../../lib/visibility.js';
import * as sro from '../sro/index.js';
import { issuanceDocuments, policies, policyCounters, policyInstallments } from './policies.table.js';

export type PolicyRow = typeof policies.$inferSelect;
export type PolicyInsert = typeof policies.$inferInsert;
export type InstallmentRow = typeof policyInstallments.$inferSelect;
export type InstallmentInsert = typeof policyInstallments.$inferInsert;

const visible = (scope: Scope) =>
  scopeCondition(scope, { broker: policies.brokerId, policyHolder: policies.policyHolderId });

/** Next sequence of a company's branch (row-locked upsert: concurrent issues never share one). */
export const nextSequence = async (db: DbOrTx, companyId: number, branchCode: string) => {
  const [row] = await db
    .insert(policyCounters)
    .values({ companyId, branchCode, lastSequence: 1 })
    .onConflictDoUpdate({
      target: [policyCounters.companyId, policyCounters.branchCode],
      set: { lastSequence: sql`${policyCounters.lastSequence} + 1` },
    })
    .returning();
  return row!.lastSequence;
};

/**
 * Raises a company's branch counter to at least `sequence` (an imported policy's number): issued
 * numbers continue after the highest imported one and never collide with it.
 */
export const raiseSequence = (db: DbOrTx, companyId: number, branchCode: string, sequence: number) =>
  db
    .insert(policyCounters)
    .values({ companyId, branchCode, lastSequence: sequence })
    .onConflictDoUpdate({
      target: [policyCounters.companyId, policyCounters.branchCode],
      set: { lastSequence: sql`greatest(${policyCounters.lastSequence}, ${sequence})` },
    });

/** The numbers among `numbers` a policy of the company already has. */
export const takenNumbers = async (db: DbOrTx, companyId: number, numbers: string[]) =>
  (
    await db
      .select({ number: policies.number })
      .from(policies)
      .where(and(eq(policies.companyId, companyId), inArray(policies.number, numbers)))
  ).map((r) => r.number);

export const insertPolicy = async (db: DbOrTx, values: PolicyInsert) => {
  const [row] = await db.insert(policies).values(values).returning();
  return row!;
};

export const updatePolicy = async (db: DbOrTx, id: number, values: Partial<PolicyInsert>) => {
  const [row] = await db
    .update(policies)
    .set({ ...values, updatedAt: currentTime() })
    .where(eq(policies.id, id))
    .returning();
  return row!;
};

export const findPolicy = async (
  db: DbOrTx,
  companyId: number,
  by: { uniqueId?: string; proposalId?: number; proposalUniqueId?: string; number?: string; id?: number },
  scope: Scope,
) => {
  const where = [eq(policies.companyId, companyId), visible(scope)];
  if (by.uniqueId !== undefined) where.push(eq(policies.uniqueId, by.uniqueId));
  if (by.proposalId !== undefined) where.push(eq(policies.proposalId, by.proposalId));
  if (by.proposalUniqueId !== undefined) where.push(eq(policies.proposalUniqueId, by.proposalUniqueId));
  if (by.number !== undefined) where.push(eq(policies.number, by.number));
  if (by.id !== undefined) where.push(eq(policies.id, by.id));
  const [row] = await db
    .select()
    .from(policies)
    .where(and(...where));
  return row;
};

/**
 * Policies with an SRO registration not registered whose deadline is before (or on, `inclusive`)
 * `day` (the registrations' real states, the sro module's piece), most late first; each row with
 * that earliest deadline.
 */
export const lateSro = async (
  db: DbOrTx,
  companyId: number,
  day: string,
  inclusive: boolean,
  page: { offset: number; limit: number },
) => {
  const late = sql`${sro.lateSroPolicies(companyId, day, inclusive)} late_sro`;
  const on = sql`late_sro.policy_id = ${policies.id}`;
  const deadline = sql<string>`late_sro.deadline::text`;
  const where = eq(policies.companyId, companyId);
  const rows = await db
    .select({ policy: policies, deadline })
    .from(policies)
    .innerJoin(late, on)
    .where(where)
    .orderBy(sql`late_sro.deadline`, asc(policies.id))
    .offset(page.offset)
    .limit(page.limit);
  const [total] = await db.select({ n: count() }).from(policies).innerJoin(late, on).where(where);
  return { rows, total: total?.n ?? 0 };
};

export const insertInstallments = (db: DbOrTx, rows: InstallmentInsert[]) =>
  db.insert(policyInstallments).values(rows).returning();

/** The proposal's (and its policy's) own installments, not those of its endorsements. */
export const installmentsOf = (db: DbOrTx, proposalId: number) =>
  db
    .select()
    .from(policyInstallments)
    .where(and(eq(policyInstallments.proposalId, proposalId), isNull(policyInstallments.endorsementId)))
    .orderBy(asc(policyInstallments.number));

/** The extra-premium installments of endorsements, by endorsement then number. */
export const installmentsOfEndorsements = (db: DbOrTx, companyId: number, endorsementIds: number[]) =>
  endorsementIds.length === 0
    ? Promise.resolve([])
    : db
        .select()
        .from(policyInstallments)
        .where(
          and(
            eq(policyInstallments.companyId, companyId),
            inArray(policyInstallments.endorsementId, endorsementIds),
          ),
        )
        .orderBy(asc(policyInstallments.endorsementId), asc(policyInstallments.number));

export const installmentsByOurNumbers = (db: DbOrTx, companyId: number, ourNumbers: string[]) =>
  ourNumbers.length === 0
    ? Promise.resolve([])
    : db
        .select()
        .from(policyInstallments)
        .where(
          and(eq(policyInstallments.companyId, companyId), inArray(policyInstallments.ourNumber, ourNumbers)),
        );

export const updateInstallment = async (db: DbOrTx, id: number, values: Partial<InstallmentInsert>) => {
  const [row] = await db
    .update(policyInstallments)
    .set(values)
    .where(eq(policyInstallments.id, id))
    .returning();
  return row!;
};

export const linkInstallments = (db: DbOrTx, proposalId: number, policyId: number) =>
  db
    .update(policyInstallments)
    .set({ policyId })
    .where(and(eq(policyInstallments.proposalId, proposalId), isNull(policyInstallments.endorsementId)));

/** Open installments of the company due before `day` (the first of each proposal counts; not endorsements'). */
export const openInstallmentsDueBefore = (db: DbOrTx, companyId: number, day: string) =>
  db
    .select()
    .from(policyInstallments)
    .where(
      and(
        eq(policyInstallments.companyId, companyId),
        eq(policyInstallments.statusId, 1),
        eq(policyInstallments.number, 1),
        isNull(policyInstallments.endorsementId),
        lt(policyInstallments.dueDate, day),
      ),
    );

export const insertDocument = async (db: DbOrTx, values: typeof issuanceDocuments.$inferInsert) => {
  const [row] = await db.insert(issuanceDocuments).values(values).returning();
  return row!;
};

/** The policy row locked for update (FOR UPDATE): one writer of its document at a time. */
export const lockPolicy = async (db: DbOrTx, companyId: number, id: number) => {
  const [row] = await db
    .select()
    .from(policies)
    .where(and(eq(policies.companyId, companyId), eq(policies.id, id)))
    .for('update');
  return row;
};
