import { getCompanyByKey, getPortalConfig } from '@aval/contracts';
import type { FastifyInstance } from 'fastify';
import type { Platform } from '../../context.js';
import { route } from '../../plugins/endpoints.js';
import * as service from './portal.service.js';

export const portalRoutes = (app: FastifyInstance, platform: Platform) => {
  route(app, platform, getPortalConfig, (ctx, { query }) => service.getPortalConfig(ctx, query.dns), {
    fromMemory: ({ request }) => service.keptPortalConfig(platform, (request.query as { dns: string }).dns),
  });
  route(app, platform, getCompanyByKey, (ctx) => service.getCompanyByKey(ctx));
};
