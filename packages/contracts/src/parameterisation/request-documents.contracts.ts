import { z } from 'zod';
import { endpoint } from '../endpoint.js';
import { id, integer, optionalText, requiredText, uuid } from '../shared/fields.js';
import { qBool } from '../shared/schemas.js';
import { paramAdminRead, paramRead, paramWrite } from './common.contracts.js';
import { parameterRequestDocument } from './modalities.contracts.js';

/** Kanban pipes (esteiras) a requested document is analysed in (spec §1, permissions 34-40). */
export const PipeType = {
  CADASTRO: 1,
  CREDITO: 2,
  NOMEACAO: 3,
  PEP: 4,
  RESSEGURO: 5,
  SUBSCRICAO: 6,
  INSPECAO: 7,
} as const;
export const pipeTypeLabels: Record<number, string> = {
  1: 'Cadastro',
  2: 'Crédito',
  3: 'Nomeação',
  4: 'PEP',
  5: 'Resseguro',
  6: 'Subscrição',
  7: 'Inspeção',
};

const documentFields = {
  Name: requiredText('o nome do documento', 120),
  Description: optionalText('a descrição', 2000),
  RequestDocumentTypeId: z.coerce
    .number()
    .int()
    .min(1, 'Tipo de documento inválido.')
    .max(8, 'Tipo de documento inválido.'),
  PipeTypeId: z.coerce.number().int().min(1, 'Esteira inválida.').max(7, 'Esteira inválida.'),
  IsRequired: z.boolean(),
  Order: integer({ min: 0 }),
};

export const insertRequestDocumentBody = z.object({
  ModalityId: id(),
  ...documentFields,
  RequestDocumentTypeId: documentFields.RequestDocumentTypeId.default(3),
  PipeTypeId: documentFields.PipeTypeId.default(PipeType.CADASTRO),
  IsRequired: documentFields.IsRequired.default(true),
  Order: documentFields.Order.default(0),
});
export type InsertRequestDocumentBody = z.infer<typeof insertRequestDocumentBody>;

export const updateRequestDocumentBody = z.object(documentFields).partial().extend({ Id: id() });
export type UpdateRequestDocumentBody = z.infer<typeof updateRequestDocumentBody>;

const docsDescription =
  'Campos: Name, Description, RequestDocumentTypeId (spec §3: 1 CCG … 8 solicitação de limite; padrão 3 proposta), PipeTypeId (esteira: 1 cadastro, 2 crédito, 3 nomeação, 4 PEP, 5 resseguro, 6 subscrição, 7 inspeção), IsRequired, Order.';

export const getProposalParameterRequestDocuments = endpoint({
  ...paramRead,
  method: 'GET',
  path: '/api/Core/GetProposalParameterRequestDocuments',
  summary: 'Documentos solicitados para propostas da modalidade (não excluídos)',
  description: '`ignoreCache` é aceito e ignorado: a leitura é sempre do banco.',
  query: z.object({ ModalityUniqueId: uuid(), ignoreCache: qBool().optional() }),
  response: z.array(parameterRequestDocument),
});

export const requestDocumentCard = z
  .object({
    ModalityId: z.number().int(),
    ModalityUniqueId: z.string(),
    ModalityName: z.string(),
    ModalityGroupId: z.number().int(),
    ModalityGroupName: z.string(),
    BranchId: z.number().int(),
    BranchCode: z.string(),
    Total: z.number().int(),
    RequiredCount: z.number().int(),
    Documents: z.array(parameterRequestDocument),
  })
  .meta({ id: 'RequestDocumentCard' });

export const getCardProposalParameterRequestDocuments = endpoint({
  ...paramAdminRead,
  method: 'GET',
  path: '/api/Core/GetCardProposalParameterRequestDocuments',
  summary: 'Cartões da tela de documentos: um por modalidade, com os documentos solicitados',
  description: 'Inclui os documentos excluídos (IsDeleted) para poderem ser restaurados.',
  response: z.array(requestDocumentCard),
});

export const getPipeTypeForDocument = endpoint({
  ...paramAdminRead,
  method: 'GET',
  path: '/api/Core/GetPipeTypeForDocument',
  summary: 'Esteiras que podem analisar documentos, com os documentos da modalidade em cada uma',
  query: z.object({ modalityUniqueId: uuid(), ignoreCache: qBool().optional() }),
  response: z.array(
    z.object({ PipeTypeId: z.number().int(), PipeTypeName: z.string(), Documents: z.array(z.string()) }),
  ),
});

export const insertProposalParameterRequestDocument = endpoint({
  ...paramWrite,
  method: 'POST',
  path: '/api/Core/InsertProposalParameterRequestDocument',
  summary: 'Inclui um documento solicitado na modalidade',
  description: `Corpo: ModalityId e os campos. ${docsDescription} Nome duplicado na modalidade: 409.`,
  body: insertRequestDocumentBody,
  response: parameterRequestDocument,
});

export const updateProposalParameterRequestDocument = endpoint({
  ...paramWrite,
  method: 'PUT',
  path: '/api/Core/UpdateProposalParameterRequestDocument',
  summary: 'Altera um documento solicitado (somente os campos enviados)',
  description: docsDescription,
  body: updateRequestDocumentBody,
  response: parameterRequestDocument,
});

export const updateStatusProposalParameterRequestDocument = endpoint({
  ...paramWrite,
  method: 'POST',
  path: '/api/Core/UpdateStatusProposalParameterRequestDocument',
  summary: 'Exclui (IsDeleted=true) ou restaura (false) um documento solicitado',
  query: z.object({ id: id(), IsDeleted: qBool() }),
  response: parameterRequestDocument,
});

export const deleteProposalParameterRequestDocument = endpoint({
  ...paramWrite,
  method: 'DELETE',
  path: '/api/Core/DeleteProposalParameterRequestDocument',
  summary: 'Remove definitivamente um documento solicitado',
  description: 'A remoção fica registrada no histórico da modalidade.',
  query: z.object({ id: id() }),
  response: z.boolean(),
});
