import {
  createBrokerRequestDocumentByInsurer,
  deleteBrokerRequestDocument,
  getBrokerRequestDocuments,
  getBrokerRequestDocumentsByBroker,
  getBrokerRequestDocumentsDeletedByBroker,
  Permission,
  RequestDocumentType,
  submitBrokerDocumentToReview,
  UserType,
  uploadBrokerRequestDocumentArchive,
  uploadBrokerRequestDocumentArchiveByInsurer,
} from '@aval/contracts';
import { api } from '../../../app/api.js';
import type { RequestDocumentsAdapter } from '../../../shared/ui/request-documents-adapter.js';
import { brokersKeys } from './brokers-api.js';

/** Types offered when the insurer asks a brokerage for a document: Corretora first, then every other. */
const brokerDocumentTypes = [
  RequestDocumentType.COMPANY,
  ...Object.values(RequestDocumentType).filter((t) => t !== RequestDocumentType.COMPANY),
];

/**
 * The documents of a brokerage for the shared panel. `own`: the signed-in broker's brokerage (it
 * attaches files and sends them to analysis); otherwise insurer staff looking at a brokerage (asks
 * for documents, attaches files, removes). Removed documents come from their own call; the spec
 * has no restore for brokers.
 */
export const brokerDocumentsAdapter = (brokerId: number, own: boolean): RequestDocumentsAdapter => ({
  queryKey: brokersKeys.documents(brokerId, false),
  deletedQueryKey: brokersKeys.documents(brokerId, true),
  // The brokerage's status (pending required documents) and history change with its documents.
  invalidate: [brokersKeys.all],
  documentTypes: brokerDocumentTypes,
  requiredByDefault: true,
  maxFiles: 5,
  access: {
    upload: own ? uploadBrokerRequestDocumentArchive : uploadBrokerRequestDocumentArchiveByInsurer,
    submit: submitBrokerDocumentToReview,
    create: createBrokerRequestDocumentByInsurer,
    // The API lets a brokerage remove too; the portal leaves removal to the insurer, as before.
    remove: { permissions: [Permission.GERENCIAR_CORRETORES], userTypes: [UserType.INSURANCE] },
  },
  list: own
    ? () => api.call(getBrokerRequestDocuments, {})
    : () => api.call(getBrokerRequestDocumentsByBroker, { query: { brokerId } }),
  listDeleted: () =>
    api.call(getBrokerRequestDocumentsDeletedByBroker, { query: { brokerId: own ? undefined : brokerId } }),
  upload: own
    ? (doc, ArchiveUniqueIds) =>
        api.call(uploadBrokerRequestDocumentArchive, {
          body: { RequestDocumentUniqueId: doc.UniqueId, ArchiveUniqueIds },
        })
    : (doc, ArchiveUniqueIds) =>
        api.call(uploadBrokerRequestDocumentArchiveByInsurer, {
          body: { BrokerId: brokerId, RequestDocumentUniqueId: doc.UniqueId, ArchiveUniqueIds },
        }),
  ...(own
    ? {
        submit: (docs) =>
          api.call(submitBrokerDocumentToReview, {
            body: { RequestDocumentUniqueIds: docs.map((d) => d.UniqueId) },
          }),
      }
    : {}),
  create: (input) =>
    api.call(createBrokerRequestDocumentByInsurer, { body: { ...input, BrokerId: brokerId } }),
  remove: (doc) =>
    api.call(deleteBrokerRequestDocument, {
      body: { RequestDocumentUniqueId: doc.UniqueId, BrokerId: brokerId },
    }),
});
