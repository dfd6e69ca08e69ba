import {
  getCardRequestLimitInfo,
  kanbanRequestLimitChangeStatusRequestDocument,
  RequestDocumentType,
} from '@aval/contracts';
import { api } from '../../../app/api.js';
import type { RequestDocumentsAdapter } from '../../../shared/ui/request-documents-adapter.js';
import { kanbanKeys } from './kanban-api.js';

/**
 * The documents of a REQUEST_LIMIT card for the shared panel: the policy holder's request-limit
 * documents as GetCardRequestLimitInfo brings them (the card view's own query), analysed by the
 * insurer through KanbanRequestLimitChangeStatusRequestDocument; nothing else changes here.
 */
export const requestLimitCardDocumentsAdapter = (cardRef: string): RequestDocumentsAdapter => ({
  queryKey: kanbanKeys.requestLimitCard(cardRef),
  documentTypes: [RequestDocumentType.REQUEST_LIMIT],
  access: { review: kanbanRequestLimitChangeStatusRequestDocument },
  list: () => api.call(getCardRequestLimitInfo, { query: { PolicyHolderUniqueId: cardRef } }),
  review: (doc, decision) =>
    api.call(kanbanRequestLimitChangeStatusRequestDocument, {
      body: {
        RequestDocumentUniqueId: doc.UniqueId,
        Approve: decision.approve,
        Justification: decision.note,
      },
    }),
});
