import { and, asc, desc, eq, isNull, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { currentTime } from '../../lib/clock.js';
import { policyHolderCcgSignatories, policyHolderCcgs } from './policy-holders.table.js';

/** CCG (contrato de contragarantia) and its signatories. */

export type CcgRow = typeof policyHolderCcgs.$inferSelect;
export type CcgSignatoryRow = typeof policyHolderCcgSignatories.$inferSelect;

export const findCcg = async (
  db: DbOrTx,
  companyId: number,
  by: { uniqueId: string } | { openOf: number } | { latestOf: number } | { signedOf: number },
) =>
  (
    await db
      .select()
      .from(policyHolderCcgs)
      .where(
        and(
          eq(policyHolderCcgs.companyId, companyId),
          'uniqueId' in by
            ? eq(policyHolderCcgs.uniqueId, by.uniqueId)
            : 'openOf' in by
              ? and(eq(policyHolderCcgs.policyHolderId, by.openOf), sql`${policyHolderCcgs.statusId} <> 4`)
              : 'signedOf' in by
                ? and(eq(policyHolderCcgs.policyHolderId, by.signedOf), eq(policyHolderCcgs.statusId, 4))
                : eq(policyHolderCcgs.policyHolderId, by.latestOf),
        ),
      )
      .orderBy(desc(policyHolderCcgs.id))
      .limit(1)
  )[0];

export const insertCcg = async (db: DbOrTx, values: typeof policyHolderCcgs.$inferInsert) =>
  (await db.insert(policyHolderCcgs).values(values).returning())[0]!;

/** Changes a CCG's status only if it is still `from` (none returned when it moved meanwhile). */
export const updateCcg = async (
  db: DbOrTx,
  companyId: number,
  id: number,
  from: number,
  values: Partial<typeof policyHolderCcgs.$inferInsert>,
) =>
  (
    await db
      .update(policyHolderCcgs)
      .set({ ...values, updatedAt: currentTime() })
      .where(
        and(
          eq(policyHolderCcgs.companyId, companyId),
          eq(policyHolderCcgs.id, id),
          eq(policyHolderCcgs.statusId, from),
        ),
      )
      .returning()
  )[0];

export const insertCcgSignatories = (db: DbOrTx, rows: (typeof policyHolderCcgSignatories.$inferInsert)[]) =>
  rows.length ? db.insert(policyHolderCcgSignatories).values(rows) : Promise.resolve();

export const ccgSignatories = (db: DbOrTx, companyId: number, ccgId: number) =>
  db
    .select()
    .from(policyHolderCcgSignatories)
    .where(
      and(eq(policyHolderCcgSignatories.companyId, companyId), eq(policyHolderCcgSignatories.ccgId, ccgId)),
    )
    .orderBy(asc(policyHolderCcgSignatories.roleId), asc(policyHolderCcgSignatories.id));

export const markCcgSigned = (db: DbOrTx, companyId: number, ccgId: number, at: Date) =>
  db
    .update(policyHolderCcgSignatories)
    .set({ signedAt: at })
    .where(
      and(
        eq(policyHolderCcgSignatories.companyId, companyId),
        eq(policyHolderCcgSignatories.ccgId, ccgId),
        isNull(policyHolderCcgSignatories.signedAt),
      ),
    );

/** Keeps the CCG's rendered PDF (the first download renders it). */
export const setCcgDocument = (db: DbOrTx, companyId: number, ccgId: number, archiveId: string) =>
  db
    .update(policyHolderCcgs)
    .set({ documentArchiveId: archiveId })
    .where(and(eq(policyHolderCcgs.companyId, companyId), eq(policyHolderCcgs.id, ccgId)));
