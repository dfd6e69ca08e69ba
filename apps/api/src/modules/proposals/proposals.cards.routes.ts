import {
  getCardEconomicGroupInfo,
  getCardProposalInfo,
  kanbanInsuranceUpdateProposal,
  kanbanInsuranceUpdateProposalContractualTerms,
  kanbanProposalChangeStatusRequestDocument,
  kanbanProposalDeleteRequestDocument,
  kanbanProposalRequestDocument,
  kanbanProposalSendToBroker,
  kanbanSaveEconomicGroup,
} from '@aval/contracts';
import type { FastifyInstance } from 'fastify';
import type { Platform } from '../../context.js';
import { route } from '../../plugins/endpoints.js';
import * as cards from './proposals.cards.js';
import { underwriterUpdate } from './proposals.finance.js';

/** The proposal cards' calls of the main API (`/api/kanban/*`, issue 15). */
export const proposalCardsRoutes = (app: FastifyInstance, platform: Platform) => {
  route(app, platform, getCardProposalInfo, (ctx, { query }) => cards.cardInfo(ctx, query.ProposalUniqueId), {
    snapshot: true,
  });
  route(app, platform, kanbanProposalRequestDocument, (ctx, { body }) => cards.requestDocument(ctx, body));
  route(app, platform, kanbanProposalChangeStatusRequestDocument, (ctx, { body }) =>
    cards.changeDocumentStatus(ctx, body),
  );
  route(app, platform, kanbanProposalDeleteRequestDocument, (ctx, { body }) =>
    cards.deleteRequestDocument(ctx, body),
  );
  route(app, platform, kanbanProposalSendToBroker, (ctx, { body }) => cards.sendToBroker(ctx, body));
  route(app, platform, kanbanInsuranceUpdateProposal, (ctx, { body }) => underwriterUpdate(ctx, body));
  route(app, platform, kanbanInsuranceUpdateProposalContractualTerms, (ctx, { body }) =>
    cards.updateContractualTerms(ctx, body),
  );
  route(app, platform, getCardEconomicGroupInfo, (ctx, { query }) =>
    cards.economicGroupInfo(ctx, query.ProposalUniqueId),
  );
  route(app, platform, kanbanSaveEconomicGroup, (ctx, { body }) => cards.saveEconomicGroup(ctx, body));
};
