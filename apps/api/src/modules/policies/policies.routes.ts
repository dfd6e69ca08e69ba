import { registerPolicySro, searchLateSroRegistrations } from '@aval/contracts';
import type { FastifyInstance } from 'fastify';
import type { Platform } from '../../context.js';
import { route } from '../../plugins/endpoints.js';
import * as service from './policies.service.js';

export const policiesRoutes = (app: FastifyInstance, platform: Platform) => {
  route(app, platform, searchLateSroRegistrations, (ctx, { query }) => service.searchLateSro(ctx, query));
  route(app, platform, registerPolicySro, (ctx, { body }) => service.registerSro(ctx, body));
};
