import { addDays, EndorsementStatus } from '@aval/domain';
import type { UserContext } from '../../context.js';
import { currentDay } from '../../lib/clock.js';
import { notFound } from '../../lib/errors.js';
import * as documents from '../documents/index.js';
import * as files from '../files/index.js';
import * as policies from '../policies/index.js';
import { getVisible, getVisiblePolicy } from './endorsements.access.js';
import { ensureEndorsementDocuments, slipDocument } from './endorsements.document.js';
import * as repo from './endorsements.repository.js';
import { compareLabels, compareTerms } from './endorsements.terms.js';
import { toView, toViews } from './endorsements.view.js';

/**
 * The endorsements' public service: the reads (a policy's endorsements, a comparison, documents,
 * the card's details) and, re-exported, the use cases of the other files (requesting, validating,
 * the automatic steps, deciding) that the routes, the jobs and the wiring call.
 */

type Row = repo.EndorsementRow;
type Policy = policies.PolicyRow;

export { applyCardDecision, decide } from './decide-endorsement.js';
export {
  ENDORSEMENT_DOCUMENTS_QUEUE,
  ENDORSEMENT_STEPS_QUEUE,
  endorsementStepsJob,
  renderApprovedDocuments,
} from './endorsements.queues.js';
export { create } from './request-endorsement.js';
export { runAllSteps, runStep } from './run-endorsement-steps.js';
export {
  canRequest,
  getReasons,
  getTypes,
  requiredDocuments,
  validate,
  validateRestore,
} from './validate-endorsement.js';

/** The endorsements of a policy the caller may see. */
export const listByPolicy = async (ctx: UserContext, policyUniqueId: string) => {
  const policy = await getVisiblePolicy(ctx, policyUniqueId);
  return toViews(ctx, await repo.listByPolicy(ctx.db, ctx.company.id, policy.id), policy);
};

/** The terms an endorsement changes (before and after). */
export const compare = async (ctx: UserContext, uniqueId: string) => {
  const { row } = await getVisible(ctx, uniqueId);
  return compareTerms(row.before, row.after);
};

const endorsementByRef = async (ctx: UserContext, ref: string) => {
  if (/^\d+$/.test(ref)) {
    const row = await repo.findById(ctx.db, ctx.company.id, Number(ref));
    if (!row) throw notFound('Endosso não encontrado.');
    return getVisible(ctx, row.uniqueId);
  }
  return getVisible(ctx, ref);
};

/** The documents of an endorsement (by UniqueId or number) the caller may see. */
export const attachments = async (ctx: UserContext, ref: string) => {
  const { row } = await endorsementByRef(ctx, ref);
  return documents.listDocuments(ctx, { type: 'endorsement', id: row.id });
};

/** A document of an endorsement the caller may see, or 404. */
const visibleDocument = async (ctx: UserContext, ref: { uniqueId?: string }) => {
  const doc = await documents.findDocumentOfOwnerType(ctx, 'endorsement', ref);
  if (!doc) throw notFound('Documento não encontrado.');
  const row = await repo.findById(ctx.db, ctx.company.id, doc.ownerId);
  if (!row) throw notFound('Documento não encontrado.');
  await getVisible(ctx, row.uniqueId).catch(() => {
    throw notFound('Documento não encontrado.');
  });
  return { doc, row };
};

/** The files of an endorsement document the caller may see. */
export const documentArchives = async (ctx: UserContext, requestDocumentUniqueId: string) => {
  const { row } = await visibleDocument(ctx, { uniqueId: requestDocumentUniqueId });
  const docs = await documents.listDocuments(ctx, { type: 'endorsement', id: row.id });
  return docs.find((d) => d.UniqueId === requestDocumentUniqueId)?.Archives ?? [];
};

/** A file of an endorsement document: signed when the caller may see the endorsement (document-owner registry). */
export const downloadArchive = async (ctx: UserContext, archiveUniqueId: string) => ({
  UrlToDownload: await files.getUrlFileDownload(ctx, archiveUniqueId),
});

/** The documents-owner rule of endorsements: the caller sees the endorsement's policy. */
export const mayReadEndorsementDocuments = async (ctx: UserContext, endorsementId: number) => {
  const row = await repo.findById(ctx.db, ctx.company.id, endorsementId);
  if (!row) return false;
  return getVisible(ctx, row.uniqueId).then(
    () => true,
    () => false,
  );
};

/**
 * DownloadEndorsementDocument: the endorsement PDF (generated now for an approved endorsement
 * without one, e.g. the demo's), or with `installment` the boleto of its extra premium.
 */
export const downloadDocument = async (ctx: UserContext, uniqueId: string, installment?: number) => {
  const { row, policy } = await getVisible(ctx, uniqueId);
  if (installment !== undefined) {
    const archiveId = await slipDocument(ctx, row, policy, installment);
    if (!archiveId) throw notFound('Boleto não encontrado.');
    return { UrlToDownload: await policies.archiveUrl(ctx, archiveId) };
  }
  const { archiveId } = await storedDocument(ctx, row, policy);
  return { UrlToDownload: await policies.archiveUrl(ctx, archiveId) };
};

/**
 * The stored PDF of an endorsement: an approved one without it yet (the documents job has not
 * run, or the demo's) gets it now, under the row lock of ensureEndorsementDocuments; 404 otherwise.
 */
const storedDocument = async (ctx: UserContext, row: Row, policy: Policy) => {
  let stored = row;
  if (!stored.documentArchiveId && stored.statusId === EndorsementStatus.EMITIDO)
    stored = await ensureEndorsementDocuments(ctx, stored, policy, compareLabels);
  if (!stored.documentArchiveId || !stored.documentSha256)
    throw notFound('O documento do endosso ainda não foi gerado.');
  return { number: stored.number, archiveId: stored.documentArchiveId, sha256: stored.documentSha256 };
};

/**
 * The PDF of a policy's newest approved endorsement (DownloadLastEndorsementDocument and
 * DownloadPolicyDocument with `endorsement`), as DownloadEndorsementDocument gives it; undefined
 * when the policy has no approved endorsement. The caller has checked that it may see the policy
 * (its endorsements are visible with it). Lent to the policies module by `wireModules` (wiring.ts).
 */
export const lastApprovedDocument = async (ctx: UserContext, policyId: number) => {
  const row = await repo.lastOfPolicyWithStatus(ctx.db, ctx.company.id, policyId, EndorsementStatus.EMITIDO);
  if (!row) return undefined;
  const policy = await policies.findPolicyById(ctx, row.policyId);
  if (!policy) return undefined;
  return storedDocument(ctx, row, policy);
};

/** An endorsement as its card's detail shows it (with its policy's parties). */
export const cardInfo = async (ctx: UserContext, uniqueId: string) => {
  const { row, policy } = await getVisible(ctx, uniqueId);
  return {
    ...(await toView(ctx, row, policy)),
    PolicyHolderName: policy.policyHolderName,
    PolicyHolderDocument: policy.policyHolderDocument,
    InsuredName: policy.insuredName,
    ModalityName: policy.modalityName,
    BrokerName: policy.brokerName,
    Changes: compareTerms(row.before, row.after),
    Documents: await documents.listDocuments(ctx, { type: 'endorsement', id: row.id }),
  };
};

/** The date `days` days from today in Brazil. */
export const effectiveDateFor = (days: number) => addDays(currentDay(), days);
