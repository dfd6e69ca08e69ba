import { and, asc, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { currentTime } from '../../lib/clock.js';
import {
  installmentModalityParameters,
  installmentParameters,
  modalities,
} from './parameterisation.table.js';

/** Installment parameters and their links to modalities. */

export type InstallmentRow = typeof installmentParameters.$inferSelect;
export type NewInstallment = typeof installmentParameters.$inferInsert;

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
    .set({ ...patch, updatedAt: currentTime() })
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
