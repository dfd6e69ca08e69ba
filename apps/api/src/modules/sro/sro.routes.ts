import {
  getPolicySroRegistrations,
  rectifySroRegistration,
  registerSroManually,
  resendSroRegistration,
  searchSroRegistrations,
} from '@aval/contracts';
import type { FastifyInstance } from 'fastify';
import type { Platform } from '../../context.js';
import { route } from '../../plugins/endpoints.js';
import * as service from './sro.service.js';

export const sroRoutes = (app: FastifyInstance, platform: Platform) => {
  route(app, platform, searchSroRegistrations, (ctx, { query }) =>
    service.searchSroRegistrations(ctx, query),
  );
  route(app, platform, getPolicySroRegistrations, (ctx, { query }) =>
    service.policySroRegistrations(ctx, query.PolicyUniqueId),
  );
  route(app, platform, resendSroRegistration, (ctx, { body }) =>
    service.resendSroRegistration(ctx, body.UniqueId),
  );
  route(app, platform, rectifySroRegistration, (ctx, { body }) =>
    service.rectifySroRegistration(ctx, body.UniqueId),
  );
  route(app, platform, registerSroManually, (ctx, { body }) =>
    service.registerSroManually(ctx, body.UniqueId, body.Protocol),
  );
};
