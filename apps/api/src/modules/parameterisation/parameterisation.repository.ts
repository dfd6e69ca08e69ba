import { and, asc, desc, eq, inArray, isNull, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../../db/client.js';
import {
  cnaeRates,
  complementaryModalities,
  contractualTerms,
  coverages,
  installmentModalityParameters,
  installmentParameters,
  modalities,
  modalityGroups,
  paramBranches,
  parameterisationSettings,
  parameterRequestDocuments,
  particularClauses,
} from './parameterisation.table.js';

export type BranchRow = typeof paramBranches.$inferSelect;
export type GroupRow = typeof modalityGroups.$inferSelect;
export type ModalityRow = typeof modalities.$inferSelect;
export type NewModality = typeof modalities.$inferInsert;
export type CoverageRow = typeof coverages.$inferSelect;
export type NewCoverage = typeof coverages.$inferInsert;
export type ComplementaryRow = typeof complementaryModalities.$inferSelect;
export type TermRow = typeof contractualTerms.$inferSelect;
export type NewTerm = typeof contractualTerms.$inferInsert;
export type ClauseRow = typeof particularClauses.$inferSelect;
export type NewClause = typeof particularClauses.$inferInsert;
export type RequestDocumentRow = typeof parameterRequestDocuments.$inferSelect;
export type NewRequestDocument = typeof parameterRequestDocuments.$inferInsert;
export type InstallmentRow = typeof installmentParameters.$inferSelect;
export type NewInstallment = typeof installmentParameters.$inferInsert;

/* Branches and groups */

export const listBranches = (db: DbOrTx, companyId: number) =>
  db
    .select()
    .from(paramBranches)
    .where(eq(paramBranches.companyId, companyId))
    .orderBy(asc(paramBranches.code));

export const findBranch = async (db: DbOrTx, companyId: number, id: number) => {
  const [row] = await db
    .select()
    .from(paramBranches)
    .where(and(eq(paramBranches.companyId, companyId), eq(paramBranches.id, id)));
  return row;
};

export const listGroups = (db: DbOrTx, companyId: number, branchId?: number) =>
  db
    .select({ group: modalityGroups, branchCode: paramBranches.code })
    .from(modalityGroups)
    .innerJoin(paramBranches, eq(paramBranches.id, modalityGroups.branchId))
    .where(
      and(
        eq(modalityGroups.companyId, companyId),
        branchId ? eq(modalityGroups.branchId, branchId) : undefined,
      ),
    )
    .orderBy(asc(paramBranches.code), asc(modalityGroups.sortOrder), asc(modalityGroups.name));

export const findGroup = async (db: DbOrTx, companyId: number, id: number) => {
  const [row] = await db
    .select()
    .from(modalityGroups)
    .where(and(eq(modalityGroups.companyId, companyId), eq(modalityGroups.id, id)));
  return row;
};

export const findGroupByUniqueId = async (db: DbOrTx, companyId: number, uniqueId: string) => {
  const [row] = await db
    .select()
    .from(modalityGroups)
    .where(and(eq(modalityGroups.companyId, companyId), eq(modalityGroups.uniqueId, uniqueId)));
  return row;
};

export const findGroupByName = async (db: DbOrTx, companyId: number, branchId: number, name: string) => {
  const [row] = await db
    .select()
    .from(modalityGroups)
    .where(
      and(
        eq(modalityGroups.companyId, companyId),
        eq(modalityGroups.branchId, branchId),
        eq(modalityGroups.name, name),
      ),
    );
  return row;
};

export const insertGroup = async (db: DbOrTx, row: typeof modalityGroups.$inferInsert) => {
  const [created] = await db.insert(modalityGroups).values(row).returning();
  return created as GroupRow;
};

/* Modalities */

const modalityJoin = (db: DbOrTx, where: SQL | undefined) =>
  db
    .select({ modality: modalities, branchCode: paramBranches.code, group: modalityGroups })
    .from(modalities)
    .innerJoin(paramBranches, eq(paramBranches.id, modalities.branchId))
    .innerJoin(modalityGroups, eq(modalityGroups.id, modalities.groupId))
    .where(where)
    .orderBy(asc(paramBranches.code), asc(modalities.sortOrder), asc(modalities.name));

export type ModalityJoined = Awaited<ReturnType<typeof modalityJoin>>[number];

export type ModalityFilter = {
  branchId?: number;
  groupId?: number;
  ids?: number[];
  includeInactive?: boolean;
};

export const listModalities = (db: DbOrTx, companyId: number, f: ModalityFilter = {}) =>
  modalityJoin(
    db,
    and(
      eq(modalities.companyId, companyId),
      f.branchId ? eq(modalities.branchId, f.branchId) : undefined,
      f.groupId ? eq(modalities.groupId, f.groupId) : undefined,
      f.ids ? inArray(modalities.id, f.ids.length ? f.ids : [0]) : undefined,
      f.includeInactive ? undefined : eq(modalities.isActive, true),
    ),
  );

/**
 * Active modalities in (sort order, name) order, for other modules (commission ranges, credit
 * rating). `suretyRated`: only the surety, non-complementary ones a policy holder gets a rate for
 * (property products are rated by CNAE).
 */
export const listActiveModalities = (db: DbOrTx, companyId: number, f: { suretyRated?: boolean } = {}) =>
  db
    .select({
      id: modalities.id,
      uniqueId: modalities.uniqueId,
      name: modalities.name,
      defaultRate: modalities.defaultRate,
      minCommissionPercentage: modalities.minCommissionPercentage,
      maxCommissionPercentage: modalities.maxCommissionPercentage,
    })
    .from(modalities)
    .innerJoin(paramBranches, eq(paramBranches.id, modalities.branchId))
    .where(
      and(
        eq(modalities.companyId, companyId),
        eq(modalities.isActive, true),
        f.suretyRated ? eq(modalities.isComplementary, false) : undefined,
        f.suretyRated ? eq(paramBranches.kind, 'surety') : undefined,
      ),
    )
    .orderBy(asc(modalities.sortOrder), asc(modalities.name));

export const findModalityJoined = async (db: DbOrTx, companyId: number, id: number) => {
  const [row] = await modalityJoin(db, and(eq(modalities.companyId, companyId), eq(modalities.id, id)));
  return row;
};

export const findModality = async (db: DbOrTx, companyId: number, id: number) => {
  const [row] = await db
    .select()
    .from(modalities)
    .where(and(eq(modalities.companyId, companyId), eq(modalities.id, id)));
  return row;
};

export const findModalityByUniqueId = async (db: DbOrTx, companyId: number, uniqueId: string) => {
  const [row] = await db
    .select()
    .from(modalities)
    .where(and(eq(modalities.companyId, companyId), eq(modalities.uniqueId, uniqueId)));
  return row;
};

export const findModalityByName = async (db: DbOrTx, companyId: number, branchId: number, name: string) => {
  const [row] = await db
    .select()
    .from(modalities)
    .where(
      and(eq(modalities.companyId, companyId), eq(modalities.branchId, branchId), eq(modalities.name, name)),
    );
  return row;
};

export const insertModality = async (db: DbOrTx, row: NewModality) => {
  const [created] = await db.insert(modalities).values(row).returning();
  return created as ModalityRow;
};

export const updateModality = async (
  db: DbOrTx,
  companyId: number,
  id: number,
  patch: Partial<NewModality>,
) => {
  const [row] = await db
    .update(modalities)
    .set({ ...patch, updatedAt: new Date() })
    .where(and(eq(modalities.companyId, companyId), eq(modalities.id, id)))
    .returning();
  return row;
};

/* Coverages */

export const listCoverages = (db: DbOrTx, companyId: number, modalityId: number) =>
  db
    .select()
    .from(coverages)
    .where(and(eq(coverages.companyId, companyId), eq(coverages.modalityId, modalityId)))
    .orderBy(asc(coverages.sortOrder), asc(coverages.id));

export const findCoverage = async (db: DbOrTx, companyId: number, id: number) => {
  const [row] = await db
    .select()
    .from(coverages)
    .where(and(eq(coverages.companyId, companyId), eq(coverages.id, id)));
  return row;
};

export const insertCoverage = async (db: DbOrTx, row: NewCoverage) => {
  const [created] = await db.insert(coverages).values(row).returning();
  return created as CoverageRow;
};

export const updateCoverage = async (
  db: DbOrTx,
  companyId: number,
  id: number,
  patch: Partial<NewCoverage>,
) => {
  const [row] = await db
    .update(coverages)
    .set({ ...patch, updatedAt: new Date() })
    .where(and(eq(coverages.companyId, companyId), eq(coverages.id, id)))
    .returning();
  return row as CoverageRow;
};

/* Complementary modalities */

const complementaryModality = alias(modalities, 'complementary_modality');
const baseModality = alias(modalities, 'base_modality');

const complementaryJoin = (db: DbOrTx, where: SQL | undefined) =>
  db
    .select({
      link: complementaryModalities,
      modalityName: baseModality.name,
      complementaryName: complementaryModality.name,
      complementaryUniqueId: complementaryModality.uniqueId,
    })
    .from(complementaryModalities)
    .innerJoin(baseModality, eq(baseModality.id, complementaryModalities.modalityId))
    .innerJoin(
      complementaryModality,
      eq(complementaryModality.id, complementaryModalities.complementaryModalityId),
    )
    .where(where)
    .orderBy(asc(baseModality.name), asc(complementaryModality.name));

export type ComplementaryJoined = Awaited<ReturnType<typeof complementaryJoin>>[number];

export const listComplementary = (
  db: DbOrTx,
  companyId: number,
  f: { modalityId?: number; onlyActive?: boolean; id?: number },
) =>
  complementaryJoin(
    db,
    and(
      eq(complementaryModalities.companyId, companyId),
      f.modalityId ? eq(complementaryModalities.modalityId, f.modalityId) : undefined,
      f.id ? eq(complementaryModalities.id, f.id) : undefined,
      f.onlyActive ? eq(complementaryModalities.isActive, true) : undefined,
    ),
  );

export const findComplementaryPair = async (
  db: DbOrTx,
  companyId: number,
  modalityId: number,
  complementaryModalityId: number,
) => {
  const [row] = await db
    .select()
    .from(complementaryModalities)
    .where(
      and(
        eq(complementaryModalities.companyId, companyId),
        eq(complementaryModalities.modalityId, modalityId),
        eq(complementaryModalities.complementaryModalityId, complementaryModalityId),
      ),
    );
  return row;
};

export const insertComplementary = async (db: DbOrTx, row: typeof complementaryModalities.$inferInsert) => {
  const [created] = await db.insert(complementaryModalities).values(row).returning();
  return created as ComplementaryRow;
};

export const setComplementaryActive = (db: DbOrTx, companyId: number, id: number, isActive: boolean) =>
  db
    .update(complementaryModalities)
    .set({ isActive })
    .where(and(eq(complementaryModalities.companyId, companyId), eq(complementaryModalities.id, id)));

/* Contractual terms */

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
    .set({ ...patch, updatedAt: new Date() })
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
    .set({ ...patch, updatedAt: new Date() })
    .where(and(eq(particularClauses.companyId, companyId), eq(particularClauses.id, id)))
    .returning();
  return row as ClauseRow;
};

/* Requested documents */

export const listRequestDocuments = (
  db: DbOrTx,
  companyId: number,
  f: { modalityId?: number; includeDeleted?: boolean },
) =>
  db
    .select({ doc: parameterRequestDocuments, modalityUniqueId: modalities.uniqueId })
    .from(parameterRequestDocuments)
    .innerJoin(modalities, eq(modalities.id, parameterRequestDocuments.modalityId))
    .where(
      and(
        eq(parameterRequestDocuments.companyId, companyId),
        f.modalityId ? eq(parameterRequestDocuments.modalityId, f.modalityId) : undefined,
        f.includeDeleted ? undefined : eq(parameterRequestDocuments.isDeleted, false),
      ),
    )
    .orderBy(asc(parameterRequestDocuments.sortOrder), asc(parameterRequestDocuments.id));

export type RequestDocumentJoined = Awaited<ReturnType<typeof listRequestDocuments>>[number];

export const findRequestDocument = async (db: DbOrTx, companyId: number, id: number) => {
  const [row] = await db
    .select({ doc: parameterRequestDocuments, modalityUniqueId: modalities.uniqueId })
    .from(parameterRequestDocuments)
    .innerJoin(modalities, eq(modalities.id, parameterRequestDocuments.modalityId))
    .where(and(eq(parameterRequestDocuments.companyId, companyId), eq(parameterRequestDocuments.id, id)));
  return row;
};

export const findRequestDocumentByName = async (
  db: DbOrTx,
  companyId: number,
  modalityId: number,
  name: string,
) => {
  const rows = await db
    .select()
    .from(parameterRequestDocuments)
    .where(
      and(
        eq(parameterRequestDocuments.companyId, companyId),
        eq(parameterRequestDocuments.modalityId, modalityId),
      ),
    );
  return rows.find((r) => r.name.localeCompare(name, 'pt-BR', { sensitivity: 'base' }) === 0);
};

export const insertRequestDocument = async (db: DbOrTx, row: NewRequestDocument) => {
  const [created] = await db.insert(parameterRequestDocuments).values(row).returning();
  return created as RequestDocumentRow;
};

export const updateRequestDocument = (
  db: DbOrTx,
  companyId: number,
  id: number,
  patch: Partial<NewRequestDocument>,
) =>
  db
    .update(parameterRequestDocuments)
    .set({ ...patch, updatedAt: new Date() })
    .where(and(eq(parameterRequestDocuments.companyId, companyId), eq(parameterRequestDocuments.id, id)));

export const deleteRequestDocument = (db: DbOrTx, companyId: number, id: number) =>
  db
    .delete(parameterRequestDocuments)
    .where(and(eq(parameterRequestDocuments.companyId, companyId), eq(parameterRequestDocuments.id, id)));

/* Installment parameters */

export const listInstallmentParameters = (db: DbOrTx, companyId: number) =>
  db
    .select()
    .from(installmentParameters)
    .where(eq(installmentParameters.companyId, companyId))
    .orderBy(asc(installmentParameters.code));

export const findInstallmentParameter = async (db: DbOrTx, companyId: number, id: number) => {
  const [row] = await db
    .select()
    .from(installmentParameters)
    .where(and(eq(installmentParameters.companyId, companyId), eq(installmentParameters.id, id)));
  return row;
};

export const findInstallmentParameterByCode = async (db: DbOrTx, companyId: number, code: string) => {
  const [row] = await db
    .select()
    .from(installmentParameters)
    .where(and(eq(installmentParameters.companyId, companyId), eq(installmentParameters.code, code)));
  return row;
};

export const insertInstallmentParameter = async (db: DbOrTx, row: NewInstallment) => {
  const [created] = await db.insert(installmentParameters).values(row).returning();
  return created as InstallmentRow;
};

export const updateInstallmentParameter = async (
  db: DbOrTx,
  companyId: number,
  id: number,
  patch: Partial<NewInstallment>,
) => {
  const [row] = await db
    .update(installmentParameters)
    .set({ ...patch, updatedAt: new Date() })
    .where(and(eq(installmentParameters.companyId, companyId), eq(installmentParameters.id, id)))
    .returning();
  return row as InstallmentRow;
};

export const listInstallmentLinks = (
  db: DbOrTx,
  companyId: number,
  f: { parameterId?: number; modalityId?: number },
) =>
  db
    .select({ link: installmentModalityParameters, modalityName: modalities.name })
    .from(installmentModalityParameters)
    .innerJoin(modalities, eq(modalities.id, installmentModalityParameters.modalityId))
    .where(
      and(
        eq(installmentModalityParameters.companyId, companyId),
        f.parameterId ? eq(installmentModalityParameters.installmentParameterId, f.parameterId) : undefined,
        f.modalityId ? eq(installmentModalityParameters.modalityId, f.modalityId) : undefined,
      ),
    )
    .orderBy(asc(modalities.name));

export const upsertInstallmentLink = (
  db: DbOrTx,
  companyId: number,
  modalityId: number,
  parameterId: number,
) =>
  db
    .insert(installmentModalityParameters)
    .values({ companyId, modalityId, installmentParameterId: parameterId })
    .onConflictDoUpdate({
      target: [installmentModalityParameters.companyId, installmentModalityParameters.modalityId],
      set: { installmentParameterId: parameterId },
    });

export const deleteInstallmentLink = (db: DbOrTx, companyId: number, modalityId: number) =>
  db
    .delete(installmentModalityParameters)
    .where(
      and(
        eq(installmentModalityParameters.companyId, companyId),
        eq(installmentModalityParameters.modalityId, modalityId),
      ),
    );

/* Settings and CNAE rates */

export const findSettings = async (db: DbOrTx, companyId: number) => {
  const [row] = await db
    .select()
    .from(parameterisationSettings)
    .where(eq(parameterisationSettings.companyId, companyId));
  return row;
};

export const listCnaeRates = (db: DbOrTx, companyId: number, modalityId: number) =>
  db
    .select()
    .from(cnaeRates)
    .where(and(eq(cnaeRates.companyId, companyId), eq(cnaeRates.modalityId, modalityId)))
    .orderBy(asc(cnaeRates.cnae));
