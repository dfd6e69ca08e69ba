import {
  calculatePolicyHolderLimitsAndRates,
  changePolicyHolderRequestDocumentName,
  createPolicyHolderRequestDocument,
  createPolicyHolderRequestLimitObservation,
  deletePolicyHolderBranchByUniqueId,
  deletePolicyHolderRequestDocument,
  getDocumentsByPolicyHolderUniqueId,
  getPolicyHolder,
  getPolicyHolderChangeHistory,
  getPolicyHoldersNominatedByBrokerUniqueId,
  getRequestLimitDocuments,
  insertPolicyHolderBranch,
  inverterBlockedPolicyHolder,
  inverterBlockedRestrictvePolicyHolder,
  inverterIgnoreCCGSignaturePolicyHolder,
  registerPolicyHolder,
  registerPolicyHolderNomeationRequest,
  removePolicyHolderLocation,
  restorePolicyHolderRequestDocument,
  saveComplementarData,
  searchPolicyHolder,
  searchPolicyHoldersRelatedToCurrentUserLogged,
  sendPolicyHolderRequestToAnalysis,
  updatePolicyHolderName,
  uploadPolicyHolderRequestDocument,
  uploadPolicyHolderRequestLimitsDocument,
  validatePolicyHolderByCNPJToNewProposal,
} from '@aval/contracts';
import type { FastifyInstance } from 'fastify';
import type { Platform } from '../../context.js';
import { route } from '../../plugins/endpoints.js';
import * as credit from './policy-holders.credit.js';
import * as docs from './policy-holders.documents.js';
import * as locations from './policy-holders.locations.js';
import * as nominations from './policy-holders.nominations.js';
import * as service from './policy-holders.service.js';
import { registerPolicyHolder as register } from './register-policy-holder.js';

/** Search, detail, name, complementary data and history. */
const holderRoutes = (app: FastifyInstance, platform: Platform) => {
  route(app, platform, registerPolicyHolder, (ctx, { body }) => register(ctx, body));
  route(app, platform, searchPolicyHoldersRelatedToCurrentUserLogged, (ctx, { query }) =>
    service.searchRelated(ctx, query),
  );
  route(app, platform, searchPolicyHolder, (ctx, { query }) =>
    service.searchByText(ctx, query.TextSearch, query.IgnoreInactive ?? false),
  );
  // The holder with its addresses, partners, limits and economic group: one snapshot.
  route(
    app,
    platform,
    getPolicyHolder,
    (ctx, { query }) => service.getPolicyHolderDetail(ctx, query.UniqueId),
    {
      snapshot: true,
    },
  );
  route(app, platform, updatePolicyHolderName, (ctx, { query }) =>
    service.updateName(ctx, query.PolicyHolderUniqueId, query.Name),
  );
  route(app, platform, saveComplementarData, (ctx, { body }) => service.saveComplementarData(ctx, body));
  route(app, platform, getPolicyHolderChangeHistory, (ctx, { query }) =>
    service.getHistory(ctx, query.policyHolderId),
  );
};

/** Addresses and branches (filiais). */
const locationRoutes = (app: FastifyInstance, platform: Platform) => {
  route(app, platform, removePolicyHolderLocation, (ctx, { query }) =>
    locations.removeLocation(ctx, query.locationId),
  );
  route(app, platform, insertPolicyHolderBranch, (ctx, { query }) =>
    locations.insertBranch(ctx, query.PolicyHolderUniqueId, query.BranchCnpj),
  );
  route(app, platform, deletePolicyHolderBranchByUniqueId, (ctx, { query }) =>
    locations.deleteBranch(ctx, query.uniqueId),
  );
};

/** Insurer-only toggles. */
const toggleRoutes = (app: FastifyInstance, platform: Platform) => {
  route(app, platform, inverterBlockedPolicyHolder, (ctx, { query, body }) =>
    service.toggleFlag(ctx, query.PolicyHolderUniqueId, 'isBlocked', body?.Justification ?? null),
  );
  route(app, platform, inverterBlockedRestrictvePolicyHolder, (ctx, { query, body }) =>
    service.toggleFlag(ctx, query.PolicyHolderUniqueId, 'isRestrictiveBlocked', body?.Justification ?? null),
  );
  route(app, platform, inverterIgnoreCCGSignaturePolicyHolder, (ctx, { query, body }) =>
    service.toggleFlag(ctx, query.PolicyHolderUniqueId, 'ignoreCcgSignature', body?.Justification ?? null),
  );
};

/** Credit: limits and rates, observations on a limit request. */
const creditRoutes = (app: FastifyInstance, platform: Platform) => {
  route(app, platform, calculatePolicyHolderLimitsAndRates, (ctx, { query }) =>
    credit.calculateLimitsAndRates(ctx, query.PolicyHolderUniqueId),
  );
  route(app, platform, createPolicyHolderRequestLimitObservation, (ctx, { body }) =>
    credit.createLimitObservation(ctx, body.PolicyHolderUniqueId, body.Observation),
  );
};

/** Proposals and nominations. */
const nominationRoutes = (app: FastifyInstance, platform: Platform) => {
  route(app, platform, validatePolicyHolderByCNPJToNewProposal, (ctx, { query }) =>
    nominations.validateForNewProposal(ctx, query.Cnpj),
  );
  route(app, platform, registerPolicyHolderNomeationRequest, (ctx, { body }) =>
    nominations.requestNomination(ctx, body),
  );
  route(app, platform, getPolicyHoldersNominatedByBrokerUniqueId, (ctx, { query }) =>
    nominations.nominatedByBroker(ctx, query.brokerUniqueId),
  );
};

/** Request documents (core mechanism). */
const requestDocumentRoutes = (app: FastifyInstance, platform: Platform) => {
  route(app, platform, getDocumentsByPolicyHolderUniqueId, (ctx, { query }) =>
    docs.getDocuments(ctx, query.policyHolderUniqueId),
  );
  route(app, platform, getRequestLimitDocuments, (ctx, { query }) =>
    docs.getRequestLimit(ctx, query.policyHolderUniqueId),
  );
  route(app, platform, uploadPolicyHolderRequestDocument, (ctx, { body }) =>
    docs.upload(ctx, body, 'registration'),
  );
  route(app, platform, uploadPolicyHolderRequestLimitsDocument, (ctx, { body }) =>
    docs.upload(ctx, body, 'limit'),
  );
  route(app, platform, sendPolicyHolderRequestToAnalysis, (ctx, { body }) => docs.submit(ctx, body));
  route(app, platform, createPolicyHolderRequestDocument, (ctx, { body }) => docs.create(ctx, body));
  route(app, platform, changePolicyHolderRequestDocumentName, (ctx, { body }) => docs.rename(ctx, body));
  route(app, platform, deletePolicyHolderRequestDocument, (ctx, { body }) => docs.remove(ctx, body));
  route(app, platform, restorePolicyHolderRequestDocument, (ctx, { body }) => docs.restore(ctx, body));
};

/** The 26 calls of endpoints.tsv area `policy-holders`. */
export const policyHoldersRoutes = (app: FastifyInstance, platform: Platform) => {
  holderRoutes(app, platform);
  locationRoutes(app, platform);
  toggleRoutes(app, platform);
  creditRoutes(app, platform);
  nominationRoutes(app, platform);
  requestDocumentRoutes(app, platform);
};
