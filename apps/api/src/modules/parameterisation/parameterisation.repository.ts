import { and, asc, eq, inArray, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../../db/client.js';
import { currentTime } from '../../lib/clock.js';
import {
  cnaeRates,
  complementaryModalities,
  modalities,
  modalityGroups,
  paramBranches,
  parameterisationSettings,
} from './parameterisation.table.js';

/** Branches, modality groups, modalities and their complementary modalities, settings and CNAE rates. */

export type BranchRow = typeof paramBranches.$inferSelect;
export type GroupRow = typeof modalityGroups.$inferSelect;
export type ModalityRow = typeof modalities.$inferSelect;
export type NewModality = typeof modalities.$inferInsert;
export type ComplementaryRow = typeof complementaryModalities.$inferSelect;

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
    .set({ ...patch, updatedAt: currentTime() })
    .where(and(eq(modalities.companyId, companyId), eq(modalities.id, id)))
    .returning();
  return row;
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
