import type { ArchiveView, RequestDocumentView } from '@aval/contracts';
import {
  DocumentStatus,
  type DocumentStatusId,
  documentStatusLabels,
  isInsurance,
  Permission,
  type PermissionId,
  type RequestDocumentTypeId,
  requestDocumentTypeLabels,
} from '@aval/domain';
import type { UserContext } from '../../context.js';
import { currentTime } from '../../lib/clock.js';
import { conflict, forbidden, notFound, unprocessable } from '../../lib/errors.js';
import * as filesService from '../files/index.js';
import * as users from '../users/index.js';
import { documentsChanged } from './document-owners.js';
import * as repo from './documents.repository.js';

export type { Owner, OwnerType } from './documents.repository.js';

type Owner = repo.Owner;
type OwnerType = repo.OwnerType;
type Row = repo.RequestDocumentRow;

const need = (ctx: UserContext, ...permissions: PermissionId[]) => {
  if (!permissions.some((p) => ctx.user.permissions.has(p))) {
    throw forbidden('Você não tem permissão para executar esta ação nos documentos.');
  }
};

const insurerOnly = (ctx: UserContext) => {
  if (!isInsurance(ctx.user.userType)) throw forbidden('Somente a seguradora pode analisar documentos.');
};

/** The files attached to documents, with the archive (files service) and who uploaded each (users service). */
const archivesOf = async (ctx: Pick<UserContext, 'db' | 'company'>, documentIds: number[]) => {
  const links = await repo.archivesOf(ctx.db, documentIds);
  if (links.length === 0) return [];
  const found = await filesService.archivesByIds(ctx, [...new Set(links.map((l) => l.archiveId))]);
  const names = await users.userNames(
    ctx,
    links.map((l) => l.uploadedByUserId),
  );
  const byId = new Map(found.map((a) => [a.id, a]));
  return links.flatMap((l) => {
    const archive = byId.get(l.archiveId);
    const uploadedBy = (l.uploadedByUserId && names.get(l.uploadedByUserId)) || null;
    return archive ? [{ documentId: l.documentId, archive, createdAt: l.createdAt, uploadedBy }] : [];
  });
};

const toViews = async (ctx: UserContext, rows: Row[]): Promise<RequestDocumentView[]> => {
  const files = await archivesOf(
    ctx,
    rows.map((r) => r.id),
  );
  return rows.map((r) => ({
    Id: r.id,
    UniqueId: r.uniqueId,
    Name: r.name,
    RequestDocumentTypeId: r.typeId,
    RequestDocumentTypeName: requestDocumentTypeLabels[r.typeId as RequestDocumentTypeId] ?? String(r.typeId),
    IsRequired: r.isRequired,
    StatusId: r.statusId,
    StatusName: documentStatusLabels[r.statusId as DocumentStatusId] ?? String(r.statusId),
    CreatedByInsurer: r.createdByInsurer,
    IsDeleted: r.deletedAt !== null,
    ReviewNote: r.reviewNote,
    Archives: files
      .filter((f) => f.documentId === r.id)
      .map((f) => ({
        ArchiveUniqueId: f.archive.id,
        Name: f.archive.name,
        Extension: f.archive.extension,
        CreatedAt: f.createdAt.toISOString(),
        UploadedByName: f.uploadedBy,
      })),
    UpdatedAt: r.updatedAt.toISOString(),
  }));
};

const toView = async (ctx: UserContext, row: Row) => (await toViews(ctx, [row]))[0]!;

/** The document of this owner, or 404 (never another owner's or company's). */
const getOwned = async (
  ctx: UserContext,
  owner: Owner,
  uniqueId: string,
  opts: { deleted?: boolean } = {},
) => {
  const row = await repo.findByUniqueId(ctx.db, ctx.company.id, uniqueId);
  if (!row || row.ownerType !== owner.type || row.ownerId !== owner.id)
    throw notFound('Documento não encontrado.');
  if (!opts.deleted && row.deletedAt) throw notFound('Documento não encontrado.');
  return row;
};

const log = (
  ctx: UserContext,
  row: Row,
  action: string,
  extra: { from?: number; to?: number; detail?: string } = {},
) =>
  repo.addHistory(ctx.db, {
    companyId: ctx.company.id,
    requestDocumentId: row.id,
    action,
    fromStatusId: extra.from ?? null,
    toStatusId: extra.to ?? null,
    detail: extra.detail ?? null,
    userId: ctx.user.userId,
  });

export const listDocuments = async (ctx: UserContext, owner: Owner, opts: { deleted?: boolean } = {}) =>
  toViews(ctx, await repo.listByOwner(ctx.db, ctx.company.id, owner, opts.deleted ?? false));

export const createDocument = async (
  ctx: UserContext,
  owner: Owner,
  input: { Name: string; RequestDocumentTypeId: number; IsRequired?: boolean },
) => {
  need(ctx, Permission.EDITAR_DOCUMENTOS, Permission.GERENCIAR_DOCUMENTOS);
  const existing = await repo.listByOwner(ctx.db, ctx.company.id, owner, false);
  if (existing.some((d) => d.name.toLowerCase() === input.Name.trim().toLowerCase())) {
    throw conflict('Já existe um documento com este nome.');
  }
  const row = await repo.insertDocument(ctx.db, {
    companyId: ctx.company.id,
    ownerType: owner.type,
    ownerId: owner.id,
    name: input.Name.trim(),
    typeId: input.RequestDocumentTypeId,
    isRequired: input.IsRequired ?? false,
    statusId: DocumentStatus.PENDENTE,
    createdByInsurer: isInsurance(ctx.user.userType),
    createdByUserId: ctx.user.userId,
  });
  await log(ctx, row, 'created', { to: row.statusId, detail: row.name });
  await documentsChanged(ctx, owner);
  return toView(ctx, row);
};

export const renameDocument = async (ctx: UserContext, owner: Owner, uniqueId: string, name: string) => {
  need(ctx, Permission.EDITAR_DOCUMENTOS, Permission.GERENCIAR_DOCUMENTOS);
  const row = await getOwned(ctx, owner, uniqueId);
  const updated = await repo.updateDocument(ctx.db, row.id, { name: name.trim() });
  await log(ctx, row, 'renamed', { detail: `${row.name} → ${updated.name}` });
  return toView(ctx, updated);
};

export const deleteDocument = async (ctx: UserContext, owner: Owner, uniqueId: string) => {
  need(ctx, Permission.REMOVER_DOCUMENTOS);
  const row = await getOwned(ctx, owner, uniqueId);
  if (row.statusId === DocumentStatus.CONFORME && !isInsurance(ctx.user.userType)) {
    throw unprocessable('Um documento já aprovado só pode ser removido pela seguradora.');
  }
  await repo.updateDocument(ctx.db, row.id, { deletedAt: currentTime() });
  await log(ctx, row, 'deleted');
  await documentsChanged(ctx, owner);
  return true;
};

export const restoreDocument = async (ctx: UserContext, owner: Owner, uniqueId: string) => {
  need(ctx, Permission.RESTAURAR_DOCUMENTOS);
  const row = await getOwned(ctx, owner, uniqueId, { deleted: true });
  if (!row.deletedAt) throw unprocessable('Este documento não está removido.');
  await repo.updateDocument(ctx.db, row.id, { deletedAt: null });
  await log(ctx, row, 'restored');
  await documentsChanged(ctx, owner);
  return true;
};

/** Links uploaded archives (from /api/Archive/Upload) to the slot; a rejected slot goes back to pending. */
export const attachArchives = async (
  ctx: UserContext,
  owner: Owner,
  uniqueId: string,
  archiveIds: string[],
) => {
  need(ctx, Permission.UPLOAD_DOCUMENTOS, Permission.GERENCIAR_DOCUMENTOS);
  const row = await getOwned(ctx, owner, uniqueId);
  const unique = [...new Set(archiveIds)];
  const found = await filesService.archivesByIds(ctx, unique);
  if (found.length !== unique.length) throw notFound('Arquivo não encontrado. Envie o arquivo novamente.');
  // An upload belongs to one document: a file of another slot (or owner) is never re-attached.
  if ((await repo.archivesAttachedElsewhere(ctx.db, unique, row.id)).length > 0) {
    throw conflict('Este arquivo já está anexado a outro documento. Envie o arquivo novamente.');
  }
  if (row.statusId === DocumentStatus.AGUARDANDO_ANALISE) {
    throw unprocessable('Este documento está em análise; aguarde o resultado para enviar outro arquivo.');
  }
  await repo.linkArchives(ctx.db, ctx.company.id, row.id, unique, ctx.user.userId);
  const to = row.statusId === DocumentStatus.REPROVADO ? DocumentStatus.PENDENTE : row.statusId;
  const updated = await repo.updateDocument(ctx.db, row.id, { statusId: to });
  await log(ctx, row, 'uploaded', { from: row.statusId, to, detail: found.map((f) => f.name).join(', ') });
  await documentsChanged(ctx, owner);
  return toView(ctx, updated);
};

/** Of these slots, the pending (or rejected) ones that have files: what can go to analysis. */
const sendable = async (ctx: UserContext, rows: Row[]) => {
  const files = await archivesOf(
    ctx,
    rows.map((r) => r.id),
  );
  return rows.filter(
    (r) =>
      (r.statusId === DocumentStatus.PENDENTE || r.statusId === DocumentStatus.REPROVADO) &&
      files.some((f) => f.documentId === r.id),
  );
};

const toAnalysis = async (ctx: UserContext, owner: Owner, ready: Row[]) => {
  const changed: Row[] = [];
  for (const r of ready) {
    changed.push(await repo.updateDocument(ctx.db, r.id, { statusId: DocumentStatus.AGUARDANDO_ANALISE }));
    await log(ctx, r, 'submitted', { from: r.statusId, to: DocumentStatus.AGUARDANDO_ANALISE });
  }
  if (changed.length) await documentsChanged(ctx, owner);
  return changed;
};

/** Sends pending (or rejected) slots that have files to the insurer's analysis. */
export const submitToAnalysis = async (ctx: UserContext, owner: Owner, uniqueIds?: string[]) => {
  need(ctx, Permission.UPLOAD_DOCUMENTOS, Permission.GERENCIAR_DOCUMENTOS);
  const rows = await repo.listByOwner(ctx.db, ctx.company.id, owner, false);
  const chosen = uniqueIds?.length ? rows.filter((r) => uniqueIds.includes(r.uniqueId)) : rows;
  if (uniqueIds?.length && chosen.length !== new Set(uniqueIds).size)
    throw notFound('Documento não encontrado.');
  const ready = await sendable(ctx, chosen);
  if (ready.length === 0) throw unprocessable('Nenhum documento com arquivo pendente de envio para análise.');
  return toViews(ctx, await toAnalysis(ctx, owner, ready));
};

/**
 * Sends every pending (or rejected) slot that has files to analysis, without refusing when there is
 * none: what goes with a request sent as a whole (a proposal sent to analysis, a broker's answer).
 */
export const submitAttached = async (ctx: UserContext, owner: Owner) =>
  (
    await toAnalysis(
      ctx,
      owner,
      await sendable(ctx, await repo.listByOwner(ctx.db, ctx.company.id, owner, false)),
    )
  ).length;

/** The insurer approves (Conforme) or rejects (Reprovado, with a note) a slot. */
export const reviewDocument = async (
  ctx: UserContext,
  owner: Owner,
  uniqueId: string,
  decision: { approve: boolean; note?: string },
) => {
  insurerOnly(ctx);
  need(ctx, Permission.EDITAR_DOCUMENTOS, Permission.GERENCIAR_DOCUMENTOS);
  return reviewDocumentOnDecision(ctx, owner, uniqueId, decision);
};

/**
 * `reviewDocument` inside a decision already authorised elsewhere: a kanban card decision job acts
 * as the insurer user who moved the card (the pipe's permission was checked), without its permissions.
 */
export const reviewDocumentOnDecision = async (
  ctx: UserContext,
  owner: Owner,
  uniqueId: string,
  decision: { approve: boolean; note?: string },
) => {
  insurerOnly(ctx);
  const row = await getOwned(ctx, owner, uniqueId);
  if (!decision.approve && !decision.note?.trim()) throw unprocessable('Informe o motivo da reprovação.');
  const files = await archivesOf(ctx, [row.id]);
  if (decision.approve && files.length === 0)
    throw unprocessable('Não é possível aprovar um documento sem arquivo.');
  const to = decision.approve ? DocumentStatus.CONFORME : DocumentStatus.REPROVADO;
  const updated = await repo.updateDocument(ctx.db, row.id, {
    statusId: to,
    reviewNote: decision.approve ? null : decision.note!.trim(),
    reviewedByUserId: ctx.user.userId,
    reviewedAt: currentTime(),
  });
  await log(ctx, row, decision.approve ? 'approved' : 'rejected', {
    from: row.statusId,
    to,
    detail: decision.note,
  });
  await documentsChanged(ctx, owner);
  return toView(ctx, updated);
};

export const listArchives = async (ctx: UserContext, uniqueId: string): Promise<ArchiveView[]> => {
  need(
    ctx,
    Permission.DOWNLOAD_DOCUMENTOS,
    Permission.VISUALIZAR_DOCUMENTOS,
    Permission.GERENCIAR_DOCUMENTOS,
  );
  const row = await repo.findByUniqueId(ctx.db, ctx.company.id, uniqueId);
  if (!row) throw notFound('Documento não encontrado.');
  return (await toView(ctx, row)).Archives;
};

export const documentHistory = async (ctx: UserContext, owner: Owner, uniqueId: string) => {
  const row = await getOwned(ctx, owner, uniqueId, { deleted: true });
  const entries = await repo.historyOf(ctx.db, row.id);
  const names = await users.userNames(
    ctx,
    entries.map(({ h }) => h.userId),
  );
  return entries.map(({ h }) => ({
    Action: h.action,
    FromStatusId: h.fromStatusId,
    ToStatusId: h.toStatusId,
    Detail: h.detail,
    ChangedByName: (h.userId && names.get(h.userId)) || null,
    CreatedAt: h.createdAt.toISOString(),
  }));
};

/** Creates the missing default slots of an owner (seeds, onboarding); idempotent by name. */
export const ensureDefaultDocuments = async (
  ctx: { db: UserContext['db']; company: UserContext['company']; user?: { userId: number } },
  owner: Owner,
  defs: { Name: string; RequestDocumentTypeId: number; IsRequired: boolean }[],
) => {
  const existing = await repo.listByOwner(ctx.db, ctx.company.id, owner, false);
  const missing = defs.filter((d) => !existing.some((e) => e.name.toLowerCase() === d.Name.toLowerCase()));
  // One statement for the missing slots, in the order given (their ids keep it).
  await repo.insertDocuments(
    ctx.db,
    missing.map((d) => ({
      companyId: ctx.company.id,
      ownerType: owner.type,
      ownerId: owner.id,
      name: d.Name,
      typeId: d.RequestDocumentTypeId,
      isRequired: d.IsRequired,
      statusId: DocumentStatus.PENDENTE,
      createdByUserId: ctx.user?.userId ?? null,
    })),
  );
};

/** Required, live documents not yet approved, per owner id of one owner type (0 when none). */
export const pendingRequiredCounts = async (
  ctx: Pick<UserContext, 'db' | 'company'>,
  ownerType: OwnerType,
  ownerIds: readonly number[],
) => {
  const ids = [...new Set(ownerIds)];
  const rows = ids.length
    ? await repo.pendingRequiredCounts(ctx.db, ctx.company.id, ownerType, ids, DocumentStatus.CONFORME)
    : [];
  const counts = new Map(rows.map((r) => [r.ownerId, r.n]));
  return new Map(ids.map((id) => [id, counts.get(id) ?? 0]));
};

export const pendingRequiredCount = async (ctx: Pick<UserContext, 'db' | 'company'>, owner: Owner) =>
  (await pendingRequiredCounts(ctx, owner.type, [owner.id])).get(owner.id) ?? 0;

/**
 * A document of an owner type (deleted ones included) by Id or UniqueId, for the owner's module to
 * check the owner is in the caller's scope before acting on it.
 */
export const findDocumentOfOwnerType = (
  ctx: Pick<UserContext, 'db' | 'company'>,
  ownerType: OwnerType,
  ref: { id?: number; uniqueId?: string },
) => repo.findOfOwnerType(ctx.db, ctx.company.id, ownerType, ref);
