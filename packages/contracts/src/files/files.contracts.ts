import { z } from 'zod';
import { endpoint } from '../endpoint.js';
import { uuid } from '../shared/fields.js';

export const uploadedFile = z
  .object({
    name: z.string(),
    uniqueIdentifier: z.string(),
    extension: z.string(),
    relativePath: z.string(),
  })
  .meta({ id: 'UploadedFile' });
export type UploadedFile = z.infer<typeof uploadedFile>;

export const storageInfo = z
  .object({ Uri: z.string(), ContainerName: z.string(), Signature: z.string() })
  .meta({ id: 'StorageInfo' });
export type StorageInfo = z.infer<typeof storageInfo>;

export const uploadArchives = endpoint({
  area: 'files',
  method: 'POST',
  path: '/api/Archive/Upload',
  summary: 'Envia um ou mais arquivos (campo `file`)',
  description:
    'multipart/form-data. Tamanho máximo por arquivo configurável (padrão 20 MB); tipos aceitos conferidos pelo conteúdo (PDF, imagens PNG/JPEG/GIF/WebP, DOCX, XLSX, ODT, ODS, TXT, CSV, XML, ZIP).',
  response: z.array(uploadedFile),
  multipart: true,
  permissions: [],
});

export const getSharedAccessSignatureToUpload = endpoint({
  area: 'auth',
  method: 'GET',
  path: '/api/Application/GetSharedAccessSignatureToUpload',
  summary: 'Assinatura de acesso ao contêiner de arquivos da empresa',
  description:
    'Devolve o endereço do armazenamento, o contêiner da empresa e uma assinatura válida por tempo limitado que só permite criar arquivos novos (`sp=c`), nunca ler ou listar: para baixar um arquivo use GetUrlFileDownload, que confere se o usuário pode vê-lo.',
  response: storageInfo,
});

export const getUrlFileDownload = endpoint({
  area: 'auth',
  method: 'GET',
  path: '/api/Application/GetUrlFileDownload',
  summary: 'URL assinada e temporária para baixar um arquivo',
  description:
    'Só para arquivos que o usuário pode ver: os que ele mesmo enviou, ou anexados a um documento de um dono que ele vê (tomador, segurado, corretora, seguradora, proposta). Os demais respondem 404.',
  query: z.object({ ArchiveUniqueId: uuid() }),
  response: z.string(),
});
