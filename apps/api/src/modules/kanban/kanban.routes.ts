import {
  followUpSendObservation,
  getCardObservations,
  getCardUserNames,
  getRequestDocumentArchives,
} from '@aval/contracts';
import type { FastifyInstance } from 'fastify';
import type { Platform } from '../../context.js';
import { route } from '../../plugins/endpoints.js';
import { listArchives } from '../documents/index.js';
import * as users from '../users/index.js';
import { getObservations, sendObservation } from './kanban.follow-up.js';

/**
 * The calls of the main API every card shares (`/api/kanban/*`): observations, the archives of a
 * document, the names of the users on a card. Each owner registers its cards' own calls
 * (brokers.cards.routes, policy-holders.cards.routes, proposals.cards.routes).
 */
export const kanbanCardsRoutes = (app: FastifyInstance, platform: Platform) => {
  route(app, platform, getRequestDocumentArchives, (ctx, { query }) =>
    listArchives(ctx, query.RequestDocumentUniqueId),
  );
  route(app, platform, followUpSendObservation, (ctx, { body }) => sendObservation(ctx, body));
  route(app, platform, getCardObservations, (ctx, { query }) => getObservations(ctx, query));
  route(app, platform, getCardUserNames, async (ctx, { query }) =>
    [...(await users.userNames(ctx, query.UserIds))].map(([Id, Name]) => ({ Id, Name })),
  );
};
