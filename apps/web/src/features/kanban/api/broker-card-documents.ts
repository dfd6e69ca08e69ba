import {
  getBrokerRequestDocumentsByBroker,
  kanbanBrokerChangeStatusRequestDocument,
  kanbanBrokerDeleteRequestDocument,
  kanbanBrokerRequestDocument,
  RequestDocumentType,
} from '@aval/contracts';
import { api } from '../../../app/api.js';
import type { RequestDocumentsAdapter } from '../../../shared/ui/request-documents-adapter.js';
import { kanbanKeys } from './kanban-api.js';

/**
 * The brokerage's documents on its registration card for the shared panel: the analyst asks for a
 * document (KanbanBrokerRequestDocument), approves or rejects it (KanbanBrokerChangeStatusRequestDocument)
 * and removes it (KanbanBrokerDeleteRequestDocument); the list is the broker's documents call.
 */
export const brokerCardDocumentsAdapter = (broker: {
  Id: number;
  UniqueId: string;
}): RequestDocumentsAdapter => ({
  queryKey: kanbanKeys.brokerDocuments(broker.Id),
  invalidate: [kanbanKeys.brokerCard(broker.UniqueId)],
  documentTypes: [RequestDocumentType.COMPANY],
  requiredByDefault: true,
  access: {
    create: kanbanBrokerRequestDocument,
    review: kanbanBrokerChangeStatusRequestDocument,
    remove: kanbanBrokerDeleteRequestDocument,
  },
  list: () => api.call(getBrokerRequestDocumentsByBroker, { query: { brokerId: broker.Id } }),
  create: (input) =>
    api.call(kanbanBrokerRequestDocument, {
      body: {
        BrokerUniqueId: broker.UniqueId,
        Name: input.Name,
        RequestDocumentTypeId: input.RequestDocumentTypeId,
        IsRequired: input.IsRequired,
      },
    }),
  review: (doc, decision) =>
    api.call(kanbanBrokerChangeStatusRequestDocument, {
      body: {
        RequestDocumentUniqueId: doc.UniqueId,
        Approve: decision.approve,
        Justification: decision.note,
      },
    }),
  remove: (doc) =>
    api.call(kanbanBrokerDeleteRequestDocument, { body: { RequestDocumentUniqueId: doc.UniqueId } }),
});
