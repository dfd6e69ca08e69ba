import { getSharedAccessSignatureToUpload, getUrlFileDownload, uploadArchives } from '@aval/contracts';
import type { FastifyInstance } from 'fastify';
import type { Platform } from '../../context.js';
import { route } from '../../plugins/endpoints.js';
import { contentTypeOfExtension, inlineExtensions } from './file-types.js';
import { admitUpload } from './files.quotas.js';
import * as service from './files.service.js';

export const filesRoutes = (app: FastifyInstance, platform: Platform) => {
  route(app, platform, uploadArchives, (ctx, { files }) => service.uploadArchives(ctx, files), {
    admit: ({ company, user }, files) => admitUpload(platform, company!, user!, files),
  });
  route(app, platform, getUrlFileDownload, (ctx, { query }) =>
    service.getUrlFileDownload(ctx, query.ArchiveUniqueId),
  );
  route(app, platform, getSharedAccessSignatureToUpload, async (ctx) =>
    service.getSharedAccessSignature(ctx),
  );

  // Signed, expiring downloads of stored files (our extra route, outside /api).
  app.get('/storage/:container/*', { schema: { hide: true } }, async (request, reply) => {
    const { container, '*': key } = request.params as { container: string; '*': string };
    const query = request.query as Record<string, string | undefined>;
    if (!platform.signer.verify(container, key, query, 'read')) {
      return reply.status(403).send({ Errors: ['Link de arquivo inválido ou expirado.'] });
    }
    let data: Buffer | undefined;
    try {
      data = await platform.blobs.get(container, key);
    } catch {
      data = undefined;
    }
    if (!data) return reply.status(404).send({ Errors: ['Arquivo não encontrado.'] });
    const ext = (key.split('.').pop() ?? '').toLowerCase();
    reply.header('content-type', contentTypeOfExtension(ext));
    reply.header('cache-control', 'private, max-age=60');
    reply.header('x-content-type-options', 'nosniff');
    // A download under its original name is an attachment; opened as is, only PDF and images
    // are shown inline, anything else is downloaded.
    const name = query.fn ?? key.split('/').pop() ?? 'arquivo';
    const disposition = !query.fn && inlineExtensions.has(ext) ? 'inline' : 'attachment';
    reply.header('content-disposition', `${disposition}; filename*=UTF-8''${encodeURIComponent(name)}`);
    return reply.send(data);
  });
};
