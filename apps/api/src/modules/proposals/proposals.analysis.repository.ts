import { and, eq, isNull, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { currentTime } from '../../lib/clock.js';
import { proposalAnalyses, reinsuranceRetentions } from './proposals.analysis.table.js';
import { proposalEngineLogs } from './proposals.table.js';

export type AnalysisRow = typeof proposalAnalyses.$inferSelect;

/** The proposal's analysis state, locked for this transaction (created at round 1 when missing). */
export const lockAnalysis = async (db: DbOrTx, companyId: number, proposalId: number) => {
  await db
    .insert(proposalAnalyses)
    .values({ companyId, proposalId })
    .onConflictDoNothing({ target: proposalAnalyses.proposalId });
  const [row] = await db
    .select()
    .from(proposalAnalyses)
    .where(and(eq(proposalAnalyses.companyId, companyId), eq(proposalAnalyses.proposalId, proposalId)))
    .for('update');
  return row!;
};

export const findAnalysis = async (db: DbOrTx, companyId: number, proposalId: number) => {
  const [row] = await db
    .select()
    .from(proposalAnalyses)
    .where(and(eq(proposalAnalyses.companyId, companyId), eq(proposalAnalyses.proposalId, proposalId)));
  return row;
};

export const saveAnalysis = (db: DbOrTx, id: number, values: Partial<typeof proposalAnalyses.$inferInsert>) =>
  db
    .update(proposalAnalyses)
    .set({ ...values, updatedAt: currentTime() })
    .where(eq(proposalAnalyses.id, id));

export const insertEngineLog = async (db: DbOrTx, values: typeof proposalEngineLogs.$inferInsert) => {
  const [row] = await db.insert(proposalEngineLogs).values(values).returning();
  return row!;
};

/** The retention of the branch, else the company's default (undefined: none configured). */
export const retentionFor = async (db: DbOrTx, companyId: number, branchId: number) => {
  const rows = await db
    .select()
    .from(reinsuranceRetentions)
    .where(
      and(
        eq(reinsuranceRetentions.companyId, companyId),
        sql`(${reinsuranceRetentions.branchId} = ${branchId} or ${reinsuranceRetentions.branchId} is null)`,
      ),
    );
  return (rows.find((r) => r.branchId === branchId) ?? rows.find((r) => r.branchId === null))?.retention;
};

export const setRetention = async (
  db: DbOrTx,
  companyId: number,
  branchId: number | null,
  retention: string,
) => {
  await db
    .delete(reinsuranceRetentions)
    .where(
      and(
        eq(reinsuranceRetentions.companyId, companyId),
        branchId === null
          ? isNull(reinsuranceRetentions.branchId)
          : eq(reinsuranceRetentions.branchId, branchId),
      ),
    );
  await db.insert(reinsuranceRetentions).values({ companyId, branchId, retention });
};

/** Analyses waiting on a card (type and ref). */
export const waitingOn = (db: DbOrTx, companyId: number, cardType: string, cardRef: string) =>
  db
    .select()
    .from(proposalAnalyses)
    .where(
      and(
        eq(proposalAnalyses.companyId, companyId),
        eq(proposalAnalyses.waitingCardType, cardType),
        eq(proposalAnalyses.waitingCardRef, cardRef),
      ),
    );
