import type { ModuleWiring } from './context.js';
import * as brokerDocuments from './modules/brokers/brokers.documents.js';
import * as endorsements from './modules/endorsements/endorsements.service.js';
import * as insureds from './modules/insureds/insureds.service.js';
import * as insurerDocuments from './modules/insurer-documents/insurer-documents.service.js';
import * as policyHolders from './modules/policy-holders/policy-holders.service.js';
import * as proposalAccess from './modules/proposals/proposals.access.js';
import * as issuance from './modules/proposals/proposals.issuance.js';

/**
 * The one place where modules lend one another what the import direction forbids: a fresh object
 * per app (its `platform.wiring`), so route files mutate nothing and apps share nothing.
 */
export const wireModules = (): ModuleWiring => ({
  // documents (which imports no owner module): who may see each owner type's documents, given by
  // the module that owns them; an owner is visible when any rule of its type says so.
  documentOwners: [
    { type: 'policy_holder', name: 'policy holder in scope', check: policyHolders.mayReadDocuments },
    { type: 'broker', name: 'brokerage in scope', check: brokerDocuments.mayReadDocuments },
    { type: 'insurer', name: 'insurer staff', check: insurerDocuments.mayReadDocuments },
    { type: 'insured', name: 'insurer staff', check: insureds.mayReadDocuments },
    { type: 'proposal', name: 'proposal in scope', check: proposalAccess.mayReadProposalDocuments },
    // proposals: a brokerage or policy holder sees the insureds of its proposals.
    {
      type: 'insured',
      name: 'insured of a proposal in scope',
      check: proposalAccess.mayReadInsuredDocumentsThroughProposals,
    },
    { type: 'endorsement', name: 'policy in scope', check: endorsements.mayReadEndorsementDocuments },
  ],
  // policies (which imports neither): a policy without its PDF (the seed's) gets it from its
  // proposal on first need (proposals); the newest approved endorsement's PDF (endorsements).
  renderPolicyDocument: issuance.renderPolicyDocument,
  lastEndorsementDocument: endorsements.lastApprovedDocument,
});
