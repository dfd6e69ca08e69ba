import * as calls from '@aval/contracts';
import type { UserContext } from '../context.js';
import { renderPdf } from '../lib/pdf.js';
import * as documents from '../modules/documents/index.js';
import { uploadArchives } from '../modules/files/files.service.js';
import { perform } from './context.js';

/** A demo document's file: a one-page PDF that names it (rendered once per name and run). */
const rendered = new Map<string, Promise<Buffer>>();
const demoPdf = (name: string) => {
  if (!rendered.has(name)) rendered.set(name, renderOne(name));
  return rendered.get(name)!;
};
const renderOne = (name: string) =>
  renderPdf({
    content: [
      { text: name, fontSize: 14, bold: true, margin: [0, 0, 0, 12] },
      { text: 'Documento da demonstração do Aval: ocupa o lugar do arquivo que o cliente enviaria.' },
    ],
  });

/** Uploads one file per document name as the user of `ctx`: the archive ids, for the request's slots. */
export const uploadDemoFiles = async (ctx: UserContext, names: readonly string[]) => {
  const slots = [];
  for (const name of names) {
    const data = await demoPdf(name);
    const [file] = await perform(ctx, calls.uploadArchives, () =>
      uploadArchives(ctx, [{ fileName: `${name}.pdf`, mimeType: 'application/pdf', data }]),
    );
    slots.push({ Name: name, ArchiveUniqueIds: [file!.uniqueIdentifier] });
  }
  return slots;
};

/** The analyst reviews every document of the owner that has a file Conforme, as on the card. */
export const reviewAllConforme = async (ctx: UserContext, owner: documents.Owner) => {
  for (const d of await documents.listDocuments(ctx, owner))
    if (d.Archives.length) await documents.reviewDocument(ctx, owner, d.UniqueId, { approve: true });
};
