import { and, asc, desc, eq, inArray, isNull } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { currentTime } from '../../lib/clock.js';
import { contractualTerms, particularClauses } from './parameterisation.table.js';

/** Contractual terms (per branch or modality, coverage and type) and particular clauses. */

export type TermRow = typeof contractualTerms.$inferSelect;
export type NewTerm = typeof contractualTerms.$inferInsert;
export type ClauseRow = typeof particularClauses.$inferSelect;
export type NewClause = typeof particularClauses.$inferInsert;

export type TermFilter = {
  modalityId?: number;
  branchId?: number;
  termType?: number;
  coverageIds?: number[];
  onlyActive?: boolean;
  /** Only terms without a modality (branch-level general conditions). */
  branchLevel?: boolean;
};

export const listTerms = (db: DbOrTx, companyId: number, f: TermFilter) =>
  db
    .select()
    .from(contractualTerms)
    .where(
      and(
        eq(contractualTerms.companyId, companyId),
        f.modalityId ? eq(contractualTerms.modalityId, f.modalityId) : undefined,
        f.branchId ? eq(contractualTerms.branchId, f.branchId) : undefined,
        f.branchLevel ? isNull(contractualTerms.modalityId) : undefined,
        f.termType ? eq(contractualTerms.termType, f.termType) : undefined,
        f.coverageIds
          ? inArray(contractualTerms.coverageId, f.coverageIds.length ? f.coverageIds : [0])
          : undefined,
        f.onlyActive ? eq(contractualTerms.isActive, true) : undefined,
      ),
    )
    .orderBy(asc(contractualTerms.termType), asc(contractualTerms.coverageId), asc(contractualTerms.id));

/** The one term of a (branch or modality, coverage, type) slot. */
export const findTermSlot = async (
  db: DbOrTx,
  companyId: number,
  slot: { termType: number; branchId: number | null; modalityId: number | null; coverageId: number | null },
) => {
  const [row] = await db
    .select()
    .from(contractualTerms)
    .where(
      and(
        eq(contractualTerms.companyId, companyId),
        eq(contractualTerms.termType, slot.termType),
        slot.modalityId
          ? eq(contractualTerms.modalityId, slot.modalityId)
          : isNull(contractualTerms.modalityId),
        slot.modalityId || !slot.branchId ? undefined : eq(contractualTerms.branchId, slot.branchId),
        slot.coverageId
          ? eq(contractualTerms.coverageId, slot.coverageId)
          : isNull(contractualTerms.coverageId),
      ),
    )
    .orderBy(desc(contractualTerms.id))
    .limit(1);
  return row;
};

export const insertTerm = async (db: DbOrTx, row: NewTerm) => {
  const [created] = await db.insert(contractualTerms).values(row).returning();
  return created as TermRow;
};

export const updateTerm = async (db: DbOrTx, companyId: number, id: number, patch: Partial<NewTerm>) => {
  const [row] = await db
    .update(contractualTerms)
    .set({ ...patch, updatedAt: currentTime() })
    .where(and(eq(contractualTerms.companyId, companyId), eq(contractualTerms.id, id)))
    .returning();
  return row as TermRow;
};

/* Particular clauses */

export const listClauses = (db: DbOrTx, companyId: number, modalityId: number, onlyActive: boolean) =>
  db
    .select()
    .from(particularClauses)
    .where(
      and(
        eq(particularClauses.companyId, companyId),
        eq(particularClauses.modalityId, modalityId),
        onlyActive ? eq(particularClauses.isActive, true) : undefined,
      ),
    )
    .orderBy(asc(particularClauses.sortOrder), asc(particularClauses.id));

export const findClause = async (db: DbOrTx, companyId: number, id: number) => {
  const [row] = await db
    .select()
    .from(particularClauses)
    .where(and(eq(particularClauses.companyId, companyId), eq(particularClauses.id, id)));
  return row;
};

export const insertClause = async (db: DbOrTx, row: NewClause) => {
  const [created] = await db.insert(particularClauses).values(row).returning();
  return created as ClauseRow;
};

export const updateClause = async (db: DbOrTx, companyId: number, id: number, patch: Partial<NewClause>) => {
  const [row] = await db
    .update(particularClauses)
    .set({ ...patch, updatedAt: currentTime() })
    .where(and(eq(particularClauses.companyId, companyId), eq(particularClauses.id, id)))
    .returning();
  return row as ClauseRow;
};
