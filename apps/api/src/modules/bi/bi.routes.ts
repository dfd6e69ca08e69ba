import {
  getBiDashboard,
  getExternalBiEmbed,
  getExternalBiSettings,
  saveExternalBiSettings,
} from '@aval/contracts';
import type { FastifyInstance } from 'fastify';
import type { Platform } from '../../context.js';
import { sharedSecret } from '../../lib/secrets.js';
import { route } from '../../plugins/endpoints.js';
import * as service from './bi.service.js';

export const biRoutes = (app: FastifyInstance, platform: Platform) => {
  // The key that encrypts embedding secrets: read at start-up as the owner (requests run as
  // aval_app, which cannot read app_secrets), shared by every instance through the database.
  let box: service.SecretBox | undefined;
  app.addHook('onReady', async () => {
    box = service.secretBox(
      await sharedSecret(platform.database.db, 'bi_settings_key', () =>
        Buffer.from(crypto.getRandomValues(new Uint8Array(32))).toString('base64url'),
      ),
    );
  });
  const key = () => {
    if (!box) throw new Error('bi_settings_key not loaded');
    return box;
  };
  // Every chart from one snapshot: the aggregates' month and the months read live agree.
  route(app, platform, getBiDashboard, (ctx, { query }) => service.getDashboard(ctx, query), {
    snapshot: true,
    replica: true,
  });
  route(app, platform, getExternalBiEmbed, (ctx) => service.getEmbed(ctx, key()));
  route(app, platform, getExternalBiSettings, (ctx) => service.getSettings(ctx));
  route(app, platform, saveExternalBiSettings, (ctx, { body }) => service.saveSettings(ctx, key(), body));
};
