import type { Db } from '../db/client.js';
import { companies } from '../db/platform.table.js';
import { seedParameterisation } from '../modules/parameterisation/parameterisation.seed.js';
import { companyHosts } from '../modules/portal/portal.table.js';
import type { BlobStore } from '../plugins/storage.js';
import { seedAnalysis } from './analysis.js';
import { seedBiHistory } from './bi-history.js';
import { seedBrokers } from './brokers.js';
import { demoCompanies } from './companies.js';
import { seedEndorsements } from './endorsements.js';
import { DEMO_PASSWORD, linkDemoAdvisor, seedIdentity } from './identity.js';
import { seedInsureds } from './insureds.js';
import { seedKanban } from './kanban.js';
import { seedPepList } from './pep.js';
import { openSeedPlatform } from './platform.js';
import { seedPolicies } from './policies.js';
import { seedPolicyHolders } from './policy-holders.js';
import { seedProposals } from './proposals.js';

export type SeedSummary = {
  companies: { id: number; name: string; hosts: readonly string[] }[];
  users: Awaited<ReturnType<typeof seedIdentity>>;
  password: string;
};

/**
 * Reference and demo data, in one transaction (all or nothing, and one commit instead of
 * thousands on PGlite), written through the services on the seed's platform (platform.ts), its
 * files (the demo's documents) in `blobs`. Idempotent: rows that exist are left as they are.
 */
export const seedDatabase = (database: Db, blobs: BlobStore): Promise<SeedSummary> =>
  database.transaction((tx) => {
    openSeedPlatform(tx as unknown as Db, blobs);
    return seedAll(tx as unknown as Db);
  });

const seedAll = async (db: Db): Promise<SeedSummary> => {
  // The insurers and their portal hosts: installation data, written directly (no portal call
  // creates a company; an installation starts with them).
  for (const c of demoCompanies) {
    await db
      .insert(companies)
      .values({
        id: c.id,
        name: c.name,
        companyKey: c.companyKey,
        primaryColor: c.primaryColor,
        font: c.font,
      })
      .onConflictDoNothing();
    for (const [i, host] of c.hosts.entries()) {
      await db
        .insert(companyHosts)
        .values({ host, companyId: c.id, isDefault: i === 0 })
        .onConflictDoNothing();
    }
  }
  const users = await seedIdentity(db);
  await seedParameterisation(db);
  await seedBrokers(db);
  // After the brokers seed: the demo brokers' users come with their brokerages' registrations.
  await linkDemoAdvisor(db);
  await seedPolicyHolders(db);
  await seedInsureds(db);
  await seedPepList(db);
  await seedProposals(db);
  await seedKanban(db);
  // After the issuance seed (its idempotency looks at proposals in 3-5; these are Emitida).
  await seedPolicies(db);
  await seedEndorsements(db);
  // After the endorsements seed (it issues the proposals sent above): proposals through the
  // validations, onto their cards.
  await seedAnalysis(db);
  // After the policies seed: months of production history copied from its proposals.
  await seedBiHistory(db);
  return {
    companies: demoCompanies.map((c) => ({ id: c.id, name: c.name, hosts: c.hosts })),
    users,
    password: DEMO_PASSWORD,
  };
};
