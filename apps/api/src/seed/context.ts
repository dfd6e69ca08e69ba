import type { EndpointDef } from '@aval/contracts';
import { eq } from 'drizzle-orm';
import type { AuthUser, TenantContext, UserContext } from '../context.js';
import type { Db } from '../db/client.js';
import * as usersService from '../modules/users/index.js';
import { users } from '../modules/users/users.table.js';
import { checkAccess } from '../plugins/endpoints.js';
import { isPermission } from '../plugins/tokens.js';
import type { demoCompanies } from './companies.js';
import { seedPlatform } from './platform.js';

type Company = (typeof demoCompanies)[number];

/**
 * The context of a caller who has not signed in (the public registration pages, a link followed from
 * an e-mail): the company's, with no user, on the seed's platform (platform.ts).
 */
export const publicContext = (db: Db, company: Company): TenantContext =>
  ({
    requestId: 'seed',
    host: company.hosts[0],
    ip: '127.0.0.1',
    log: { info() {}, warn() {}, error() {}, debug() {}, child: () => ({}) },
    platform: seedPlatform(db).platform,
    db,
    company: { id: company.id, key: company.companyKey, name: company.name },
  }) as unknown as TenantContext;

/**
 * The request context of a demo user as the seed acts as them: who they are and what they may do
 * read from the database as a request reads them (their type, their profile's permissions, their
 * brokerage or holder), never more; undefined when they cannot sign in. The seed writes through the services as that person would
 * through the portal; `perform` refuses what their profile does not allow.
 */
export const actorContext = async (
  db: Db,
  company: Company,
  userId: number,
): Promise<UserContext | undefined> => {
  const tenant = publicContext(db, company);
  const access = await usersService.accessOf(tenant, company.id, userId);
  // A user who cannot sign in (inactive, gone) does nothing: the seed leaves their part as it is.
  if (!access?.isActive) return undefined;
  const user: AuthUser = {
    userId,
    companyId: company.id,
    userType: access.userTypeId as AuthUser['userType'],
    profileId: access.profileUniqueId ?? undefined,
    permissions: new Set(access.permissions.filter(isPermission)),
  };
  return {
    ...tenant,
    user,
    links: tenant.platform.wiring.directory.callerLinks(tenant, user),
  } as UserContext;
};

/**
 * Runs `work` as `actor` does the portal's `endpoint`: refused as the API refuses it (403) when the
 * actor's user type or profile does not allow that call.
 */
export const perform = <T>(actor: UserContext, endpoint: EndpointDef, work: () => T): T => {
  checkAccess(endpoint, actor.user);
  return work();
};

/**
 * The company's main demo broker (`corretor@`, with its brokerage), analyst (`analista@`) and administrator (`admin@`) as the
 * seed acts as them; undefined when the company has not all three, or one of them cannot sign in.
 */
export const demoActors = async (db: Db, company: Company) => {
  const slug = company.hosts[0].split('.')[0];
  const people = await db
    .select({ id: users.id, username: users.username, brokerId: users.brokerId })
    .from(users)
    .where(eq(users.companyId, company.id));
  const broker = people.find((u) => u.username === `corretor@${slug}.demo`);
  const analyst = people.find((u) => u.username === `analista@${slug}.demo`);
  const admin = people.find((u) => u.username === `admin@${slug}.demo`);
  if (!broker?.brokerId || !analyst || !admin) return undefined;
  const [brokerCtx, analystCtx, adminCtx] = [
    await actorContext(db, company, broker.id),
    await actorContext(db, company, analyst.id),
    await actorContext(db, company, admin.id),
  ];
  if (!brokerCtx || !analystCtx || !adminCtx) return undefined;
  return { brokerId: broker.brokerId, broker: brokerCtx, analyst: analystCtx, admin: adminCtx };
};
