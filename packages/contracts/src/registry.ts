import * as auth from './auth/auth.contracts.js';
import * as beneficiaries from './beneficiaries/beneficiaries.contracts.js';
import * as brokers from './brokers/brokers.contracts.js';
import * as endorsements from './endorsements/endorsements.contracts.js';
import type { EndpointDef } from './endpoint.js';
import * as files from './files/files.contracts.js';
import * as home from './home/home.contracts.js';
import * as insureds from './insureds/insureds.contracts.js';
import * as insurerDocuments from './insurer-documents/insurer-documents.contracts.js';
import * as kanban from './kanban/kanban.contracts.js';
import * as kanbanCards from './kanban/kanban-cards.contracts.js';
import * as locations from './locations/locations.contracts.js';
import * as parameterisation from './parameterisation/index.js';
import * as issuance from './policies/issuance.contracts.js';
import * as policies from './policies/policies.contracts.js';
import * as portfolioImport from './policies/portfolio-import.contracts.js';
import * as policyHolderCcg from './policy-holders/policy-holder-ccg.contracts.js';
import * as policyHolders from './policy-holders/policy-holders.contracts.js';
import * as portal from './portal/portal.contracts.js';
import * as proposalLegalRules from './proposals/proposal-legal-rules.contracts.js';
import * as proposals from './proposals/proposals.contracts.js';
import * as sro from './sro/sro.contracts.js';
import * as users from './users/users.contracts.js';

const isEndpoint = (v: unknown): v is EndpointDef =>
  typeof v === 'object' && v !== null && 'method' in v && 'path' in v && 'response' in v;

const collect = (...modules: Record<string, unknown>[]): Record<string, EndpointDef> => {
  const out: Record<string, EndpointDef> = {};
  for (const mod of modules)
    for (const [name, value] of Object.entries(mod)) if (isEndpoint(value)) out[name] = value;
  return out;
};

/** Every descriptor, by export name. A domain adds its module here once. */
export const allEndpoints = collect(
  portal,
  files,
  auth,
  users,
  brokers,
  parameterisation,
  insurerDocuments,
  policyHolders,
  policyHolderCcg,
  locations,
  insureds,
  beneficiaries,
  kanban,
  kanbanCards,
  proposals,
  proposalLegalRules,
  policies,
  endorsements,
  issuance,
  portfolioImport,
  home,
  sro,
);
