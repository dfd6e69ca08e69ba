import {
  getCardProposalInfo,
  kanbanProposalChangeStatusRequestDocument,
  kanbanProposalDeleteRequestDocument,
  kanbanProposalRequestDocument,
  RequestDocumentType,
} from '@aval/contracts';
import { api } from '../../../app/api.js';
import type { RequestDocumentsAdapter } from '../../../shared/ui/request-documents-adapter.js';
import { kanbanKeys } from './kanban-api.js';

/**
 * The proposal's documents on its card for the shared panel: the underwriter asks the broker for a
 * document (KanbanProposalRequestDocument), approves or rejects it
 * (KanbanProposalChangeStatusRequestDocument) and removes it (KanbanProposalDeleteRequestDocument);
 * the list is the card's own call (GetCardProposalInfo).
 */
export const proposalCardDocumentsAdapter = (proposalUniqueId: string): RequestDocumentsAdapter => {
  const owner = { ProposalUniqueId: proposalUniqueId };
  return {
    // Beside the card's query (its data has another shape); a change refreshes both.
    queryKey: [...kanbanKeys.proposalCard(proposalUniqueId), 'documents'],
    invalidate: [kanbanKeys.proposalCard(proposalUniqueId)],
    documentTypes: [RequestDocumentType.PROPOSAL],
    requiredByDefault: true,
    access: {
      create: kanbanProposalRequestDocument,
      review: kanbanProposalChangeStatusRequestDocument,
      remove: kanbanProposalDeleteRequestDocument,
    },
    list: async () => {
      const { Proposal } = await api.call(getCardProposalInfo, { query: owner });
      return {
        RequestDocuments: Proposal.RequestDocuments,
        DeletedRequestDocuments: Proposal.DeletedRequestDocuments,
      };
    },
    create: (input) => api.call(kanbanProposalRequestDocument, { body: { ...owner, ...input } }),
    review: (doc, decision) =>
      api.call(kanbanProposalChangeStatusRequestDocument, {
        body: {
          RequestDocumentUniqueId: doc.UniqueId,
          Approve: decision.approve,
          Justification: decision.note,
        },
      }),
    remove: (doc) =>
      api.call(kanbanProposalDeleteRequestDocument, {
        body: { ...owner, RequestDocumentUniqueId: doc.UniqueId },
      }),
  };
};
