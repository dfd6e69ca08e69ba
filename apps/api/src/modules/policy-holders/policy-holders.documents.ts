import { RequestDocumentType } from '@aval/domain';
import type { UserContext } from '../../context.js';
import { notFound, unprocessable } from '../../lib/errors.js';
import * as documents from '../documents/index.js';
import { getVisible } from './policy-holders.access.js';
import { ccgDocumentsSent } from './policy-holders.ccg.js';
import { observationsOf } from './policy-holders.credit.js';
import { requestLimitReview } from './policy-holders.limit-requests.js';
import { statementsOf } from './policy-holders.view.js';

/**
 * The policy holder's calls over the one request-documents mechanism (owner 'policy_holder').
 * Request-limit documents are the owner's slots of type 8; the others are its registration documents.
 */
const ownerOf = async (ctx: UserContext, policyHolderUniqueId: string) => {
  const holder = await getVisible(ctx, policyHolderUniqueId);
  return { holder, owner: { type: 'policy_holder' as const, id: holder.id } };
};

const isLimitDoc = (d: { RequestDocumentTypeId: number }) =>
  d.RequestDocumentTypeId === RequestDocumentType.REQUEST_LIMIT;

export const getDocuments = async (ctx: UserContext, policyHolderUniqueId: string) => {
  const { owner } = await ownerOf(ctx, policyHolderUniqueId);
  const active = (await documents.listDocuments(ctx, owner)).filter((d) => !isLimitDoc(d));
  const deleted = (await documents.listDocuments(ctx, owner, { deleted: true })).filter(
    (d) => !isLimitDoc(d),
  );
  return {
    RequestDocuments: active,
    DeletedRequestDocuments: deleted,
    PendingRequiredCount: active.filter((d) => d.IsRequired && d.StatusId !== 1).length,
  };
};

export const getRequestLimit = async (ctx: UserContext, policyHolderUniqueId: string) => {
  const { holder, owner } = await ownerOf(ctx, policyHolderUniqueId);
  return {
    RequestDocuments: (await documents.listDocuments(ctx, owner)).filter(isLimitDoc),
    DeletedRequestDocuments: (await documents.listDocuments(ctx, owner, { deleted: true })).filter(
      isLimitDoc,
    ),
    Observations: await observationsOf(ctx, holder.id),
    FinancialStatements: await statementsOf(ctx, holder.id),
  };
};

export const upload = async (
  ctx: UserContext,
  body: { PolicyHolderUniqueId: string; RequestDocumentUniqueId: string; ArchiveUniqueIds: string[] },
  kind: 'registration' | 'limit',
) => {
  const { owner } = await ownerOf(ctx, body.PolicyHolderUniqueId);
  const doc = (await documents.listDocuments(ctx, owner)).find(
    (d) => d.UniqueId === body.RequestDocumentUniqueId,
  );
  if (!doc) throw notFound('Documento não encontrado.');
  if ((kind === 'limit') !== isLimitDoc(doc)) {
    throw unprocessable(
      kind === 'limit'
        ? 'Este documento não pertence à solicitação de limite.'
        : 'Documentos da solicitação de limite são enviados pela aba de limites.',
    );
  }
  return documents.attachArchives(ctx, owner, body.RequestDocumentUniqueId, body.ArchiveUniqueIds);
};

export const submit = async (
  ctx: UserContext,
  body: { PolicyHolderUniqueId: string; RequestDocumentUniqueIds?: string[] },
) => {
  const { holder, owner } = await ownerOf(ctx, body.PolicyHolderUniqueId);
  const sent = await documents.submitToAnalysis(ctx, owner, body.RequestDocumentUniqueIds);
  await requestLimitReview(ctx, holder, sent);
  await ccgDocumentsSent(ctx, holder, sent);
  return sent;
};

export const create = async (
  ctx: UserContext,
  body: { PolicyHolderUniqueId: string; Name: string; RequestDocumentTypeId: number; IsRequired?: boolean },
) => {
  const { owner } = await ownerOf(ctx, body.PolicyHolderUniqueId);
  if (
    ![RequestDocumentType.POLICY_HOLDER, RequestDocumentType.REQUEST_LIMIT, RequestDocumentType.CCG].includes(
      body.RequestDocumentTypeId as 1 | 6 | 8,
    )
  ) {
    throw unprocessable(
      'Tipo de documento inválido para o tomador (use Tomador, CCG ou Solicitação de Limite).',
    );
  }
  return documents.createDocument(ctx, owner, body);
};

export const rename = async (
  ctx: UserContext,
  body: { PolicyHolderUniqueId: string; RequestDocumentUniqueId: string; Name: string },
) => {
  const { owner } = await ownerOf(ctx, body.PolicyHolderUniqueId);
  return documents.renameDocument(ctx, owner, body.RequestDocumentUniqueId, body.Name);
};

export const remove = async (
  ctx: UserContext,
  body: { PolicyHolderUniqueId: string; RequestDocumentUniqueId: string },
) => {
  const { owner } = await ownerOf(ctx, body.PolicyHolderUniqueId);
  return documents.deleteDocument(ctx, owner, body.RequestDocumentUniqueId);
};

export const restore = async (
  ctx: UserContext,
  body: { PolicyHolderUniqueId: string; RequestDocumentUniqueId: string },
) => {
  const { owner } = await ownerOf(ctx, body.PolicyHolderUniqueId);
  return documents.restoreDocument(ctx, owner, body.RequestDocumentUniqueId);
};
