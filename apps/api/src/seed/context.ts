import { allPermissionIds, UserType, type UserTypeId } from '@aval/domain';
import { eq } from 'drizzle-orm';
import type { TenantContext, UserContext } from '../context.js';
import type { Db } from '../db/client.js';
import { users } from '../modules/users/users.table.js';
import type { demoCompanies } from './companies.js';
import { seedPlatform } from './platform.js';

type Company = (typeof demoCompanies)[number];

/**
 * The request context the seed runs a service as: a demo user of the company holding every
 * permission (the seed writes through the services, as a person would through the portal), on the
 * seed's platform (platform.ts).
 */
export const seedContext = (
  db: Db,
  company: Company,
  who: { userId: number; userType?: UserTypeId; brokerId?: number | null },
): UserContext =>
  ({
    requestId: 'seed',
    host: company.hosts[0],
    ip: '127.0.0.1',
    log: { info() {}, warn() {}, error() {}, debug() {}, child: () => ({}) },
    platform: seedPlatform(db).platform,
    db,
    company: { id: company.id, key: company.companyKey, name: company.name },
    user: {
      userId: who.userId,
      companyId: company.id,
      userType: who.userType ?? UserType.BROKER,
      permissions: new Set(allPermissionIds),
    },
    links: async () => ({ brokerId: who.brokerId ?? null, advisedBrokerIds: [] }),
  }) as unknown as UserContext;

/**
 * The context of a caller who has not signed in (the public registration pages, a link followed from
 * an e-mail): the company's, with no user.
 */
export const publicContext = (db: Db, company: Company): TenantContext => {
  const { user: _, ...tenant } = seedContext(db, company, { userId: 0 });
  return tenant as TenantContext;
};

/** A broker user's context (the proposals and policies seeds quote as the demo brokers). */
export const brokerContext = (db: Db, company: Company, userId: number, brokerId: number) =>
  seedContext(db, company, { userId, brokerId });

/**
 * The company's main demo broker (`corretor@`, with its brokerage), analyst (`analista@`) and administrator (`admin@`) as the
 * seed acts as them; undefined when the company has not both.
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
  return {
    brokerId: broker.brokerId,
    broker: brokerContext(db, company, broker.id, broker.brokerId),
    analyst: seedContext(db, company, { userId: analyst.id, userType: UserType.INSURANCE }),
    admin: seedContext(db, company, { userId: admin.id, userType: UserType.INSURANCE }),
  };
};
