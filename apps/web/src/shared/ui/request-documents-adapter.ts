import { DocumentStatus, Permission, type RequestDocumentView, UserType } from '@aval/contracts';
import type { QueryKey } from '@tanstack/react-query';
import { type CallAccess, type Caller, mayCall } from '../api/may-call.js';

export type { CallAccess };

/** What an owner's list call answers: a plain list, or the spec's current and removed documents. */
export type RequestDocumentList =
  | RequestDocumentView[]
  | { RequestDocuments: RequestDocumentView[]; DeletedRequestDocuments?: RequestDocumentView[] };

export type NewRequestDocument = { Name: string; RequestDocumentTypeId: number; IsRequired: boolean };

/** The insurer's decision on a document in analysis: Conforme, or Reprovado with the reason. */
export type ReviewDecision = { approve: boolean; note?: string };

export type RequestDocumentAction =
  | 'create'
  | 'rename'
  | 'upload'
  | 'remove'
  | 'restore'
  | 'submit'
  | 'review';

/**
 * How one owner (insured, policy holder, request limit, broker, the insurer itself, later proposals)
 * reads and changes its request documents. Only `list` is required; an action without its call is
 * not offered. Build it in the owner's feature (`features/<x>/api/<x>-documents.ts`).
 */
export type RequestDocumentsAdapter = {
  /** Query key of the owner's documents (from the owner's key factory). */
  queryKey: QueryKey;
  /** Query key of the removed documents when `listDeleted` brings them. */
  deletedQueryKey?: QueryKey;
  /** Other keys refreshed after a change (the owner's detail, its history...). */
  invalidate?: QueryKey[];
  /** Request document types (1-8) offered when creating: the first is preselected, one type shows no select; empty: every type, none preselected. */
  documentTypes: readonly number[];
  /** A new document starts as required (the checkbox is still there). */
  requiredByDefault?: boolean;
  /** `own`: the owner's own documents (/documentos: "Novo documento"); `requested` (default): documents asked of the owner. */
  kind?: 'requested' | 'own';
  /** At most this many files per upload (spec §5; default 10). */
  maxFiles?: number;
  /** Shown instead of the server's message when the list answers 403. */
  forbiddenMessage?: string;
  /** Nothing may change here (a blocked record, a user type that only reads): files can still be downloaded. */
  readOnly?: boolean;
  /**
   * The endpoint behind each action (pass the descriptor): its permissions and user types are checked
   * as well as the mechanism's own (44-47), because the API refuses when either is missing.
   */
  access?: Partial<Record<RequestDocumentAction, CallAccess>>;

  list: () => Promise<RequestDocumentList>;
  listDeleted?: () => Promise<RequestDocumentView[]>;
  create?: (input: NewRequestDocument) => Promise<unknown>;
  rename?: (doc: RequestDocumentView, name: string) => Promise<unknown>;
  upload?: (doc: RequestDocumentView, archiveUniqueIds: string[]) => Promise<unknown>;
  remove?: (doc: RequestDocumentView) => Promise<unknown>;
  restore?: (doc: RequestDocumentView) => Promise<unknown>;
  /** Sends the given documents (pending or rejected, with files) to the insurer's analysis. */
  submit?: (docs: RequestDocumentView[]) => Promise<unknown>;
  /** The insurer approves or rejects a document (status change by the insurer). */
  review?: (doc: RequestDocumentView, decision: ReviewDecision) => Promise<unknown>;
};

const P = Permission;
/** Spec §6: upload 44, edit 45, remove 46, restore 47; 'Gerenciar documentos' (5) creates, edits and uploads too. */
export const documentActionPermissions: Record<RequestDocumentAction, readonly number[]> = {
  create: [P.EDITAR_DOCUMENTOS, P.GERENCIAR_DOCUMENTOS],
  rename: [P.EDITAR_DOCUMENTOS, P.GERENCIAR_DOCUMENTOS],
  upload: [P.UPLOAD_DOCUMENTOS, P.GERENCIAR_DOCUMENTOS],
  submit: [P.UPLOAD_DOCUMENTOS, P.GERENCIAR_DOCUMENTOS],
  remove: [P.REMOVER_DOCUMENTOS],
  restore: [P.RESTAURAR_DOCUMENTOS],
  review: [P.EDITAR_DOCUMENTOS, P.GERENCIAR_DOCUMENTOS],
};

/** Only the insurer analyses documents (the API refuses anyone else). */
const insurerOnly: Partial<Record<RequestDocumentAction, readonly number[]>> = {
  review: [UserType.INSURANCE],
};

export type DocumentsUser = Caller;

/** The actions offered: the adapter has the call, the owner is not read-only and the user passes every rule. */
export const allowedDocumentActions = (
  adapter: RequestDocumentsAdapter,
  user: DocumentsUser,
): Set<RequestDocumentAction> =>
  new Set(
    (Object.keys(documentActionPermissions) as RequestDocumentAction[]).filter(
      (a) =>
        !adapter.readOnly &&
        adapter[a] !== undefined &&
        mayCall(
          user,
          { permissions: documentActionPermissions[a], userTypes: insurerOnly[a] },
          adapter.access?.[a] ?? {},
        ),
    ),
  );

const isInsurer = (user: DocumentsUser) => user.userType === UserType.INSURANCE;

/**
 * The actions a current document accepts now, by its status (the API's rules): no files while in
 * analysis; an approved document stays as it is for everyone but the insurer; only a document in
 * analysis is analysed. (A removed document only offers restore.)
 */
export const documentRowActions = (
  doc: RequestDocumentView,
  allowed: ReadonlySet<RequestDocumentAction>,
  user: DocumentsUser,
): Set<RequestDocumentAction> => {
  const approvedLock = doc.StatusId === DocumentStatus.CONFORME && !isInsurer(user);
  const out = new Set<RequestDocumentAction>();
  if (allowed.has('upload') && doc.StatusId !== DocumentStatus.AGUARDANDO_ANALISE && !approvedLock)
    out.add('upload');
  if (allowed.has('rename')) out.add('rename');
  // The insurer reviews what was sent to analysis, and any file already attached (a proposal's
  // documents attached in the wizard go with the proposal, without a separate submission).
  const reviewable =
    doc.StatusId === DocumentStatus.AGUARDANDO_ANALISE ||
    ((doc.StatusId === DocumentStatus.PENDENTE || doc.StatusId === DocumentStatus.REPROVADO) &&
      doc.Archives.length > 0);
  if (allowed.has('review') && reviewable) out.add('review');
  if (allowed.has('remove') && !approvedLock) out.add('remove');
  return out;
};

/** Documents with files that can go to the insurer's analysis (pending or rejected). */
export const sendableDocuments = (docs: RequestDocumentView[]) =>
  docs.filter(
    (d) =>
      (d.StatusId === DocumentStatus.PENDENTE || d.StatusId === DocumentStatus.REPROVADO) &&
      d.Archives.length > 0,
  );

/** Name a file is saved under: the stored name, with its extension when the name lacks it. */
export const archiveFileName = (a: RequestDocumentView['Archives'][number]) => {
  const ext = a.Extension.replace(/^\./, '');
  return !ext || a.Name.toLowerCase().endsWith(`.${ext.toLowerCase()}`) ? a.Name : `${a.Name}.${ext}`;
};
