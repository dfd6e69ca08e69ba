import { SRO_LATE_FILTER, SroRegistrationStatus } from '@aval/domain';
import { and, asc, count, desc, eq, gt, inArray, lt, ne, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { currentTime } from '../../lib/clock.js';
import { sroRegistrations } from './sro.table.js';

export type SroRegistrationRow = typeof sroRegistrations.$inferSelect;
export type SroRegistrationInsert = typeof sroRegistrations.$inferInsert;

/** Inserts the event's registration; undefined when the company already has one for its key. */
export const insertRegistration = async (db: DbOrTx, values: SroRegistrationInsert) =>
  (await db.insert(sroRegistrations).values(values).onConflictDoNothing().returning())[0];

export const findByKey = async (db: DbOrTx, companyId: number, eventKey: string) =>
  (
    await db
      .select()
      .from(sroRegistrations)
      .where(and(eq(sroRegistrations.companyId, companyId), eq(sroRegistrations.eventKey, eventKey)))
  )[0];

/** The registration, locked for this transaction when `lock` (one delivery at a time). */
export const findById = async (db: DbOrTx, companyId: number, id: number, lock = false) => {
  const q = db
    .select()
    .from(sroRegistrations)
    .where(and(eq(sroRegistrations.companyId, companyId), eq(sroRegistrations.id, id)));
  return (await (lock ? q.for('update') : q))[0];
};

export const findByUniqueId = async (db: DbOrTx, companyId: number, uniqueId: string) =>
  (
    await db
      .select()
      .from(sroRegistrations)
      .where(and(eq(sroRegistrations.companyId, companyId), eq(sroRegistrations.uniqueId, uniqueId)))
  )[0];

export const updateRegistration = async (db: DbOrTx, id: number, values: Partial<SroRegistrationInsert>) =>
  (
    await db
      .update(sroRegistrations)
      .set({ ...values, updatedAt: currentTime() })
      .where(eq(sroRegistrations.id, id))
      .returning()
  )[0]!;

/** The oldest operation of the same policy recorded before `id` and not registered yet, if any. */
export const earlierUnregistered = async (db: DbOrTx, r: SroRegistrationRow) =>
  (
    await db
      .select()
      .from(sroRegistrations)
      .where(
        and(
          eq(sroRegistrations.companyId, r.companyId),
          eq(sroRegistrations.policyId, r.policyId),
          lt(sroRegistrations.id, r.id),
          ne(sroRegistrations.statusId, SroRegistrationStatus.REGISTRADA),
        ),
      )
      .orderBy(asc(sroRegistrations.id))
      .limit(1)
  )[0];

/** The policy's registrations after `id` still waiting to be sent, in order. */
export const waitingAfter = (db: DbOrTx, r: SroRegistrationRow) =>
  db
    .select()
    .from(sroRegistrations)
    .where(
      and(
        eq(sroRegistrations.companyId, r.companyId),
        eq(sroRegistrations.policyId, r.policyId),
        gt(sroRegistrations.id, r.id),
        eq(sroRegistrations.statusId, SroRegistrationStatus.PENDENTE),
      ),
    )
    .orderBy(asc(sroRegistrations.id));

export const ofPolicy = (db: DbOrTx, companyId: number, policyUniqueId: string) =>
  db
    .select()
    .from(sroRegistrations)
    .where(
      and(eq(sroRegistrations.companyId, companyId), eq(sroRegistrations.policyUniqueId, policyUniqueId)),
    )
    .orderBy(asc(sroRegistrations.id));

/**
 * Registrations not settled last touched before `before`: the sweep's work, the sent ones first
 * (their fate is unknown), then the pending, oldest first.
 */
export const unsettled = (db: DbOrTx, companyId: number, before: Date, limit: number) =>
  db
    .select()
    .from(sroRegistrations)
    .where(
      and(
        eq(sroRegistrations.companyId, companyId),
        inArray(sroRegistrations.statusId, [SroRegistrationStatus.PENDENTE, SroRegistrationStatus.ENVIADA]),
        lt(sroRegistrations.updatedAt, before),
      ),
    )
    .orderBy(desc(sroRegistrations.statusId), asc(sroRegistrations.id))
    .limit(limit);

export type SroFilters = { statusId?: number; eventType?: string; policyNumber?: string };

const notRegistered = ne(sroRegistrations.statusId, SroRegistrationStatus.REGISTRADA);

/** The list of the staff screen: a page by deadline, and the total. */
export const search = async (
  db: DbOrTx,
  companyId: number,
  today: string,
  f: SroFilters,
  page: { offset: number; limit: number },
) => {
  const where: (SQL | undefined)[] = [eq(sroRegistrations.companyId, companyId)];
  if (f.statusId === SRO_LATE_FILTER) where.push(notRegistered, lt(sroRegistrations.deadline, today));
  else if (f.statusId) where.push(eq(sroRegistrations.statusId, f.statusId));
  if (f.eventType) where.push(eq(sroRegistrations.eventType, f.eventType));
  if (f.policyNumber) where.push(sql`${sroRegistrations.policyNumber} like ${`${f.policyNumber}%`}`);
  const condition = and(...where);
  const rows = await db
    .select()
    .from(sroRegistrations)
    .where(condition)
    .orderBy(asc(sroRegistrations.deadline), asc(sroRegistrations.id))
    .offset(page.offset)
    .limit(page.limit);
  const [total] = await db.select({ n: count() }).from(sroRegistrations).where(condition);
  return { rows, total: total?.n ?? 0 };
};

/** Registrations not registered whose deadline is before `today`: how many. */
export const countLate = async (db: DbOrTx, companyId: number, today: string) => {
  const [row] = await db
    .select({ n: count() })
    .from(sroRegistrations)
    .where(
      and(eq(sroRegistrations.companyId, companyId), notRegistered, lt(sroRegistrations.deadline, today)),
    );
  return row?.n ?? 0;
};
