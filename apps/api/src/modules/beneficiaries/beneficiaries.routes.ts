import { saveBeneficiaryLocation, searchBeneficiary, validateBeneficiaryByDocument } from '@aval/contracts';
import type { FastifyInstance } from 'fastify';
import type { Platform } from '../../context.js';
import { route } from '../../plugins/endpoints.js';
import * as service from './beneficiaries.service.js';

export const beneficiariesRoutes = (app: FastifyInstance, platform: Platform) => {
  route(app, platform, searchBeneficiary, (ctx, { query }) =>
    service.search(ctx, query.TextSearch, query.CanHaveBeneficiaryPF ?? false),
  );
  route(app, platform, validateBeneficiaryByDocument, (ctx, { body }) =>
    service.validateByDocument(ctx, body),
  );
  route(app, platform, saveBeneficiaryLocation, (ctx, { body }) => service.saveLocation(ctx, body));
};
