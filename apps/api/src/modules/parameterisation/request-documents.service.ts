import {
  type InsertRequestDocumentBody,
  type ParameterRequestDocument,
  pipeTypeLabels,
  type UpdateRequestDocumentBody,
} from '@aval/contracts';
import type { UserContext } from '../../context.js';
import { conflict, notFound } from '../../lib/errors.js';
import { getModalityByUniqueIdOr404, getModalityOr404 } from './modalities.service.js';
import { recordChanges, recordEvent } from './parameterisation.history.js';
import {
  requestDocumentAuditFields,
  toModalitySummary,
  toRequestDocument,
} from './parameterisation.mapper.js';
import * as repo from './parameterisation.repository.js';
import * as documentsRepo from './request-documents.repository.js';

const getDocumentOr404 = async (ctx: UserContext, id: number) => {
  const doc = await documentsRepo.findRequestDocument(ctx.db, ctx.company.id, id);
  if (!doc) throw notFound('Documento solicitado não encontrado.');
  return doc;
};

const ensureUniqueName = async (ctx: UserContext, modalityId: number, name: string, selfId?: number) => {
  const clash = await documentsRepo.findRequestDocumentByName(ctx.db, ctx.company.id, modalityId, name);
  if (clash && clash.id !== selfId)
    throw conflict(`O documento "${name}" já está cadastrado nesta modalidade.`);
};

export const getProposalParameterRequestDocuments = async (
  ctx: UserContext,
  modalityUniqueId: string,
): Promise<ParameterRequestDocument[]> => {
  const modality = await getModalityByUniqueIdOr404(ctx, modalityUniqueId);
  return (await documentsRepo.listRequestDocuments(ctx.db, ctx.company.id, { modalityId: modality.id })).map(
    toRequestDocument,
  );
};

export const getCardProposalParameterRequestDocuments = async (ctx: UserContext) => {
  const mods = await repo.listModalities(ctx.db, ctx.company.id, { includeInactive: true });
  const docs = await documentsRepo.listRequestDocuments(ctx.db, ctx.company.id, { includeDeleted: true });
  return mods.map((m) => {
    const summary = toModalitySummary(m);
    const own = docs.filter((d) => d.doc.modalityId === summary.Id).map(toRequestDocument);
    const live = own.filter((d) => !d.IsDeleted);
    return {
      ModalityId: summary.Id,
      ModalityUniqueId: summary.UniqueId,
      ModalityName: summary.Name,
      ModalityGroupId: summary.ModalityGroupId,
      ModalityGroupName: summary.ModalityGroupName,
      BranchId: summary.BranchId,
      BranchCode: summary.BranchCode,
      Total: live.length,
      RequiredCount: live.filter((d) => d.IsRequired).length,
      Documents: own,
    };
  });
};

export const getPipeTypeForDocument = async (ctx: UserContext, modalityUniqueId: string) => {
  const modality = await getModalityByUniqueIdOr404(ctx, modalityUniqueId);
  const docs = await documentsRepo.listRequestDocuments(ctx.db, ctx.company.id, { modalityId: modality.id });
  return Object.entries(pipeTypeLabels).map(([id, name]) => ({
    PipeTypeId: Number(id),
    PipeTypeName: name,
    Documents: docs.filter((d) => d.doc.pipeTypeId === Number(id)).map((d) => d.doc.name),
  }));
};

export const insertProposalParameterRequestDocument = async (
  ctx: UserContext,
  body: InsertRequestDocumentBody,
): Promise<ParameterRequestDocument> => {
  const modality = await getModalityOr404(ctx, body.ModalityId);
  await ensureUniqueName(ctx, modality.id, body.Name);
  const created = await documentsRepo.insertRequestDocument(ctx.db, {
    companyId: ctx.company.id,
    modalityId: modality.id,
    name: body.Name,
    description: body.Description ?? null,
    requestDocumentTypeId: body.RequestDocumentTypeId,
    pipeTypeId: body.PipeTypeId,
    isRequired: body.IsRequired,
    sortOrder: body.Order,
  });
  await recordEvent(
    ctx,
    { entity: 'RequestDocument', entityId: created.id, modalityId: modality.id },
    'Created',
    created.name,
  );
  return toRequestDocument(await getDocumentOr404(ctx, created.id));
};

const applyPatch = async (
  ctx: UserContext,
  id: number,
  patch: Parameters<typeof documentsRepo.updateRequestDocument>[3],
) => {
  const current = await getDocumentOr404(ctx, id);
  await documentsRepo.updateRequestDocument(ctx.db, ctx.company.id, id, patch);
  const updated = await getDocumentOr404(ctx, id);
  await recordChanges(
    ctx,
    { entity: 'RequestDocument', entityId: id, modalityId: current.doc.modalityId },
    requestDocumentAuditFields(current.doc),
    requestDocumentAuditFields(updated.doc),
  );
  return toRequestDocument(updated);
};

export const updateProposalParameterRequestDocument = async (
  ctx: UserContext,
  body: UpdateRequestDocumentBody,
): Promise<ParameterRequestDocument> => {
  const current = await getDocumentOr404(ctx, body.Id);
  if (body.Name !== undefined) await ensureUniqueName(ctx, current.doc.modalityId, body.Name, current.doc.id);
  return applyPatch(ctx, body.Id, {
    name: body.Name,
    description: body.Description === undefined ? undefined : (body.Description ?? null),
    requestDocumentTypeId: body.RequestDocumentTypeId,
    pipeTypeId: body.PipeTypeId,
    isRequired: body.IsRequired,
    sortOrder: body.Order,
  });
};

export const updateStatusProposalParameterRequestDocument = (
  ctx: UserContext,
  id: number,
  isDeleted: boolean,
) => applyPatch(ctx, id, { isDeleted });

export const deleteProposalParameterRequestDocument = async (
  ctx: UserContext,
  id: number,
): Promise<boolean> => {
  const current = await getDocumentOr404(ctx, id);
  await documentsRepo.deleteRequestDocument(ctx.db, ctx.company.id, id);
  await recordEvent(
    ctx,
    { entity: 'RequestDocument', entityId: id, modalityId: current.doc.modalityId },
    'Deleted',
    current.doc.name,
  );
  return true;
};
