import { userTypeLabels } from '@aval/domain';
import { and, asc, count, eq, ilike, inArray, or, type SQL, sql } from 'drizzle-orm';
import { QueryBuilder } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../../db/client.js';
import { likeContains } from '../../db/like.js';
import { sortedBy } from '../../db/order.js';
import { currentTime } from '../../lib/clock.js';
import {
  advisorBrokers,
  companyMenus,
  menuFunctionalities,
  menus,
  personApiHistory,
  persons,
  profileFunctionalities,
  profiles,
  users,
} from './users.table.js';

export type UserRow = typeof users.$inferSelect;
export type PersonRow = typeof persons.$inferSelect;
export type ProfileRow = typeof profiles.$inferSelect;
export type UserWithPerson = { user: UserRow; person: PersonRow; profile: ProfileRow | null };

const userSelect = { user: users, person: persons, profile: profiles };

const userQuery = (db: DbOrTx) =>
  db
    .select(userSelect)
    .from(users)
    .innerJoin(persons, eq(persons.id, users.personId))
    .leftJoin(profiles, eq(profiles.id, users.profileId));

export const findUserByUsername = async (db: DbOrTx, companyId: number, username: string) => {
  const [row] = await userQuery(db).where(
    and(eq(users.companyId, companyId), sql`lower(${users.username}) = lower(${username.trim()})`),
  );
  return row as UserWithPerson | undefined;
};

export const findUserById = async (db: DbOrTx, companyId: number, id: number) => {
  const [row] = await userQuery(db).where(and(eq(users.companyId, companyId), eq(users.id, id)));
  return row as UserWithPerson | undefined;
};

export const findUserByUniqueId = async (db: DbOrTx, companyId: number, uniqueId: string) => {
  const [row] = await userQuery(db).where(and(eq(users.companyId, companyId), eq(users.uniqueId, uniqueId)));
  return row as UserWithPerson | undefined;
};

/** User type ids in the alphabetical order of their pt-BR names (the list sorts by the name shown). */
const typesByName = Object.entries(userTypeLabels)
  .sort(([, a], [, b]) => a.localeCompare(b, 'pt-BR'))
  .map(([id]) => Number(id));

/** The list's sortable columns (by name by default); ties keep the name, then the id. */
const userSortColumns = {
  Name: persons.name,
  UserType: sql`array_position(array[${sql.raw(typesByName.join(','))}]::int[], ${users.userTypeId}::int)`,
  Document: persons.document,
  LastLoginAt: users.lastLoginAt,
};
export type UserSortColumn = keyof typeof userSortColumns;

export type UserFilters = {
  active?: boolean;
  brokerId?: number;
  userTypeId?: number;
  search?: string;
  orderBy?: UserSortColumn;
  orderDirection?: 'asc' | 'desc';
  page: number;
  rows: number;
};

export const listUsers = async (db: DbOrTx, companyId: number, f: UserFilters) => {
  const where: SQL[] = [eq(users.companyId, companyId)];
  if (f.active !== undefined) where.push(eq(users.isActive, f.active));
  if (f.brokerId !== undefined) where.push(eq(users.brokerId, f.brokerId));
  if (f.userTypeId !== undefined) where.push(eq(users.userTypeId, f.userTypeId));
  if (f.search) {
    const like = likeContains(f.search);
    where.push(or(ilike(persons.name, like), ilike(users.username, like), ilike(persons.document, like))!);
  }
  const condition = and(...where);
  const [total] = await db
    .select({ n: count() })
    .from(users)
    .innerJoin(persons, eq(persons.id, users.personId))
    .where(condition);
  const rows = await userQuery(db)
    .where(condition)
    .orderBy(
      sortedBy(userSortColumns[f.orderBy ?? 'Name'], f.orderDirection),
      asc(persons.name),
      asc(users.id),
    )
    .limit(f.rows)
    .offset((f.page - 1) * f.rows);
  return { rows: rows as UserWithPerson[], total: total?.n ?? 0 };
};

export const insertPerson = async (db: DbOrTx, values: typeof persons.$inferInsert) => {
  const [row] = await db.insert(persons).values(values).returning();
  return row!;
};

export const updatePerson = (db: DbOrTx, id: number, values: Partial<typeof persons.$inferInsert>) =>
  db.update(persons).set(values).where(eq(persons.id, id));

export const insertUser = async (db: DbOrTx, values: typeof users.$inferInsert) => {
  const [row] = await db.insert(users).values(values).returning();
  return row!;
};

export const updateUser = (
  db: DbOrTx,
  companyId: number,
  id: number,
  values: Partial<typeof users.$inferInsert>,
) =>
  db
    .update(users)
    .set({ ...values, updatedAt: currentTime() })
    .where(and(eq(users.companyId, companyId), eq(users.id, id)));

export const deleteUserRow = (db: DbOrTx, companyId: number, id: number) =>
  db.delete(users).where(and(eq(users.companyId, companyId), eq(users.id, id)));

export const deletePersonIfOrphan = async (db: DbOrTx, personId: number) => {
  const [used] = await db.select({ n: count() }).from(users).where(eq(users.personId, personId));
  if ((used?.n ?? 0) === 0) await db.delete(persons).where(eq(persons.id, personId));
};

/** Permission ids a profile holds. */
export const profilePermissionIds = async (db: DbOrTx, profileId: number | null) => {
  if (!profileId) return [];
  const rows = await db
    .select({ id: profileFunctionalities.functionalityId })
    .from(profileFunctionalities)
    .where(eq(profileFunctionalities.profileId, profileId));
  return rows.map((r) => r.id);
};

/**
 * What a signed-in user may do now, in one query: active flag, user type, profile and the
 * permission ids its profile holds (the per-request access of modules/auth/access.ts).
 */
export const userAccess = async (db: DbOrTx, companyId: number, userId: number) => {
  const permissions = sql<number[] | null>`(select array_agg(pf.functionality_id order by pf.functionality_id)
    from ${profileFunctionalities} pf where pf.profile_id = ${users.profileId})`;
  const [row] = await db
    .select({
      isActive: users.isActive,
      userTypeId: users.userTypeId,
      profileUniqueId: profiles.uniqueId,
      permissions,
    })
    .from(users)
    .leftJoin(profiles, eq(profiles.id, users.profileId))
    .where(and(eq(users.companyId, companyId), eq(users.id, userId)));
  return row && { ...row, permissions: (row.permissions ?? []).map(Number) };
};

/**
 * Menus holding any of `functionalityIds`, with those functionalities, in the company's order.
 * Without `functionalityIds`: every menu with all its functionalities, those without any (the
 * home) included.
 */
export const menusWithFunctionalities = async (
  db: DbOrTx,
  companyId: number,
  functionalityIds?: number[],
) => {
  const fWhere = functionalityIds
    ? inArray(menuFunctionalities.id, functionalityIds.length ? functionalityIds : [-1])
    : undefined;
  const rows = await db
    .select({
      menu: menus,
      order: companyMenus.order,
      enabled: companyMenus.enabled,
      f: menuFunctionalities,
    })
    .from(menus)
    .leftJoin(menuFunctionalities, eq(menus.id, menuFunctionalities.menuId))
    .leftJoin(companyMenus, and(eq(companyMenus.menuId, menus.id), eq(companyMenus.companyId, companyId)))
    .where(fWhere)
    .orderBy(asc(menuFunctionalities.id));
  const byMenu = new Map<
    number,
    {
      menu: typeof menus.$inferSelect;
      order: number;
      enabled: boolean;
      functionalities: (typeof menuFunctionalities.$inferSelect)[];
    }
  >();
  for (const r of rows) {
    const entry = byMenu.get(r.menu.id) ?? {
      menu: r.menu,
      order: r.order ?? r.menu.defaultOrder,
      enabled: r.enabled ?? true,
      functionalities: [],
    };
    if (r.f) entry.functionalities.push(r.f);
    byMenu.set(r.menu.id, entry);
  }
  return [...byMenu.values()]
    .filter((m) => m.enabled)
    .sort((a, b) => a.order - b.order || a.menu.id - b.menu.id);
};

export const listFunctionalities = (db: DbOrTx) => db.select().from(menuFunctionalities);

export const findProfileByUniqueId = async (db: DbOrTx, companyId: number, uniqueId: string) => {
  const [row] = await db
    .select()
    .from(profiles)
    .where(and(eq(profiles.companyId, companyId), eq(profiles.uniqueId, uniqueId)));
  return row;
};

export const listProfiles = async (db: DbOrTx, companyId: number, userTypeId?: number) => {
  const where =
    userTypeId === undefined
      ? eq(profiles.companyId, companyId)
      : and(eq(profiles.companyId, companyId), eq(profiles.userTypeId, userTypeId));
  const rows = await db
    .select({
      profile: profiles,
      users: sql<number>`(select count(*)::int from ${users} u where u.profile_id = "profiles"."id")`,
      functionalities: sql<
        number[]
      >`coalesce((select array_agg(pf.functionality_id order by pf.functionality_id) from ${profileFunctionalities} pf where pf.profile_id = "profiles"."id"), '{}')`,
    })
    .from(profiles)
    .where(where)
    .orderBy(asc(profiles.userTypeId), asc(profiles.name));
  return rows;
};

export const insertProfile = async (db: DbOrTx, values: typeof profiles.$inferInsert) => {
  const [row] = await db.insert(profiles).values(values).returning();
  return row!;
};

export const renameProfile = (db: DbOrTx, companyId: number, id: number, name: string) =>
  db
    .update(profiles)
    .set({ name })
    .where(and(eq(profiles.companyId, companyId), eq(profiles.id, id)));

export const deleteProfileRow = (db: DbOrTx, companyId: number, id: number) =>
  db.delete(profiles).where(and(eq(profiles.companyId, companyId), eq(profiles.id, id)));

export const countUsersOfProfile = async (db: DbOrTx, profileId: number) => {
  const [row] = await db.select({ n: count() }).from(users).where(eq(users.profileId, profileId));
  return row?.n ?? 0;
};

export const replaceProfileFunctionalities = async (
  db: DbOrTx,
  companyId: number,
  profileId: number,
  ids: number[],
) => {
  await db.delete(profileFunctionalities).where(eq(profileFunctionalities.profileId, profileId));
  if (ids.length) {
    await db
      .insert(profileFunctionalities)
      .values(ids.map((functionalityId) => ({ companyId, profileId, functionalityId })));
  }
};

/** Replaces the broker users an advisor advises. */
export const replaceAdvisedBrokers = async (
  db: DbOrTx,
  companyId: number,
  advisorUserId: number,
  brokerUserIds: readonly number[],
) => {
  await db
    .delete(advisorBrokers)
    .where(and(eq(advisorBrokers.companyId, companyId), eq(advisorBrokers.advisorUserId, advisorUserId)));
  if (brokerUserIds.length)
    await db
      .insert(advisorBrokers)
      .values(brokerUserIds.map((brokerUserId) => ({ companyId, advisorUserId, brokerUserId })));
};

export const advisorBrokerUserIds = async (db: DbOrTx, advisorUserId: number) => {
  const rows = await db
    .select({ id: advisorBrokers.brokerUserId })
    .from(advisorBrokers)
    .where(eq(advisorBrokers.advisorUserId, advisorUserId));
  return rows.map((r) => r.id);
};

export const listApiHistory = async (
  db: DbOrTx,
  companyId: number,
  document: string,
  page: number,
  rows: number,
) => {
  const where = and(eq(personApiHistory.companyId, companyId), eq(personApiHistory.document, document));
  const [total] = await db.select({ n: count() }).from(personApiHistory).where(where);
  const data = await db
    .select({ h: personApiHistory, requestedBy: persons.name })
    .from(personApiHistory)
    .leftJoin(users, eq(users.id, personApiHistory.requestedByUserId))
    .leftJoin(persons, eq(persons.id, users.personId))
    .where(where)
    .orderBy(sql`${personApiHistory.createdAt} desc`, sql`${personApiHistory.id} desc`)
    .limit(rows)
    .offset((page - 1) * rows);
  return { data, total: total?.n ?? 0 };
};

export const insertApiHistory = (db: DbOrTx, values: typeof personApiHistory.$inferInsert) =>
  db.insert(personApiHistory).values(values);

/**
 * The caller's business links in one query: its brokerage, its policy holder and, for an advisor,
 * the brokerages of the broker users it advises.
 */
export const callerLinks = async (db: DbOrTx, companyId: number, userId: number, withAdvised: boolean) => {
  const advised = withAdvised
    ? sql<number[] | null>`(select array_agg(distinct b.broker_id order by b.broker_id)
        from ${advisorBrokers} a join ${users} b on b.id = a.broker_user_id
        where a.company_id = ${companyId} and a.advisor_user_id = ${userId} and b.broker_id is not null)`
    : sql<number[] | null>`null`;
  const [row] = await db
    .select({ brokerId: users.brokerId, policyHolderId: users.policyHolderId, advised })
    .from(users)
    .where(and(eq(users.companyId, companyId), eq(users.id, userId)));
  return row;
};

/** Person names of users, by user id (who changed, created, requested…). */
export const userNames = async (db: DbOrTx, companyId: number, ids: number[]) => {
  if (ids.length === 0) return [];
  return db
    .select({ id: users.id, name: persons.name })
    .from(users)
    .innerJoin(persons, eq(persons.id, users.personId))
    .where(and(eq(users.companyId, companyId), inArray(users.id, ids)));
};

/**
 * Person names as a subquery another module joins to search and sort by a person's name in SQL
 * (`innerJoin(personNames, eq(personNames.personId, x.personId))`). PostgreSQL inlines it, so the
 * plan is that of a join on persons; row-level security applies as on the table.
 */
export const personNames = new QueryBuilder()
  .select({ personId: persons.id, name: persons.name })
  .from(persons)
  .as('person_names');

/** Users of a brokerage (broker and agent users), with their person. */
export const brokerUsers = (db: DbOrTx, companyId: number, brokerId: number) =>
  db
    .select({ user: users, person: persons })
    .from(users)
    .innerJoin(persons, eq(persons.id, users.personId))
    .where(and(eq(users.companyId, companyId), eq(users.brokerId, brokerId)))
    .orderBy(asc(users.id));

/** Broker users an advisor advises, with the brokerage they belong to. */
export const advisedBrokerUsers = (db: DbOrTx, companyId: number, advisorUserId: number) =>
  db
    .select({
      brokerId: users.brokerId,
      userId: users.id,
      uniqueId: users.uniqueId,
      name: persons.name,
      username: users.username,
    })
    .from(advisorBrokers)
    .innerJoin(users, eq(users.id, advisorBrokers.brokerUserId))
    .innerJoin(persons, eq(persons.id, users.personId))
    .where(
      and(
        eq(advisorBrokers.companyId, companyId),
        eq(advisorBrokers.advisorUserId, advisorUserId),
        sql`${users.brokerId} is not null`,
      ),
    );

export const apiHistoryCountBy = async (db: DbOrTx, userId: number) => {
  const [row] = await db
    .select({ n: count() })
    .from(personApiHistory)
    .where(eq(personApiHistory.requestedByUserId, userId));
  return row?.n ?? 0;
};
