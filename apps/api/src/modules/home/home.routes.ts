import { getHomeSummary } from '@aval/contracts';
import type { FastifyInstance } from 'fastify';
import type { Platform } from '../../context.js';
import { route } from '../../plugins/endpoints.js';
import * as service from './home.service.js';

export const homeRoutes = (app: FastifyInstance, platform: Platform) => {
  // Every count of the home from one snapshot.
  route(app, platform, getHomeSummary, (ctx) => service.getHomeSummary(ctx), { snapshot: true });
};
