import {
  changeInstallmentModalityParameter,
  changeInstallmentParameter,
  createInstallmentParameter,
  deleteInstallmentModalityParameter,
  deleteProposalParameterRequestDocument,
  enableDisableComplementaryModality,
  enableDisableCoverage,
  getAdditionalCoverages,
  getAdditionalCoveragesObjects,
  getAllCompanyBranch,
  getBanks,
  getCardProposalParameterRequestDocuments,
  getComplementaryModalities,
  getGeneralConditions,
  getInstallmentParameter,
  getInsurerRecord,
  getModalitiesByBranch,
  getModalitiesByGroup,
  getModalitiesGroups,
  getModality,
  getModalityChangeHistory,
  getModalityObject,
  getParticularDetailClauses,
  getPercentageLimitPremiumRelationIssuredAmount,
  getPipeTypeForDocument,
  getProposalParameterRequestDocuments,
  insertComplementaryModality,
  insertContractualTerm,
  insertCoverage,
  insertModality,
  insertParticularClause,
  insertProposalParameterRequestDocument,
  saveInsurerRecord,
  updateCoverage,
  updateModality,
  updateParticularClause,
  updateProposalParameterRequestDocument,
  updateStatusParticularClause,
  updateStatusProposalParameterRequestDocument,
} from '@aval/contracts';
import type { FastifyInstance } from 'fastify';
import type { Platform } from '../../context.js';
import { route } from '../../plugins/endpoints.js';
import * as banks from './banks.service.js';
import * as coverages from './coverages.service.js';
import * as installments from './installments.service.js';
import * as insurerRecord from './insurer-record.service.js';
import * as modalities from './modalities.service.js';
import * as documents from './request-documents.service.js';
import * as terms from './terms.service.js';

/** Branches, groups, modalities and their history. */
const modalityRoutes = (app: FastifyInstance, platform: Platform) => {
  route(app, platform, getAllCompanyBranch, (ctx) => modalities.getAllCompanyBranch(ctx));
  route(app, platform, getModalitiesByBranch, (ctx, { query }) =>
    modalities.getModalitiesByBranch(ctx, query.branchId, query.includeInactive ?? false),
  );
  route(app, platform, getModalitiesGroups, (ctx, { query }) =>
    modalities.getModalitiesGroups(ctx, query.branchId, query.includeInactive ?? false),
  );
  route(app, platform, getModalitiesByGroup, (ctx, { query }) =>
    modalities.getModalitiesByGroup(ctx, query.modalityGroupUniqueId, query.includeInactive ?? false),
  );
  route(app, platform, getModality, (ctx, { query }) => modalities.getModality(ctx, query.modalityId));
  route(app, platform, insertModality, (ctx, { body }) => modalities.insertModality(ctx, body));
  route(app, platform, updateModality, (ctx, { body }) => modalities.updateModality(ctx, body));
  route(app, platform, getModalityChangeHistory, (ctx, { query }) =>
    modalities.getModalityChangeHistory(ctx, query.modalityId),
  );
};

/** Complementary modalities. */
const complementaryModalityRoutes = (app: FastifyInstance, platform: Platform) => {
  route(app, platform, getComplementaryModalities, (ctx, { query }) =>
    modalities.getComplementaryModalities(ctx, query.modalityId, query.onlyActive ?? false),
  );
  route(app, platform, insertComplementaryModality, (ctx, { query }) =>
    modalities.insertComplementaryModality(ctx, query.modalityId, query.complementaryModalityId),
  );
  route(app, platform, enableDisableComplementaryModality, (ctx, { query }) =>
    modalities.enableDisableComplementaryModality(ctx, query.complementaryModalityId),
  );
};

/** Coverages. */
const coverageRoutes = (app: FastifyInstance, platform: Platform) => {
  route(app, platform, insertCoverage, (ctx, { body }) => coverages.insertCoverage(ctx, body));
  route(app, platform, updateCoverage, (ctx, { body }) => coverages.updateCoverage(ctx, body));
  route(app, platform, enableDisableCoverage, (ctx, { query }) =>
    coverages.enableDisableCoverage(ctx, query.id),
  );
  route(app, platform, getAdditionalCoverages, (ctx, { query }) =>
    coverages.getAdditionalCoverages(ctx, query.ModalityUniqueId, query.ignoreDeleted ?? true),
  );
  route(app, platform, getAdditionalCoveragesObjects, (ctx, { body }) =>
    coverages.getAdditionalCoveragesObjects(ctx, body.ModalityUniqueId, body.CoverageIds),
  );
  route(app, platform, getPercentageLimitPremiumRelationIssuredAmount, (ctx) =>
    coverages.getPercentageLimitPremiumRelationIssuredAmount(ctx),
  );
};

/** Contractual terms, particular clauses, general conditions. */
const termRoutes = (app: FastifyInstance, platform: Platform) => {
  route(app, platform, insertContractualTerm, (ctx, { body }) => terms.insertContractualTerm(ctx, body));
  route(app, platform, getModalityObject, (ctx, { query }) =>
    terms.getModalityObject(ctx, query.ModalityId, query.termType),
  );
  route(app, platform, insertParticularClause, (ctx, { body }) => terms.insertParticularClause(ctx, body));
  route(app, platform, updateParticularClause, (ctx, { body }) => terms.updateParticularClause(ctx, body));
  route(app, platform, updateStatusParticularClause, (ctx, { body }) =>
    terms.updateStatusParticularClause(ctx, body.Id, body.IsActive),
  );
  route(app, platform, getParticularDetailClauses, (ctx, { query }) =>
    terms.getParticularDetailClauses(ctx, query.modalityid, query.includeInactive ?? false),
  );
  route(app, platform, getGeneralConditions, (ctx, { query }) =>
    terms.getGeneralConditions(ctx, query.branchId),
  );
};

/** Requested documents. */
const requestDocumentRoutes = (app: FastifyInstance, platform: Platform) => {
  route(app, platform, getProposalParameterRequestDocuments, (ctx, { query }) =>
    documents.getProposalParameterRequestDocuments(ctx, query.ModalityUniqueId),
  );
  route(app, platform, getCardProposalParameterRequestDocuments, (ctx) =>
    documents.getCardProposalParameterRequestDocuments(ctx),
  );
  route(app, platform, getPipeTypeForDocument, (ctx, { query }) =>
    documents.getPipeTypeForDocument(ctx, query.modalityUniqueId),
  );
  route(app, platform, insertProposalParameterRequestDocument, (ctx, { body }) =>
    documents.insertProposalParameterRequestDocument(ctx, body),
  );
  route(app, platform, updateProposalParameterRequestDocument, (ctx, { body }) =>
    documents.updateProposalParameterRequestDocument(ctx, body),
  );
  route(app, platform, updateStatusProposalParameterRequestDocument, (ctx, { query }) =>
    documents.updateStatusProposalParameterRequestDocument(ctx, query.id, query.IsDeleted),
  );
  route(app, platform, deleteProposalParameterRequestDocument, (ctx, { query }) =>
    documents.deleteProposalParameterRequestDocument(ctx, query.id),
  );
};

/** Installments and banks. */
const installmentRoutes = (app: FastifyInstance, platform: Platform) => {
  route(app, platform, getInstallmentParameter, (ctx) => installments.getInstallmentParameter(ctx));
  route(app, platform, createInstallmentParameter, (ctx, { body }) =>
    installments.createInstallmentParameter(ctx, body),
  );
  route(app, platform, changeInstallmentParameter, (ctx, { body }) =>
    installments.changeInstallmentParameter(ctx, body),
  );
  route(app, platform, changeInstallmentModalityParameter, (ctx, { body }) =>
    installments.changeInstallmentModalityParameter(ctx, body.ModalityId, body.InstallmentParameterId),
  );
  route(app, platform, deleteInstallmentModalityParameter, (ctx, { body }) =>
    installments.deleteInstallmentModalityParameter(ctx, body.ModalityId),
  );
  route(app, platform, getBanks, async () => banks.getBanks());
};

/** The insurer's own record (extra calls: the spec keeps it nowhere). */
const insurerRecordRoutes = (app: FastifyInstance, platform: Platform) => {
  route(app, platform, getInsurerRecord, (ctx) => insurerRecord.getInsurerRecord(ctx));
  route(app, platform, saveInsurerRecord, (ctx, { body }) => insurerRecord.saveInsurerRecord(ctx, body));
};

/** The 37 calls of endpoints.tsv area `parameterisation`, and the insurer's record. */
export const parameterisationRoutes = (app: FastifyInstance, platform: Platform) => {
  modalityRoutes(app, platform);
  complementaryModalityRoutes(app, platform);
  coverageRoutes(app, platform);
  termRoutes(app, platform);
  requestDocumentRoutes(app, platform);
  installmentRoutes(app, platform);
  insurerRecordRoutes(app, platform);
};
