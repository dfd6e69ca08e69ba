import { z } from 'zod';

/** Shared shapes of the request-documents mechanism (every owner's calls reuse them). */
export const archiveView = z
  .object({
    ArchiveUniqueId: z.string(),
    Name: z.string(),
    Extension: z.string(),
    CreatedAt: z.string(),
    UploadedByName: z.string().nullable(),
  })
  .meta({ id: 'RequestDocumentArchive' });
export type ArchiveView = z.infer<typeof archiveView>;

export const requestDocumentView = z
  .object({
    Id: z.number().int(),
    UniqueId: z.string(),
    Name: z.string(),
    RequestDocumentTypeId: z.number().int(),
    RequestDocumentTypeName: z.string(),
    IsRequired: z.boolean(),
    StatusId: z.number().int(),
    StatusName: z.string(),
    CreatedByInsurer: z.boolean(),
    IsDeleted: z.boolean(),
    ReviewNote: z.string().nullable(),
    Archives: z.array(archiveView),
    UpdatedAt: z.string(),
  })
  .meta({ id: 'RequestDocument' });
export type RequestDocumentView = z.infer<typeof requestDocumentView>;

const documentName = z
  .string()
  .trim()
  .min(3, 'O nome do documento deve ter ao menos 3 caracteres.')
  .max(50, 'O nome do documento deve ter no máximo 50 caracteres.');

export const createRequestDocumentBody = z.object({
  Name: documentName,
  RequestDocumentTypeId: z.number().int().min(1).max(8),
  IsRequired: z.boolean().optional(),
});

export const requestDocumentIdBody = z.object({
  RequestDocumentUniqueId: z.uuid({ message: 'Documento inválido.' }),
});

export const uploadRequestDocumentBody = requestDocumentIdBody.extend({
  ArchiveUniqueIds: z.array(z.uuid()).min(1, 'Envie ao menos um arquivo.').max(20),
});

export const changeRequestDocumentNameBody = requestDocumentIdBody.extend({ Name: documentName });

export const reviewRequestDocumentBody = requestDocumentIdBody.extend({
  Approve: z.boolean(),
  Note: z.string().trim().max(500).optional(),
});

export const submitRequestDocumentsBody = z.object({
  RequestDocumentUniqueIds: z.array(z.uuid()).max(50).optional(),
});
