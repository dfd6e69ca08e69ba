import { getCities, getStateProvinces, searchCep } from '@aval/contracts';
import type { FastifyInstance } from 'fastify';
import type { Platform } from '../../context.js';
import { route } from '../../plugins/endpoints.js';
import * as service from './locations.service.js';

export const locationsRoutes = (app: FastifyInstance, platform: Platform) => {
  route(app, platform, getStateProvinces, async () => service.getStateProvinces());
  route(app, platform, getCities, async (_ctx, { query }) => service.getCities(query.stateProvinceId));
  route(app, platform, searchCep, (ctx, { query }) => service.searchCep(ctx, query.cep));
};
