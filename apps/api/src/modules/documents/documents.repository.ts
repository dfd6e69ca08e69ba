import { and, asc, count, eq, inArray, isNotNull, isNull, ne, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { currentTime } from '../../lib/clock.js';
import { requestDocumentArchives, requestDocumentHistory, requestDocuments } from './documents.table.js';

export type RequestDocumentRow = typeof requestDocuments.$inferSelect;
export type Owner = { type: OwnerType; id: number };
export type OwnerType = 'policy_holder' | 'insured' | 'broker' | 'insurer' | 'proposal' | 'endorsement';

export const listByOwner = (db: DbOrTx, companyId: number, owner: Owner, deleted: boolean) => {
  const where: SQL[] = [
    eq(requestDocuments.companyId, companyId),
    eq(requestDocuments.ownerType, owner.type),
    eq(requestDocuments.ownerId, owner.id),
    deleted ? isNotNull(requestDocuments.deletedAt) : isNull(requestDocuments.deletedAt),
  ];
  return db
    .select()
    .from(requestDocuments)
    .where(and(...where))
    .orderBy(asc(requestDocuments.createdAt), asc(requestDocuments.id));
};

export const findByUniqueId = async (db: DbOrTx, companyId: number, uniqueId: string) => {
  const [row] = await db
    .select()
    .from(requestDocuments)
    .where(and(eq(requestDocuments.companyId, companyId), eq(requestDocuments.uniqueId, uniqueId)));
  return row;
};

/** A document of an owner type (deleted ones included), by Id or UniqueId. */
export const findOfOwnerType = async (
  db: DbOrTx,
  companyId: number,
  ownerType: OwnerType,
  ref: { id?: number; uniqueId?: string },
) => {
  const [row] = await db
    .select()
    .from(requestDocuments)
    .where(
      and(
        eq(requestDocuments.companyId, companyId),
        eq(requestDocuments.ownerType, ownerType),
        ref.id !== undefined ? eq(requestDocuments.id, ref.id) : eq(requestDocuments.uniqueId, ref.uniqueId!),
      ),
    );
  return row;
};

/** Required, live documents not in `approvedStatusId`, per owner; owners with none are absent. */
export const pendingRequiredCounts = (
  db: DbOrTx,
  companyId: number,
  ownerType: OwnerType,
  ownerIds: number[],
  approvedStatusId: number,
) =>
  db
    .select({ ownerId: requestDocuments.ownerId, n: count() })
    .from(requestDocuments)
    .where(
      and(
        eq(requestDocuments.companyId, companyId),
        eq(requestDocuments.ownerType, ownerType),
        inArray(requestDocuments.ownerId, ownerIds),
        eq(requestDocuments.isRequired, true),
        ne(requestDocuments.statusId, approvedStatusId),
        isNull(requestDocuments.deletedAt),
      ),
    )
    .groupBy(requestDocuments.ownerId);

export const insertDocument = async (db: DbOrTx, values: typeof requestDocuments.$inferInsert) => {
  const [row] = await db.insert(requestDocuments).values(values).returning();
  return row!;
};

/** Several documents in one statement. */
export const insertDocuments = async (db: DbOrTx, rows: (typeof requestDocuments.$inferInsert)[]) => {
  if (rows.length) await db.insert(requestDocuments).values(rows);
};

export const updateDocument = async (
  db: DbOrTx,
  id: number,
  values: Partial<typeof requestDocuments.$inferInsert>,
) => {
  const [row] = await db
    .update(requestDocuments)
    .set({ ...values, updatedAt: currentTime() })
    .where(eq(requestDocuments.id, id))
    .returning();
  return row!;
};

export const archivesOf = async (db: DbOrTx, documentIds: number[]) => {
  if (documentIds.length === 0) return [];
  return db
    .select({
      documentId: requestDocumentArchives.requestDocumentId,
      archiveId: requestDocumentArchives.archiveId,
      createdAt: requestDocumentArchives.createdAt,
      uploadedByUserId: requestDocumentArchives.uploadedByUserId,
    })
    .from(requestDocumentArchives)
    .where(inArray(requestDocumentArchives.requestDocumentId, documentIds))
    .orderBy(asc(requestDocumentArchives.createdAt));
};

/** Which of `archiveIds` are already attached to a document other than `documentId`. */
export const archivesAttachedElsewhere = async (db: DbOrTx, archiveIds: string[], documentId: number) => {
  if (archiveIds.length === 0) return [];
  const rows = await db
    .selectDistinct({ archiveId: requestDocumentArchives.archiveId })
    .from(requestDocumentArchives)
    .where(
      and(
        inArray(requestDocumentArchives.archiveId, archiveIds),
        ne(requestDocumentArchives.requestDocumentId, documentId),
      ),
    );
  return rows.map((r) => r.archiveId);
};

export const linkArchives = (
  db: DbOrTx,
  companyId: number,
  documentId: number,
  archiveIds: string[],
  userId: number,
) =>
  db.insert(requestDocumentArchives).values(
    archiveIds.map((archiveId) => ({
      companyId,
      requestDocumentId: documentId,
      archiveId,
      uploadedByUserId: userId,
    })),
  );

export const addHistory = (db: DbOrTx, values: typeof requestDocumentHistory.$inferInsert) =>
  db.insert(requestDocumentHistory).values(values);

export const historyOf = (db: DbOrTx, documentId: number) =>
  db
    .select({ h: requestDocumentHistory })
    .from(requestDocumentHistory)
    .where(eq(requestDocumentHistory.requestDocumentId, documentId))
    .orderBy(asc(requestDocumentHistory.id));

/** The owners of the documents an archive is attached to (deleted documents included). */
export const ownersOfArchive = (db: DbOrTx, companyId: number, archiveId: string) =>
  db
    .selectDistinct({ type: requestDocuments.ownerType, id: requestDocuments.ownerId })
    .from(requestDocumentArchives)
    .innerJoin(requestDocuments, eq(requestDocuments.id, requestDocumentArchives.requestDocumentId))
    .where(
      and(eq(requestDocumentArchives.companyId, companyId), eq(requestDocumentArchives.archiveId, archiveId)),
    ) as Promise<Owner[]>;
