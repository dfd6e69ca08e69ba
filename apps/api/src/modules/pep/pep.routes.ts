import { getPepList, importPepList } from '@aval/contracts';
import type { FastifyInstance } from 'fastify';
import type { Platform } from '../../context.js';
import { route } from '../../plugins/endpoints.js';
import { importList, listPage } from './pep.service.js';

/** The insurer's PEP list (issue 15). */
export const pepRoutes = (app: FastifyInstance, platform: Platform) => {
  route(app, platform, importPepList, (ctx, { body }) => importList(ctx, body.Csv));
  route(app, platform, getPepList, (ctx, { query }) => listPage(ctx, query.currentPage, query.rowsPerPage));
};
