import { createHash, randomUUID } from 'node:crypto';
import type { StorageInfo, UploadedFile } from '@aval/contracts';
import type { UserContext } from '../../context.js';
import { currentTime } from '../../lib/clock.js';
import { badRequest, notFound, unsupportedMedia } from '../../lib/errors.js';
import type { IncomingFile } from '../../plugins/endpoints.js';
import { containerOf } from '../../plugins/storage.js';
import { allowedTypes, detectAllowedType, sanitiseFileName } from './file-types.js';
import { countUploadsBy, findArchive, findArchivesByIds, insertArchives } from './files.repository.js';

/** Files a user uploaded (a user with uploads is kept, not deleted). */
export const uploadCountBy = (ctx: { db: UserContext['db'] }, userId: number) =>
  countUploadsBy(ctx.db, userId);

/** Archives of the company by id (unknown ids are absent). */
export const archivesByIds = (ctx: Pick<UserContext, 'db' | 'company'>, ids: string[]) =>
  findArchivesByIds(ctx.db, ctx.company.id, ids);

const acceptedList = Object.keys(allowedTypes)
  .map((e) => e.toUpperCase())
  .join(', ');

/** Checks every file first (nothing is stored when one is refused), then stores them all. */
export const uploadArchives = async (ctx: UserContext, files: IncomingFile[]): Promise<UploadedFile[]> => {
  if (files.length === 0) throw badRequest('Selecione ao menos um arquivo.');
  const checked = [];
  for (const f of files) {
    const name = sanitiseFileName(f.fileName);
    if (f.data.length === 0) throw badRequest(`O arquivo "${name}" está vazio.`);
    const type = await detectAllowedType(f.data);
    if (!type) {
      throw unsupportedMedia(`O arquivo "${name}" não é de um tipo aceito. Tipos aceitos: ${acceptedList}.`);
    }
    checked.push({ ...f, name, type });
  }
  const container = containerOf(ctx.company.id);
  const now = currentTime();
  const folder = `archives/${now.getUTCFullYear()}/${String(now.getUTCMonth() + 1).padStart(2, '0')}`;
  const rows = [];
  for (const f of checked) {
    const id = randomUUID();
    const relativePath = `${folder}/${id}.${f.type.extension}`;
    await ctx.platform.blobs.put(container, relativePath, f.data, f.type.contentType);
    rows.push({
      id,
      companyId: ctx.company.id,
      name: f.name,
      extension: f.type.extension,
      contentType: f.type.contentType,
      sizeBytes: f.data.length,
      relativePath,
      container,
      uploadedByUserId: ctx.user.userId,
    });
  }
  const stored = await insertArchives(ctx.db, rows);
  return stored.map((r) => ({
    name: r.name,
    uniqueIdentifier: r.id,
    extension: r.extension,
    relativePath: r.relativePath,
  }));
};

/**
 * A signed URL for one archive the caller may see: its own upload, or a file attached to a document
 * whose owner the caller may see (documents/document-owners.ts). Anything else is 404, as if absent.
 */
export const getUrlFileDownload = async (ctx: UserContext, archiveId: string): Promise<string> => {
  const archive = await findArchive(ctx.db, ctx.company.id, archiveId);
  const visible =
    archive &&
    (archive.uploadedByUserId === ctx.user.userId ||
      (await ctx.platform.wiring.archiveReadable(ctx, archive.id)));
  if (!visible) throw notFound('Arquivo não encontrado.');
  return ctx.platform.signer.blobUrl(archive.container, archive.relativePath, { fileName: archive.name });
};

/** The company container with a signature that only creates new blobs (never reads or lists). */
export const getSharedAccessSignature = (ctx: UserContext): StorageInfo => {
  const container = containerOf(ctx.company.id);
  return {
    Uri: ctx.platform.signer.baseUri,
    ContainerName: container,
    Signature: ctx.platform.signer.containerSignature(container),
  };
};

/**
 * A signed URL for a generated document whose owning module has just checked the caller's access
 * (policies: the proposal or policy is in the caller's scope). Not for uploads.
 */
export const getUrlOfCheckedArchive = async (ctx: UserContext, archiveId: string): Promise<string> => {
  const archive = await findArchive(ctx.db, ctx.company.id, archiveId);
  if (!archive) throw notFound('Arquivo não encontrado.');
  return ctx.platform.signer.blobUrl(archive.container, archive.relativePath, { fileName: archive.name });
};

/**
 * Stores a document the system generated (policy, boleto, minuta, report) in the company's
 * container with its SHA-256; returns the archive id and the hash. Served like any archive
 * (getUrlFileDownload).
 */
export const storeGeneratedFile = async (
  ctx: Pick<UserContext, 'db' | 'company' | 'platform' | 'user'>,
  file: { name: string; extension: string; contentType: string; data: Buffer },
): Promise<{ id: string; sha256: string }> => {
  const container = containerOf(ctx.company.id);
  const now = currentTime();
  const id = randomUUID();
  const relativePath = `generated/${now.getUTCFullYear()}/${String(now.getUTCMonth() + 1).padStart(2, '0')}/${id}.${file.extension}`;
  const sha256 = createHash('sha256').update(file.data).digest('hex');
  await ctx.platform.blobs.put(container, relativePath, file.data, file.contentType);
  await insertArchives(ctx.db, [
    {
      id,
      companyId: ctx.company.id,
      name: sanitiseFileName(file.name),
      extension: file.extension,
      contentType: file.contentType,
      sizeBytes: file.data.length,
      relativePath,
      container,
      uploadedByUserId: ctx.user.userId || null,
      sha256,
    },
  ]);
  return { id, sha256 };
};

/** The bytes of an archive of the company (generated documents are read back in tests and reports). */
export const readArchive = async (
  ctx: Pick<UserContext, 'db' | 'company' | 'platform'>,
  archiveId: string,
) => {
  const archive = await findArchive(ctx.db, ctx.company.id, archiveId);
  if (!archive) throw notFound('Arquivo não encontrado.');
  return ctx.platform.blobs.get(archive.container, archive.relativePath);
};
