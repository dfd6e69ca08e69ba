import type { Db } from '../db/client.js';
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
 * The demo insurers installed and their demo data, in one transaction (all or nothing, and one commit instead of
 * thousands on PGlite), written through the services on the seed's platform (platform.ts), its
 * files (the demo's documents) in `blobs`. Idempotent: rows that exist are left as they are.
 */
export const seedDatabase = (
  database: Db,
  blobs: BlobStore,
  options: { onPhase?: (phase: string, ms: number) => void } = {},
): Promise<SeedSummary> =>
  database.transaction((tx) => {
    openSeedPlatform(tx as unknown as Db, blobs);
    return seedAll(tx as unknown as Db, options.onPhase ?? (() => {}));
  });

/** Runs one phase of the seed and reports its time (the start's log shows where the seed spends it). */
const timed = async <T>(
  onPhase: (phase: string, ms: number) => void,
  phase: string,
  work: () => Promise<T>,
) => {
  const t0 = performance.now();
  const out = await work();
  onPhase(phase, performance.now() - t0);
  return out;
};

const seedAll = async (db: Db, onPhase: (phase: string, ms: number) => void): Promise<SeedSummary> => {
  const phase = <T>(name: string, work: () => Promise<T>) => timed(onPhase, name, work);
  // The insurers as an operator installs them (install/), each with its demo users; then the
  // demo's stories.
  const users = await phase('installation and users', () => seedIdentity(db));
  await phase('brokerages', () => seedBrokers(db));
  // After the brokers seed: the demo brokers' users come with their brokerages' registrations.
  await phase('advisor', () => linkDemoAdvisor(db));
  await phase('policy holders', () => seedPolicyHolders(db));
  await phase('insureds', () => seedInsureds(db));
  await phase('PEP list', () => seedPepList(db));
  await phase('proposals', () => seedProposals(db));
  await phase('cards', () => seedKanban(db));
  // After the issuance seed (its idempotency looks at proposals in 3-5; these are Emitida).
  await phase('policies', () => seedPolicies(db));
  await phase('endorsements', () => seedEndorsements(db));
  // After the endorsements seed (it issues the proposals sent above): proposals through the
  // validations, onto their cards.
  await phase('analysis', () => seedAnalysis(db));
  // After the policies seed: months of production history copied from its proposals.
  await phase('BI history', () => seedBiHistory(db));
  return {
    companies: demoCompanies.map((c) => ({ id: c.id, name: c.name, hosts: c.hosts })),
    users,
    password: DEMO_PASSWORD,
  };
};
