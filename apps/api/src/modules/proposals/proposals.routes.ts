import {
  calculateFinancialData,
  confirmBankSlipPayment,
  createProposalRequestDocument,
  downloadBankSlip,
  generateContractDraft,
  getCompanyProposalTagsEndpoint,
  getPendingRequiredRequestDocuments,
  getProposalByUniqueId,
  getProposalByUniqueId2,
  getProposalContractualTerms,
  getProposalIssuance,
  getProposalLegalRules,
  getProposalRiskChange,
  getProposals,
  importBankReturnFile,
  importPortfolio,
  issueProposal,
  loadIssuanceReport,
  overrideProposalLegalRules,
  proposalChangeRequestDocumentName,
  proposalDeleteRequestDocument,
  proposalRestoreRequestDocument,
  requestIssuance,
  requestProposalAdjustment,
  resetProposalRiskChange,
  saveProposalRequestDocument,
  searchBrokerProposalByText,
  searchProposals,
  updateCalculateFinancialData,
  updateFinancialData,
  updateProposal,
  updateProposalTimelineInfo,
  validateRetroactivityDays,
} from '@aval/contracts';
import type { FastifyInstance } from 'fastify';
import type { Platform } from '../../context.js';
import { route } from '../../plugins/endpoints.js';
import * as documents from '../documents/index.js';
import { importPortfolio as importPortfolioItems } from './import-portfolio.js';
import { legalRulesOf, overrideLegalRules } from './override-legal-rules.js';
import * as finance from './proposals.finance.js';
import * as issuance from './proposals.issuance.js';
import * as service from './proposals.service.js';
import * as workflow from './proposals.workflow.js';

/** The proposal module's calls: the quote and its analysis data, its documents, its issuance. */
export const proposalsRoutes = (app: FastifyInstance, platform: Platform) => {
  quoteRoutes(app, platform);
  documentRoutes(app, platform);
  issuanceRoutes(app, platform);
};

/** The quote: saving, reading and listing proposals, their price, adjustments and timeline. */
const quoteRoutes = (app: FastifyInstance, platform: Platform) => {
  route(app, platform, updateProposal, (ctx, { body }) => service.updateProposal(ctx, body));
  // The lists may read from a replica (DATABASE_REPLICA_URL) once it has the caller's last write.
  route(app, platform, getProposals, (ctx, { query }) => service.getProposals(ctx, query), { replica: true });
  route(app, platform, searchProposals, (ctx, { query }) => service.searchProposals(ctx, query), {
    replica: true,
  });
  route(app, platform, searchBrokerProposalByText, (ctx, { query }) =>
    service.searchByText(ctx, query.TextSearch),
  );
  // The proposal with its documents, observations, log, timeline and history: one snapshot, so a
  // step committed between two of those reads cannot pair the old status with the new log.
  route(
    app,
    platform,
    getProposalByUniqueId,
    (ctx, { query }) => service.getProposal(ctx, query.ProposalUniqueId),
    {
      snapshot: true,
    },
  );
  route(
    app,
    platform,
    getProposalByUniqueId2,
    (ctx, { query }) => service.getProposalDetail(ctx, query.ProposalUniqueId),
    { snapshot: true },
  );
  route(app, platform, calculateFinancialData, (ctx, { body }) => finance.calculateFinancialData(ctx, body));
  route(app, platform, updateCalculateFinancialData, (ctx, { body }) =>
    finance.updateCalculateFinancialData(ctx, body),
  );
  route(app, platform, updateFinancialData, (ctx, { body }) => finance.updateFinancialData(ctx, body));
  route(app, platform, requestProposalAdjustment, (ctx, { body }) => workflow.requestAdjustment(ctx, body));
  route(app, platform, updateProposalTimelineInfo, (ctx, { body }) => workflow.updateTimelineInfo(ctx, body));
  route(app, platform, getProposalRiskChange, (ctx, { query }) =>
    workflow.getRiskChange(ctx, query.ProposalUniqueId),
  );
  route(app, platform, resetProposalRiskChange, (ctx, { query }) =>
    workflow.resetRiskChange(ctx, query.ProposalUniqueId, query.Version),
  );
  route(app, platform, validateRetroactivityDays, (ctx, { query }) =>
    workflow.validateRetroactivity(ctx, query.ProposalUniqueId),
  );
  route(app, platform, getPendingRequiredRequestDocuments, (ctx, { query }) =>
    workflow.pendingRequiredDocuments(ctx, query.uniqueId),
  );
  route(app, platform, getProposalContractualTerms, (ctx, { query }) =>
    workflow.contractualTerms(ctx, query.proposalUniqueId),
  );
  route(app, platform, getCompanyProposalTagsEndpoint, (ctx) => workflow.companyTags(ctx));
};

/** The proposal's request documents (the broker's side; the analyst's are on the card). */
const documentRoutes = (app: FastifyInstance, platform: Platform) => {
  route(app, platform, saveProposalRequestDocument, (ctx, { body }) => workflow.attachDocument(ctx, body));
  route(app, platform, proposalDeleteRequestDocument, async (ctx, { body }) =>
    documents.deleteDocument(
      ctx,
      await workflow.documentOwner(ctx, body.ProposalUniqueId, true),
      body.RequestDocumentUniqueId,
    ),
  );
  route(app, platform, createProposalRequestDocument, async (ctx, { body }) =>
    documents.createDocument(ctx, await workflow.documentOwner(ctx, body.ProposalUniqueId, true), body),
  );
  route(app, platform, proposalChangeRequestDocumentName, async (ctx, { body }) =>
    documents.renameDocument(
      ctx,
      await workflow.documentOwner(ctx, body.ProposalUniqueId, true),
      body.RequestDocumentUniqueId,
      body.Name,
    ),
  );
  route(app, platform, proposalRestoreRequestDocument, async (ctx, { body }) =>
    documents.restoreDocument(
      ctx,
      await workflow.documentOwner(ctx, body.ProposalUniqueId, true),
      body.RequestDocumentUniqueId,
    ),
  );
};

/** Issuance (issue 15): legal rules, sending to issuance, issuing, boletos and their payment. */
const issuanceRoutes = (app: FastifyInstance, platform: Platform) => {
  route(app, platform, getProposalLegalRules, (ctx, { query }) => legalRulesOf(ctx, query.ProposalUniqueId));
  route(app, platform, overrideProposalLegalRules, (ctx, { body }) => overrideLegalRules(ctx, body));
  route(app, platform, getProposalIssuance, (ctx, { query }) =>
    issuance.getIssuance(ctx, query.ProposalUniqueId),
  );
  route(app, platform, requestIssuance, (ctx, { body }) => issuance.requestIssuance(ctx, body));
  route(app, platform, issueProposal, (ctx, { body }) => issuance.issueProposal(ctx, body));
  route(app, platform, confirmBankSlipPayment, (ctx, { body }) => issuance.confirmPayment(ctx, body));
  route(app, platform, importBankReturnFile, (ctx, { body }) => issuance.importReturnFile(ctx, body));
  route(app, platform, importPortfolio, (ctx, { body }) => importPortfolioItems(ctx, body));
  route(app, platform, generateContractDraft, (ctx, { query }) =>
    issuance.generateContractDraft(ctx, query.ProposalUniqueId),
  );
  route(app, platform, downloadBankSlip, (ctx, { query }) =>
    issuance.downloadBankSlips(ctx, query.ProposalUniqueId),
  );
  route(app, platform, loadIssuanceReport, (ctx, { query }) =>
    issuance.issuanceReport(ctx, query.proposalUniqueId),
  );
};
