import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { companies } from '../../db/platform.table.js';
import { companyHosts } from './portal.table.js';

export type CompanyRow = typeof companies.$inferSelect;

export const findCompanyByKey = async (db: DbOrTx, key: string) => {
  const [row] = await db
    .select({ id: companies.id, key: companies.companyKey, name: companies.name })
    .from(companies)
    .where(eq(companies.companyKey, key));
  return row;
};

export const findCompanyByHost = async (db: DbOrTx, host: string) => {
  const [row] = await db
    .select({ company: companies, host: companyHosts.host })
    .from(companyHosts)
    .innerJoin(companies, eq(companies.id, companyHosts.companyId))
    .where(eq(companyHosts.host, host));
  return row;
};

export const findCompanyById = async (db: DbOrTx, id: number) => {
  const [row] = await db.select().from(companies).where(eq(companies.id, id));
  return row;
};

export const hostsOfCompany = (db: DbOrTx, companyId: number) =>
  db.select().from(companyHosts).where(eq(companyHosts.companyId, companyId));

/** Every company (background jobs that run once per tenant). */
export const listCompanies = (db: DbOrTx) => db.select().from(companies).orderBy(companies.id);
