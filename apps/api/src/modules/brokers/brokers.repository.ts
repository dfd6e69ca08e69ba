import { and, asc, count, desc, eq, gt, ilike, or, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { likeContains } from '../../db/like.js';
import { sortedBy } from '../../db/order.js';
import { currentTime } from '../../lib/clock.js';
import { type Scope, scopeCondition } from '../../lib/visibility.js';
import { personNames } from '../users/index.js';
import {
  brokerCommissions,
  brokerRegistrationRequests,
  brokerResponsiblePersons,
  brokers,
} from './brokers.table.js';

export type BrokerRow = typeof brokers.$inferSelect;
/** A brokerage with the name of its legal person (persons belong to the users module). */
export type BrokerNamed = { broker: BrokerRow; name: string };
export type ResponsibleRow = typeof brokerResponsiblePersons.$inferSelect;
export type RegistrationRow = typeof brokerRegistrationRequests.$inferSelect;

const brokerQuery = (db: DbOrTx) =>
  db
    .select({ broker: brokers, name: personNames.name })
    .from(brokers)
    .innerJoin(personNames, eq(personNames.personId, brokers.personId));

export const findBrokerById = async (db: DbOrTx, companyId: number, id: number) => {
  const [row] = await brokerQuery(db).where(and(eq(brokers.companyId, companyId), eq(brokers.id, id)));
  return row as BrokerNamed | undefined;
};

export const findBrokerByUniqueId = async (db: DbOrTx, companyId: number, uniqueId: string) => {
  const [row] = await brokerQuery(db).where(
    and(eq(brokers.companyId, companyId), eq(brokers.uniqueId, uniqueId)),
  );
  return row as BrokerNamed | undefined;
};

export const findBrokerByCnpj = async (db: DbOrTx, companyId: number, cnpj: string) => {
  const [row] = await db
    .select()
    .from(brokers)
    .where(and(eq(brokers.companyId, companyId), eq(brokers.cnpj, cnpj)));
  return row;
};

export type BrokerFilters = {
  search?: string;
  ignoreInactive?: boolean;
  status?: 'pending' | 'active' | 'blocked' | 'inactive';
  onlyOperating?: boolean;
  /** Which brokerages the caller may list (lib/visibility.ts); all when absent. */
  scope?: Scope;
  orderBy?: BrokerSortColumn;
  orderDirection?: 'asc' | 'desc';
  page: number;
  rows: number;
};

const statusCondition = (status: NonNullable<BrokerFilters['status']>): SQL => {
  switch (status) {
    case 'pending':
      return and(eq(brokers.waitingValidation, true), eq(brokers.isActive, true))!;
    case 'blocked':
      return and(eq(brokers.isBlocked, true), eq(brokers.isActive, true))!;
    case 'inactive':
      return eq(brokers.isActive, false);
    case 'active':
      return and(
        eq(brokers.isActive, true),
        eq(brokers.isBlocked, false),
        eq(brokers.waitingValidation, false),
      )!;
  }
};

export type BrokerSortColumn = 'Name' | 'Cnpj' | 'SusepProtocol' | 'CreatedAt';
/** The list's sortable columns (read at call time: personNames comes from the users module, which imports this one). */
const brokerSortColumn = (c: BrokerSortColumn) =>
  ({
    Name: personNames.name,
    Cnpj: brokers.cnpj,
    SusepProtocol: brokers.susepProtocol,
    CreatedAt: brokers.createdAt,
  })[c];

export const searchBrokers = async (db: DbOrTx, companyId: number, f: BrokerFilters) => {
  const where: SQL[] = [eq(brokers.companyId, companyId)];
  const visible = f.scope && scopeCondition(f.scope, { broker: brokers.id });
  if (visible) where.push(visible);
  if (f.ignoreInactive) where.push(eq(brokers.isActive, true), eq(brokers.isBlocked, false));
  if (f.onlyOperating) where.push(statusCondition('active'));
  if (f.status) where.push(statusCondition(f.status));
  if (f.search) {
    const raw = f.search.trim();
    const like = likeContains(raw);
    const conditions = [
      ilike(personNames.name, like),
      ilike(brokers.tradeName, like),
      ilike(brokers.susepProtocol, like),
      ilike(brokers.email, like),
    ];
    const doc = raw.replace(/[^0-9A-Za-z]/g, '').toUpperCase();
    if (doc.length >= 3) conditions.push(ilike(brokers.cnpj, `%${doc}%`));
    where.push(or(...conditions)!);
  }
  const condition = and(...where);
  const [total] = await db
    .select({ n: count() })
    .from(brokers)
    .innerJoin(personNames, eq(personNames.personId, brokers.personId))
    .where(condition);
  const rows = await brokerQuery(db)
    .where(condition)
    .orderBy(
      // Unsorted, the registrations waiting for the insurer come first.
      f.orderBy ? sortedBy(brokerSortColumn(f.orderBy), f.orderDirection) : desc(brokers.waitingValidation),
      asc(personNames.name),
      asc(brokers.id),
    )
    .limit(f.rows)
    .offset((f.page - 1) * f.rows);
  return { rows: rows as BrokerNamed[], total: total?.n ?? 0 };
};

export const insertBrokerRow = async (db: DbOrTx, values: typeof brokers.$inferInsert) => {
  const [row] = await db.insert(brokers).values(values).returning();
  return row!;
};

export const updateBrokerRow = async (
  db: DbOrTx,
  companyId: number,
  id: number,
  values: Partial<typeof brokers.$inferInsert>,
) => {
  const [row] = await db
    .update(brokers)
    .set({ ...values, updatedAt: currentTime() })
    .where(and(eq(brokers.companyId, companyId), eq(brokers.id, id)))
    .returning();
  return row!;
};

export const responsiblePersonsOf = (db: DbOrTx, companyId: number, brokerId: number) =>
  db
    .select()
    .from(brokerResponsiblePersons)
    .where(
      and(eq(brokerResponsiblePersons.companyId, companyId), eq(brokerResponsiblePersons.brokerId, brokerId)),
    )
    .orderBy(asc(brokerResponsiblePersons.typeId), asc(brokerResponsiblePersons.id));

export const replaceResponsiblePersons = async (
  db: DbOrTx,
  companyId: number,
  brokerId: number,
  rows: Omit<typeof brokerResponsiblePersons.$inferInsert, 'companyId' | 'brokerId'>[],
) => {
  await db
    .delete(brokerResponsiblePersons)
    .where(
      and(eq(brokerResponsiblePersons.companyId, companyId), eq(brokerResponsiblePersons.brokerId, brokerId)),
    );
  if (rows.length)
    await db.insert(brokerResponsiblePersons).values(rows.map((r) => ({ ...r, companyId, brokerId })));
};

export const insertRegistrationRequest = async (
  db: DbOrTx,
  values: typeof brokerRegistrationRequests.$inferInsert,
) => {
  await db
    .update(brokerRegistrationRequests)
    .set({ status: 'superseded' })
    .where(
      and(
        eq(brokerRegistrationRequests.companyId, values.companyId),
        eq(brokerRegistrationRequests.cnpj, values.cnpj),
        eq(brokerRegistrationRequests.status, 'open'),
      ),
    );
  const [row] = await db.insert(brokerRegistrationRequests).values(values).returning();
  return row!;
};

export const findOpenRegistration = async (db: DbOrTx, companyId: number, tokenHash: string) => {
  const [row] = await db
    .select()
    .from(brokerRegistrationRequests)
    .where(
      and(
        eq(brokerRegistrationRequests.companyId, companyId),
        eq(brokerRegistrationRequests.tokenHash, tokenHash),
        eq(brokerRegistrationRequests.status, 'open'),
        gt(brokerRegistrationRequests.expiresAt, currentTime()),
      ),
    );
  return row;
};

export const completeRegistration = (db: DbOrTx, id: number, brokerId: number) =>
  db
    .update(brokerRegistrationRequests)
    .set({ status: 'completed', brokerId, completedAt: currentTime() })
    .where(eq(brokerRegistrationRequests.id, id));

/** Recent requests from one address (a simple brake on e-mail flooding). */
export const countRecentRequests = async (db: DbOrTx, companyId: number, cnpj: string, minutes: number) => {
  const [row] = await db
    .select({ n: count() })
    .from(brokerRegistrationRequests)
    .where(
      and(
        eq(brokerRegistrationRequests.companyId, companyId),
        eq(brokerRegistrationRequests.cnpj, cnpj),
        gt(brokerRegistrationRequests.createdAt, new Date(currentTime().getTime() - minutes * 60_000)),
      ),
    );
  return row?.n ?? 0;
};

export const commissionsOf = (db: DbOrTx, companyId: number, brokerId: number) =>
  db
    .select()
    .from(brokerCommissions)
    .where(and(eq(brokerCommissions.companyId, companyId), eq(brokerCommissions.brokerId, brokerId)));

export const upsertCommission = (db: DbOrTx, values: typeof brokerCommissions.$inferInsert) =>
  db
    .insert(brokerCommissions)
    .values(values)
    .onConflictDoUpdate({
      target: [brokerCommissions.brokerId, brokerCommissions.modalityId],
      set: {
        minPercentage: values.minPercentage,
        maxPercentage: values.maxPercentage,
        defaultPercentage: values.defaultPercentage,
      },
    });
