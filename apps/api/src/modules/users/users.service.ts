import type { MenuItem, ProfileSummary, UserInfo } from '@aval/contracts';
import { isAdvisor, isInsurance, menuShownTo, UserType } from '@aval/domain';
import { cachedLookup } from '@aval/transport';
import type { AuthUser, CallerLinks, TenantContext, UserContext } from '../../context.js';
import { conflict, forbidden, notFound, unprocessable } from '../../lib/errors.js';
import { homeMenuByUserType } from './menus.catalogue.js';
import { toMenuItems, toProfileSummary, toUserInfo, toUserSummary } from './users.mapper.js';
import * as repo from './users.repository.js';

// ---------------------------------------------------------------- caller links and look-ups for other modules

type Scoped = Pick<TenantContext, 'db' | 'company'>;

/** The caller's broker, policy holder and advisor ids (one query; none for insurer staff). */
export const resolveCallerLinks = async (ctx: Scoped, user: AuthUser): Promise<CallerLinks> => {
  const advisor = isAdvisor(user.userType);
  const advisorUserId = user.actorUserId ?? (advisor ? user.userId : undefined);
  if (isInsurance(user.userType)) return { advisorUserId, advisedBrokerIds: [] };
  const row = await repo.callerLinks(ctx.db, ctx.company.id, user.userId, advisor);
  return {
    brokerId: row?.brokerId ?? undefined,
    policyHolderId: row?.policyHolderId ?? undefined,
    advisorUserId,
    advisedBrokerIds: (row?.advised ?? []).map(Number),
  };
};

/** `ctx.links` of a request: resolved on first call, then the same answer for the whole request. */
export const callerLinksOnce = (ctx: Scoped, user: AuthUser) => {
  let links: Promise<CallerLinks> | undefined;
  return () => {
    links ??= resolveCallerLinks(ctx, user);
    return links;
  };
};

/** Person names by user id (ChangedByName, CreatedByName…); unknown ids are absent. */
export const userNames = async (ctx: Scoped, ids: readonly (number | null | undefined)[]) => {
  const wanted = [...new Set(ids.filter((id): id is number => typeof id === 'number'))];
  const rows = await repo.userNames(ctx.db, ctx.company.id, wanted);
  return new Map(rows.map((r) => [r.id, r.name]));
};

export type { UserWithPerson } from './users.repository.js';
/** Person names for a join in another module's search (see the repository): read-only. */
export { personNames } from './users.repository.js';

/** Users of a brokerage with their person. */
export const usersOfBroker = (ctx: Scoped, brokerId: number) =>
  repo.brokerUsers(ctx.db, ctx.company.id, brokerId);

/** Replaces the broker users an advisor advises (accounts' SaveAdvisorBrokers checks who they are). */
export const replaceAdvisedBrokers = (ctx: Scoped, advisorUserId: number, brokerUserIds: readonly number[]) =>
  repo.replaceAdvisedBrokers(ctx.db, ctx.company.id, advisorUserId, brokerUserIds);

/** Broker users an advisor advises, with the brokerage of each. */
export const advisedBrokerUsers = (ctx: Scoped, advisorUserId: number) =>
  repo.advisedBrokerUsers(ctx.db, ctx.company.id, advisorUserId);

/** Look-ups and changes other modules (auth, brokers) make through this service. */
export const findUserById = (ctx: Scoped, id: number) => repo.findUserById(ctx.db, ctx.company.id, id);
export const findUserByUniqueId = (ctx: Scoped, uniqueId: string) =>
  repo.findUserByUniqueId(ctx.db, ctx.company.id, uniqueId);
export const findUserByUsername = (ctx: Scoped, username: string) =>
  repo.findUserByUsername(ctx.db, ctx.company.id, username);
export const updateUser = (ctx: Scoped, id: number, values: Parameters<typeof repo.updateUser>[3]) =>
  repo.updateUser(ctx.db, ctx.company.id, id, values);
export const advisorBrokerUserIds = (ctx: Scoped, advisorUserId: number) =>
  repo.advisorBrokerUserIds(ctx.db, advisorUserId);
export const profilePermissionIds = (ctx: Scoped, profileId: number | null) =>
  repo.profilePermissionIds(ctx.db, profileId);
/** Active flag, user type, profile and permissions of a user as they are now (per-request access). */
export const accessOf = (ctx: Pick<TenantContext, 'db'>, companyId: number, userId: number) =>
  repo.userAccess(ctx.db, companyId, userId);

/** A person of the company (a brokerage's legal person, a user's natural person). */
export const createPerson = (
  ctx: Scoped,
  values: { name: string; document: string; email?: string | null; phone?: string | null },
) => repo.insertPerson(ctx.db, { companyId: ctx.company.id, ...values });

export const renamePerson = (ctx: Scoped, personId: number, name: string) =>
  repo.updatePerson(ctx.db, personId, { name });

/**
 * A user without a password yet (first access comes by e-mail), with the default profile of its
 * type (`preferredProfile` when that default exists).
 */
export const createUserWithDefaultProfile = async (
  ctx: Scoped,
  input: {
    userTypeId: number;
    preferredProfile?: string;
    name: string;
    document: string;
    email: string;
    phone: string | null;
    brokerId?: number;
  },
) => {
  const profiles = await repo.listProfiles(ctx.db, ctx.company.id, input.userTypeId);
  const profile = (
    profiles.find((p) => p.profile.isDefault && p.profile.name === input.preferredProfile) ??
    profiles.find((p) => p.profile.isDefault) ??
    profiles[0]
  )?.profile;
  const person = await createPerson(ctx, {
    name: input.name,
    document: input.document,
    email: input.email,
    phone: input.phone,
  });
  return repo.insertUser(ctx.db, {
    companyId: ctx.company.id,
    personId: person.id,
    username: input.email,
    userTypeId: input.userTypeId,
    profileId: profile?.id ?? null,
    brokerId: input.brokerId ?? null,
  });
};

/** A user's permissions or active flag changed: every instance reads them again on its next request. */
export const accessChanged = (ctx: TenantContext, userIds: readonly number[] | 'company') =>
  ctx.platform.access.changed(ctx.db, ctx.company.id, userIds);

// ---------------------------------------------------------------- user info

/** Menus (server order) and functionalities a user holds, HomeMenuId included. */
type MenuRows = Awaited<ReturnType<typeof repo.menusWithFunctionalities>>;
const menuCatalogues = new WeakMap<
  TenantContext['platform'],
  (companyId: number, load: (companyId: number) => Promise<MenuRows>) => Promise<MenuRows | undefined>
>();

/**
 * The company's enabled menus with all their functionalities, in its order (a menu without any,
 * like the home, is kept for every permission set). Menus are seeded and no call changes them, so each instance keeps them 5 s (read in the request's own transaction: PGlite
 * has one connection); the user's part is cut in memory.
 */
const menusHolding = async (ctx: TenantContext, permissionIds: Iterable<number>): Promise<MenuRows> => {
  const catalogue =
    menuCatalogues.get(ctx.platform) ??
    cachedLookup((companyId: number) => repo.menusWithFunctionalities(ctx.db, companyId), { ttlMs: 5_000 });
  menuCatalogues.set(ctx.platform, catalogue);
  const rows = (await catalogue(ctx.company.id, (id) => repo.menusWithFunctionalities(ctx.db, id))) ?? [];
  const held = new Set(permissionIds);
  // A menu without functionalities (the home) needs none: it stays; the others need one held.
  return rows
    .map((m) => ({
      ...m,
      open: m.functionalities.length === 0,
      functionalities: m.functionalities.filter((f) => held.has(f.id)),
    }))
    .filter((m) => m.open || m.functionalities.length > 0);
};

/**
 * The user info of `userId`. `permissionIds`: the caller's own permissions as the request resolved
 * them (GetUserInfo: the menu then shows exactly what the API allows); read from the profile otherwise.
 */
export const buildUserInfo = async (
  ctx: TenantContext,
  userId: number,
  actorUserId?: number,
  permissionIds?: Iterable<number>,
): Promise<UserInfo> => {
  const u = await repo.findUserById(ctx.db, ctx.company.id, userId);
  if (!u) throw notFound('Usuário não encontrado.');
  // Every menu whose functionalities the user holds (they are its permissions); the side menu and
  // the home leave out the ones its user type is not shown (menuShownTo).
  const menus = toMenuItems(
    await menusHolding(ctx, permissionIds ?? (await repo.profilePermissionIds(ctx.db, u.user.profileId))),
  );
  const shown = menus.filter((m) => menuShownTo(m.Id, u.user.userTypeId));
  const preferred = homeMenuByUserType[u.user.userTypeId];
  const homeMenuId = shown.find((m) => m.Id === preferred)?.Id ?? shown[0]?.Id ?? null;
  const advisor = actorUserId ? await repo.findUserById(ctx.db, ctx.company.id, actorUserId) : undefined;
  return toUserInfo(u, ctx.company, menus, homeMenuId, advisor);
};

// ---------------------------------------------------------------- records the account use cases change (modules/accounts)

/** Brokers and agents may only see and manage users of their own brokerage. */
export const brokerScope = async (ctx: UserContext): Promise<number | undefined> => {
  if (isInsurance(ctx.user.userType)) return undefined;
  const me = await repo.findUserById(ctx.db, ctx.company.id, ctx.user.userId);
  if (!me?.user.brokerId) throw forbidden('Somente a seguradora ou uma corretora pode gerenciar usuários.');
  return me.user.brokerId;
};

export const resolveProfile = async (ctx: TenantContext, userTypeId: number, uniqueId?: string | null) => {
  if (uniqueId) {
    const profile = await repo.findProfileByUniqueId(ctx.db, ctx.company.id, uniqueId);
    if (!profile) throw notFound('Perfil não encontrado.');
    if (profile.userTypeId !== userTypeId) {
      throw unprocessable('O perfil escolhido não é do mesmo tipo de usuário.');
    }
    return profile;
  }
  const list = await repo.listProfiles(ctx.db, ctx.company.id, userTypeId);
  return (list.find((p) => p.profile.isDefault) ?? list[0])?.profile;
};

/** The list row (UserSummary) of a user as it is now. */
export const userSummary = async (ctx: Scoped, id: number) =>
  toUserSummary((await repo.findUserById(ctx.db, ctx.company.id, id))!);

export const updatePerson = (
  ctx: Scoped,
  personId: number,
  values: Parameters<typeof repo.updatePerson>[2],
) => repo.updatePerson(ctx.db, personId, values);

export const insertPersonAndUser = async (
  ctx: Scoped,
  person: { name: string; email: string; document: string | null; phone: string | null },
  user: {
    userTypeId: number;
    profileId: number | null;
    brokerId: number | null;
    policyHolderId?: number | null;
  },
) => {
  const p = await repo.insertPerson(ctx.db, { companyId: ctx.company.id, ...person });
  const u = await repo.insertUser(ctx.db, {
    companyId: ctx.company.id,
    personId: p.id,
    username: person.email,
    ...user,
  });
  return { person: p, user: u };
};

/** External data queries the user made (PEP, credit bureaus): part of what keeps a user from deletion. */
export const apiHistoryCountBy = (ctx: Scoped, userId: number) => repo.apiHistoryCountBy(ctx.db, userId);

/** Deletes the user, and its person when nothing else refers to it. */
export const deleteUserAndOrphanPerson = async (ctx: Scoped, u: repo.UserWithPerson) => {
  await repo.deleteUserRow(ctx.db, ctx.company.id, u.user.id);
  await repo.deletePersonIfOrphan(ctx.db, u.person.id);
};

// ---------------------------------------------------------------- users list, profiles and menus (screens Usuários, Perfis)

export const getUsers = async (
  ctx: UserContext,
  q: {
    filterByActive?: boolean;
    brokerId?: number;
    userTypeId?: number;
    search?: string;
    orderBy?: repo.UserSortColumn;
    orderDirection?: 'asc' | 'desc';
    currentPage: number;
    rowsPerPage: number;
  },
) => {
  const scope = await brokerScope(ctx);
  const { rows, total } = await repo.listUsers(ctx.db, ctx.company.id, {
    active: q.filterByActive,
    brokerId: scope ?? q.brokerId,
    userTypeId: q.userTypeId,
    search: q.search,
    orderBy: q.orderBy,
    orderDirection: q.orderDirection,
    page: q.currentPage,
    rows: q.rowsPerPage,
  });
  return {
    Data: rows.map(toUserSummary),
    Total: total,
    CurrentPage: q.currentPage,
    RowsPerPage: q.rowsPerPage,
  };
};

export const getProfiles = async (ctx: UserContext, userTypeId?: number): Promise<ProfileSummary[]> =>
  (await repo.listProfiles(ctx.db, ctx.company.id, userTypeId)).map(toProfileSummary);

/** Profiles an insurer may give to any type; a brokerage only to broker and agent users. */
export const getSettableProfiles = async (ctx: UserContext, userTypeId: number) => {
  if (!isInsurance(ctx.user.userType) && userTypeId !== UserType.BROKER && userTypeId !== UserType.AGENT)
    return [];
  return getProfiles(ctx, userTypeId);
};

export const getMenus = async (ctx: UserContext, userTypeId?: number): Promise<MenuItem[]> => {
  const all = await repo.listFunctionalities(ctx.db);
  const allowed = all
    .filter(
      (f) => userTypeId === undefined || f.userTypeIds.length === 0 || f.userTypeIds.includes(userTypeId),
    )
    .map((f) => f.id);
  return toMenuItems(await repo.menusWithFunctionalities(ctx.db, ctx.company.id, allowed));
};

const profileSummaryById = async (ctx: TenantContext, uniqueId: string) => {
  const list = await repo.listProfiles(ctx.db, ctx.company.id);
  const found = list.find((p) => p.profile.uniqueId === uniqueId);
  if (!found) throw notFound('Perfil não encontrado.');
  return toProfileSummary(found);
};

export const insertOrUpdateProfile = async (
  ctx: UserContext,
  input: { UniqueId?: string | null; Name: string; UserTypeId: number },
) => {
  const name = input.Name.trim();
  const sameName = (await repo.listProfiles(ctx.db, ctx.company.id, input.UserTypeId)).find(
    (p) => p.profile.name.toLowerCase() === name.toLowerCase() && p.profile.uniqueId !== input.UniqueId,
  );
  if (sameName) throw conflict('Já existe um perfil com este nome para este tipo de usuário.');
  if (input.UniqueId) {
    const profile = await repo.findProfileByUniqueId(ctx.db, ctx.company.id, input.UniqueId);
    if (!profile) throw notFound('Perfil não encontrado.');
    if (profile.userTypeId !== input.UserTypeId) {
      throw unprocessable('O tipo de usuário de um perfil não pode ser alterado.');
    }
    await repo.renameProfile(ctx.db, ctx.company.id, profile.id, name);
    return profileSummaryById(ctx, profile.uniqueId);
  }
  const created = await repo.insertProfile(ctx.db, {
    companyId: ctx.company.id,
    name,
    userTypeId: input.UserTypeId,
  });
  return profileSummaryById(ctx, created.uniqueId);
};

export const updateUserProfile = async (ctx: UserContext, userInfoId: number, profileUniqueId: string) => {
  const scope = await brokerScope(ctx);
  const u = await repo.findUserById(ctx.db, ctx.company.id, userInfoId);
  if (!u || (scope !== undefined && u.user.brokerId !== scope)) throw notFound('Usuário não encontrado.');
  const profile = await resolveProfile(ctx, u.user.userTypeId, profileUniqueId);
  await repo.updateUser(ctx.db, ctx.company.id, userInfoId, { profileId: profile?.id ?? null });
  await accessChanged(ctx, [userInfoId]);
  return toUserSummary((await repo.findUserById(ctx.db, ctx.company.id, userInfoId))!);
};

export const updateProfileFunctionalities = async (
  ctx: UserContext,
  profileUniqueId: string,
  ids: number[],
) => {
  const profile = await repo.findProfileByUniqueId(ctx.db, ctx.company.id, profileUniqueId);
  if (!profile) throw notFound('Perfil não encontrado.');
  const catalogue = await repo.listFunctionalities(ctx.db);
  const unique = [...new Set(ids)];
  const invalid = unique.filter((id) => {
    const f = catalogue.find((c) => c.id === id);
    return !f || (f.userTypeIds.length > 0 && !f.userTypeIds.includes(profile.userTypeId));
  });
  if (invalid.length) {
    throw unprocessable(`Funcionalidades não permitidas para este tipo de usuário: ${invalid.join(', ')}.`);
  }
  await repo.replaceProfileFunctionalities(ctx.db, ctx.company.id, profile.id, unique);
  // Every holder of the profile gets the new functionalities on its next request.
  await accessChanged(ctx, 'company');
  return profileSummaryById(ctx, profile.uniqueId);
};

export const deleteProfile = async (ctx: UserContext, uniqueId: string) => {
  const profile = await repo.findProfileByUniqueId(ctx.db, ctx.company.id, uniqueId);
  if (!profile) throw notFound('Perfil não encontrado.');
  const holders = await repo.countUsersOfProfile(ctx.db, profile.id);
  if (holders > 0) {
    throw conflict(
      `Este perfil está atribuído a ${holders} ${holders === 1 ? 'usuário' : 'usuários'} e não pode ser excluído.`,
    );
  }
  await repo.deleteProfileRow(ctx.db, ctx.company.id, profile.id);
  return true;
};
