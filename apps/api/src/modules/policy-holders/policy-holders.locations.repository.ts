import { and, asc, desc, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { policyHolderBranches, policyHolderLocations } from './policy-holders.table.js';

/** Policy holders' locations (addresses) and branches (CNPJ filiais). */

export type LocationRow = typeof policyHolderLocations.$inferSelect;
export type BranchRow = typeof policyHolderBranches.$inferSelect;

export const listLocations = (db: DbOrTx, companyId: number, policyHolderId: number) =>
  db
    .select()
    .from(policyHolderLocations)
    .where(
      and(
        eq(policyHolderLocations.companyId, companyId),
        eq(policyHolderLocations.policyHolderId, policyHolderId),
      ),
    )
    .orderBy(desc(policyHolderLocations.isMain), asc(policyHolderLocations.id));

export const findLocation = async (db: DbOrTx, companyId: number, id: number) => {
  const [row] = await db
    .select()
    .from(policyHolderLocations)
    .where(and(eq(policyHolderLocations.companyId, companyId), eq(policyHolderLocations.id, id)));
  return row;
};

export const insertLocation = async (db: DbOrTx, values: typeof policyHolderLocations.$inferInsert) => {
  const [row] = await db.insert(policyHolderLocations).values(values).returning();
  return row!;
};

export const updateLocation = (
  db: DbOrTx,
  companyId: number,
  id: number,
  values: Partial<typeof policyHolderLocations.$inferInsert>,
) =>
  db
    .update(policyHolderLocations)
    .set(values)
    .where(and(eq(policyHolderLocations.companyId, companyId), eq(policyHolderLocations.id, id)));

export const clearMainLocation = (db: DbOrTx, companyId: number, policyHolderId: number) =>
  db
    .update(policyHolderLocations)
    .set({ isMain: false })
    .where(
      and(
        eq(policyHolderLocations.companyId, companyId),
        eq(policyHolderLocations.policyHolderId, policyHolderId),
      ),
    );

export const deleteLocation = (db: DbOrTx, companyId: number, id: number) =>
  db
    .delete(policyHolderLocations)
    .where(and(eq(policyHolderLocations.companyId, companyId), eq(policyHolderLocations.id, id)));

export const listBranches = (db: DbOrTx, companyId: number, policyHolderId: number) =>
  db
    .select()
    .from(policyHolderBranches)
    .where(
      and(
        eq(policyHolderBranches.companyId, companyId),
        eq(policyHolderBranches.policyHolderId, policyHolderId),
      ),
    )
    .orderBy(asc(policyHolderBranches.branchCnpj));

export const findBranchByUniqueId = async (db: DbOrTx, companyId: number, uniqueId: string) => {
  const [row] = await db
    .select()
    .from(policyHolderBranches)
    .where(and(eq(policyHolderBranches.companyId, companyId), eq(policyHolderBranches.uniqueId, uniqueId)));
  return row;
};

export const findBranchByCnpj = async (db: DbOrTx, companyId: number, cnpj: string) => {
  const [row] = await db
    .select()
    .from(policyHolderBranches)
    .where(and(eq(policyHolderBranches.companyId, companyId), eq(policyHolderBranches.branchCnpj, cnpj)));
  return row;
};

export const insertBranch = async (db: DbOrTx, values: typeof policyHolderBranches.$inferInsert) => {
  const [row] = await db.insert(policyHolderBranches).values(values).returning();
  return row!;
};

export const deleteBranch = (db: DbOrTx, companyId: number, id: number) =>
  db
    .delete(policyHolderBranches)
    .where(and(eq(policyHolderBranches.companyId, companyId), eq(policyHolderBranches.id, id)));
