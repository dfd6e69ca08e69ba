import { and, asc, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { currentTime } from '../../lib/clock.js';
import { modalities, parameterRequestDocuments } from './parameterisation.table.js';

/** Documents requested of brokers and policy holders, per modality. */

export type RequestDocumentRow = typeof parameterRequestDocuments.$inferSelect;
export type NewRequestDocument = typeof parameterRequestDocuments.$inferInsert;

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
    .set({ ...patch, updatedAt: currentTime() })
    .where(and(eq(parameterRequestDocuments.companyId, companyId), eq(parameterRequestDocuments.id, id)));

export const deleteRequestDocument = (db: DbOrTx, companyId: number, id: number) =>
  db
    .delete(parameterRequestDocuments)
    .where(and(eq(parameterRequestDocuments.companyId, companyId), eq(parameterRequestDocuments.id, id)));
