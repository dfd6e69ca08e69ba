import { AWAITING_BROKER_STEP, CardType, DocumentStatus, RequestDocumentType } from '@aval/domain';
import type { UserContext } from '../../context.js';
import { notFound, unprocessable } from '../../lib/errors.js';
import { brokerScope, inScope } from '../../lib/visibility.js';
import * as documents from '../documents/index.js';
import * as kanban from '../kanban/index.js';
import { resolveBroker } from './brokers.access.js';
import { record } from './brokers.history.js';
import * as repo from './brokers.repository.js';

type Owner = documents.Owner;
/** Document-owner rule (documents/document-owners.ts): a brokerage the caller may see. */
export const mayReadDocuments = async (ctx: UserContext, brokerId: number) =>
  inScope(await brokerScope(ctx), { brokerId });

export const ownerOf = (brokerId: number): Owner => ({ type: 'broker', id: brokerId });

/** Documents every new brokerage is asked for (type 5, Corretora). */
export const defaultBrokerDocuments = [
  {
    Name: 'Contrato social e última alteração',
    RequestDocumentTypeId: RequestDocumentType.COMPANY,
    IsRequired: true,
  },
  { Name: 'Cartão CNPJ', RequestDocumentTypeId: RequestDocumentType.COMPANY, IsRequired: true },
  {
    Name: 'Certificado de registro SUSEP',
    RequestDocumentTypeId: RequestDocumentType.COMPANY,
    IsRequired: true,
  },
  {
    Name: 'Comprovante da conta bancária',
    RequestDocumentTypeId: RequestDocumentType.COMPANY,
    IsRequired: true,
  },
  {
    Name: 'Documento de identidade do administrador',
    RequestDocumentTypeId: RequestDocumentType.COMPANY,
    IsRequired: true,
  },
  { Name: 'Comprovante de endereço', RequestDocumentTypeId: RequestDocumentType.COMPANY, IsRequired: false },
];

// ---------------------------------------------------------------- request documents

const syncPendingDocuments = async (ctx: UserContext, brokerId: number) => {
  const pending = await documents.pendingRequiredCount(ctx, ownerOf(brokerId));
  await repo.updateBrokerRow(ctx.db, ctx.company.id, brokerId, { hasPendingDocuments: pending > 0 });
};

export const listBrokerDocuments = async (ctx: UserContext, brokerId?: number, deleted = false) => {
  const { broker } = await resolveBroker(ctx, { id: brokerId });
  return documents.listDocuments(ctx, ownerOf(broker.id), { deleted });
};

/** The broker a document belongs to, within the caller's scope (404 otherwise). */
const brokerOfDocument = async (ctx: UserContext, ref: { id?: number; uniqueId?: string }) => {
  const doc = await documents.findDocumentOfOwnerType(ctx, 'broker', ref);
  if (!doc) throw notFound('Documento não encontrado.');
  await resolveBroker(ctx, { id: doc.ownerId });
  return doc;
};

export const listBrokerDocumentArchives = async (
  ctx: UserContext,
  q: { BrokerRequestDocumentId?: number; RequestDocumentUniqueId?: string },
) => {
  const doc = await brokerOfDocument(ctx, {
    id: q.BrokerRequestDocumentId,
    uniqueId: q.RequestDocumentUniqueId,
  });
  return documents.listArchives(ctx, doc.uniqueId);
};

export const uploadOwnDocument = async (
  ctx: UserContext,
  input: { RequestDocumentUniqueId: string; ArchiveUniqueIds: string[] },
) => {
  const { broker } = await resolveBroker(ctx);
  const view = await documents.attachArchives(
    ctx,
    ownerOf(broker.id),
    input.RequestDocumentUniqueId,
    input.ArchiveUniqueIds,
  );
  await syncPendingDocuments(ctx, broker.id);
  return view;
};

export const submitOwnDocuments = async (ctx: UserContext, uniqueIds?: string[]) => {
  const { broker } = await resolveBroker(ctx);
  const changed = await documents.submitToAnalysis(ctx, ownerOf(broker.id), uniqueIds);
  await record(ctx, broker.id, [
    { field: 'Documents', old: null, new: `Enviados para análise: ${changed.map((d) => d.Name).join(', ')}` },
  ]);
  return changed;
};

export const createDocumentByInsurer = async (
  ctx: UserContext,
  input: {
    BrokerId?: number;
    BrokerUniqueId?: string;
    Name: string;
    RequestDocumentTypeId: number;
    IsRequired?: boolean;
  },
) => {
  const { broker } = await resolveBroker(ctx, { id: input.BrokerId, uniqueId: input.BrokerUniqueId });
  const view = await documents.createDocument(ctx, ownerOf(broker.id), {
    Name: input.Name,
    RequestDocumentTypeId: input.RequestDocumentTypeId,
    IsRequired: input.IsRequired,
  });
  await record(ctx, broker.id, [
    { field: 'Documents', old: null, new: `Documento solicitado: ${view.Name}` },
  ]);
  await syncPendingDocuments(ctx, broker.id);
  return view;
};

export const uploadDocumentByInsurer = async (
  ctx: UserContext,
  input: {
    BrokerId?: number;
    BrokerUniqueId?: string;
    RequestDocumentUniqueId: string;
    ArchiveUniqueIds: string[];
  },
) => {
  const { broker } = await resolveBroker(ctx, { id: input.BrokerId, uniqueId: input.BrokerUniqueId });
  const view = await documents.attachArchives(
    ctx,
    ownerOf(broker.id),
    input.RequestDocumentUniqueId,
    input.ArchiveUniqueIds,
  );
  await syncPendingDocuments(ctx, broker.id);
  return view;
};

export const deleteBrokerDocument = async (
  ctx: UserContext,
  input: { RequestDocumentUniqueId: string; BrokerId?: number },
) => {
  const doc = await brokerOfDocument(ctx, { uniqueId: input.RequestDocumentUniqueId });
  if (input.BrokerId !== undefined && input.BrokerId !== doc.ownerId)
    throw notFound('Documento não encontrado.');
  const done = await documents.deleteDocument(ctx, ownerOf(doc.ownerId), doc.uniqueId);
  await record(ctx, doc.ownerId, [{ field: 'Documents', old: doc.name, new: 'Documento excluído' }]);
  await syncPendingDocuments(ctx, doc.ownerId);
  return done;
};

/** Insurer review of a broker document (used by the kanban card; the spec has no broker call for it). */
export const reviewBrokerDocument = async (
  ctx: UserContext,
  documentUniqueId: string,
  decision: { approve: boolean; note?: string },
) => {
  const doc = await brokerOfDocument(ctx, { uniqueId: documentUniqueId });
  const view = await documents.reviewDocument(ctx, ownerOf(doc.ownerId), doc.uniqueId, decision);
  await syncPendingDocuments(ctx, doc.ownerId);
  return view;
};

/**
 * KanbanBrokerRequestDocumentsSendToBroker: the brokerage is e-mailed the list of its pending and
 * rejected documents (with the reasons), its registration card goes to 'Aguardando corretor' and
 * the note stays on the card. 422 when nothing is pending.
 */
export const sendDocumentsToBroker = async (
  ctx: UserContext,
  input: { BrokerUniqueId: string; Observation?: string | null },
) => {
  const { broker, name } = await resolveBroker(ctx, { uniqueId: input.BrokerUniqueId });
  const docs = await documents.listDocuments(ctx, ownerOf(broker.id));
  const open = docs.filter(
    (d) => d.StatusId === DocumentStatus.PENDENTE || d.StatusId === DocumentStatus.REPROVADO,
  );
  if (open.length === 0)
    throw unprocessable('Nenhum documento pendente ou reprovado para enviar à corretora.');
  const note = input.Observation?.trim() || null;
  const lines = open.map((d) => `- ${d.Name}: ${d.StatusName}${d.ReviewNote ? ` (${d.ReviewNote})` : ''}`);
  await ctx.platform.jobs.send(
    ctx.platform.queues.sendMail,
    {
      to: broker.email,
      subject: `${ctx.company.name}: documentos pendentes do cadastro da corretora`,
      text: `Olá!\n\nA ${ctx.company.name} analisou o cadastro da corretora ${name} e precisa dos documentos abaixo:\n\n${lines.join('\n')}\n${note ? `\nObservação: ${note}\n` : ''}\nEnvie-os pelo portal, em Minha corretora > Documentos.\n`,
    },
    { tx: ctx.db },
  );
  await record(ctx, broker.id, [
    {
      field: 'Documents',
      old: null,
      new: `Documentos enviados à corretora: ${open.map((d) => d.Name).join(', ')}`.slice(0, 200),
    },
  ]);
  for (const cardType of [CardType.ANALISE_DOCUMENTACAO_CORRETORA, CardType.ANALISE_CONFORMIDADE_CORRETORA]) {
    await kanban.moveOwnedCard(ctx, { cardType, cardRef: broker.uniqueId, stepName: AWAITING_BROKER_STEP });
  }
  if (note)
    await kanban.addCardObservation(
      ctx,
      { cardType: CardType.ANALISE_DOCUMENTACAO_CORRETORA, cardRef: broker.uniqueId },
      note,
    );
  return docs;
};
