import { CardType } from '@aval/domain';
import type { ModuleWiring } from './context.js';
import * as brokerDocuments from './modules/brokers/brokers.documents.js';
import { applyRegistrationCardDecision } from './modules/brokers/brokers.registration.js';
import { brokerageOnHold, brokerCounterpart } from './modules/brokers/brokers.service.js';
import { mayReadArchiveThroughOwners } from './modules/documents/document-owners.js';
import * as endorsements from './modules/endorsements/endorsements.service.js';
import * as insureds from './modules/insureds/insureds.service.js';
import * as insurerDocuments from './modules/insurer-documents/insurer-documents.service.js';
import { insurerTagParty } from './modules/parameterisation/insurer-record.service.js';
import { sroPolicyOwner } from './modules/policies/policies.sro.js';
import * as branchActivity from './modules/policy-holders/policy-holders.branch-activity.js';
import * as ccg from './modules/policy-holders/policy-holders.ccg.js';
import * as limitRequests from './modules/policy-holders/policy-holders.limit-requests.js';
import * as nominations from './modules/policy-holders/policy-holders.nominations.js';
import * as policyHolders from './modules/policy-holders/policy-holders.service.js';
import * as portal from './modules/portal/portal.repository.js';
import * as proposalAccess from './modules/proposals/proposals.access.js';
import * as approvability from './modules/proposals/proposals.approvability.js';
import { proposalCardDecision } from './modules/proposals/proposals.cards.js';
import * as issuance from './modules/proposals/proposals.issuance.js';
import * as users from './modules/users/users.service.js';

/**
 * The one place where modules lend one another what the import direction forbids: a fresh object
 * per app (its `platform.wiring`), so route files mutate nothing and apps share nothing.
 */
/** A company row as the request context carries it. */
const asCompany = (row: { id: number; companyKey: string; name: string } | undefined) =>
  row && { id: row.id, key: row.companyKey, name: row.name };

export const wireModules = (): ModuleWiring => ({
  // plugins (the transport, the job runner), below every module: companies and the caller's links.
  directory: {
    companyByKey: portal.findCompanyByKey,
    companyById: async (db, id) => asCompany(await portal.findCompanyById(db, id)),
    companies: async (db) => (await portal.listCompanies(db)).map((row) => asCompany(row)!),
    callerLinks: users.callerLinksOnce,
  },
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
  // auth (which imports no brokers): a broker user waits for its brokerage's registration approval.
  accountOnHold: brokerageOnHold,
  // auth (below parameterisation): the insurer's name and CNPJ in the terms of use come from its
  // record, the one source of what the insurer is called.
  insurerTagParty,
  // sro (below policies): the policy's current data for a resend or rectification, and the news
  // that its issuance was registered (the policy's SRO columns).
  sroPolicyOwner,
  // files (which imports no holder of archives): an archive is readable through a document the
  // caller may see.
  archiveReadable: mayReadArchiveThroughOwners,
  // documents: owners told when a record's request documents change (a proposal's card may become
  // approvable).
  documentListeners: [{ type: 'proposal', changed: approvability.proposalDocumentsChanged }],
  // kanban (which imports no owner module): per card type, what a decision taken on the board does
  // and who is the card's other side for observations. A proposal card's decision resumes or refuses
  // the proposals waiting on it; a registry owner's card (limit review, branch activity, CCG) a
  // proposal waits on goes to its owner too.
  cardOwners: {
    [CardType.ANALISE_DOCUMENTACAO_CORRETORA]: {
      decide: applyRegistrationCardDecision,
      counterpart: brokerCounterpart,
    },
    [CardType.ANALISE_CONFORMIDADE_CORRETORA]: {
      decide: applyRegistrationCardDecision,
      counterpart: brokerCounterpart,
    },
    [CardType.NOMEACAO_TOMADOR]: {
      decide: nominations.applyNominationCardDecision,
      counterpart: nominations.nominationCounterpart,
    },
    [CardType.REQUEST_LIMIT]: {
      decide: proposalCardDecision(limitRequests.applyLimitRequestCardDecision),
      counterpart: limitRequests.limitRequestCounterpart,
    },
    [CardType.RAMO_ATIVIDADE]: {
      decide: proposalCardDecision(branchActivity.applyBranchActivityCardDecision, { ownerFirst: true }),
      counterpart: branchActivity.holderCounterpart,
    },
    [CardType.ANALISE_CCG]: {
      decide: proposalCardDecision(ccg.applyCcgCardDecision),
      counterpart: ccg.ccgCounterpart,
    },
    [CardType.ANALISE_CCG_MANUAL]: { decide: ccg.applyCcgCardDecision, counterpart: ccg.ccgCounterpart },
    [CardType.ENDOSSO_ALTERACAO]: { decide: endorsements.applyCardDecision },
    [CardType.ENDOSSO_CANCELAMENTO]: { decide: endorsements.applyCardDecision },
    [CardType.TOMADOR_QSA_PEP]: {
      decide: proposalCardDecision(),
      counterpart: branchActivity.holderCounterpart,
    },
    [CardType.SEGURADO_QSA_PEP]: { decide: proposalCardDecision() },
    [CardType.CORRETORA_PEP]: {
      decide: proposalCardDecision(applyRegistrationCardDecision),
      counterpart: brokerCounterpart,
    },
    [CardType.GRUPO_ECONOMICO]: {
      decide: proposalCardDecision(),
      counterpart: branchActivity.holderCounterpart,
    },
    [CardType.PROPOSTA_SUBSCRICAO]: { decide: proposalCardDecision() },
    [CardType.PROPOSTA_INSPECAO]: { decide: proposalCardDecision() },
    [CardType.PROPOSTA]: { decide: proposalCardDecision() },
  },
  // policies (which imports neither): a policy without its PDF (the seed's) gets it from its
  // proposal on first need (proposals); the newest approved endorsement's PDF (endorsements).
  renderPolicyDocument: issuance.renderPolicyDocument,
  lastEndorsementDocument: endorsements.lastApprovedDocument,
});
