import type { MenuItem, ProfileSummary, UserInfo, UserSummary } from '@aval/contracts';
import { type UserTypeId, userTypeLabels } from '@aval/domain';
import { currentTime } from '../../lib/clock.js';
import type { menusWithFunctionalities, UserWithPerson } from './users.repository.js';

type MenuRows = Awaited<ReturnType<typeof menusWithFunctionalities>>;

export const toMenuItems = (rows: MenuRows): MenuItem[] =>
  rows.map((m, i) => ({
    Id: m.menu.id,
    Name: m.menu.name,
    Order: i + 1,
    Route: m.menu.route,
    MenuFuncionalities: m.functionalities.map((f) => ({
      Id: f.id,
      Name: f.name,
      RefUniqueId: f.refUniqueId,
    })),
  }));

export const toUserSummary = ({ user, person, profile }: UserWithPerson): UserSummary => ({
  UserInfoId: user.id,
  UniqueId: user.uniqueId,
  PersonId: person.id,
  PersonUniqueId: person.uniqueId,
  Name: person.name,
  Email: person.email ?? user.username,
  Username: user.username,
  Document: person.document,
  Phone: person.phone,
  UserTypeId: user.userTypeId,
  UserTypeName: userTypeLabels[user.userTypeId as UserTypeId] ?? String(user.userTypeId),
  ProfileUniqueId: profile?.uniqueId ?? null,
  ProfileName: profile?.name ?? null,
  BrokerId: user.brokerId,
  IsActive: user.isActive,
  LockedUntil: user.lockedUntil && user.lockedUntil > currentTime() ? user.lockedUntil.toISOString() : null,
  LastLoginAt: user.lastLoginAt?.toISOString() ?? null,
  CreatedAt: user.createdAt.toISOString(),
});

export const toUserInfo = (
  u: UserWithPerson,
  company: { id: number; name: string },
  menus: MenuItem[],
  homeMenuId: number | null,
  advisor: UserWithPerson | undefined,
): UserInfo => ({
  UserId: u.user.id,
  UserInfoId: u.user.id,
  UserTypeId: u.user.userTypeId,
  UniqueId: u.user.uniqueId,
  IsActive: u.user.isActive,
  ProfileUniqueId: u.profile?.uniqueId ?? null,
  PersonId: u.person.id,
  PersonUniqueId: u.person.uniqueId,
  Username: u.user.username,
  Name: u.person.name,
  Email: u.person.email ?? u.user.username,
  CompanyId: company.id,
  CompanyName: company.name,
  HomeMenuId: homeMenuId,
  Menus: menus,
  Advisor: advisor
    ? {
        UserId: advisor.user.id,
        PersonId: advisor.person.id,
        Username: advisor.user.username,
        PersonUniqueId: advisor.person.uniqueId,
        Name: advisor.person.name,
      }
    : null,
});

export const toProfileSummary = (p: {
  profile: { uniqueId: string; name: string; userTypeId: number; isDefault: boolean };
  users: number;
  functionalities: number[];
}): ProfileSummary => ({
  UniqueId: p.profile.uniqueId,
  Name: p.profile.name,
  UserTypeId: p.profile.userTypeId,
  UserTypeName: userTypeLabels[p.profile.userTypeId as UserTypeId] ?? String(p.profile.userTypeId),
  IsDefault: p.profile.isDefault,
  Usuarios: Number(p.users),
  MenuFuncionalityIds: (p.functionalities ?? []).map(Number),
});
