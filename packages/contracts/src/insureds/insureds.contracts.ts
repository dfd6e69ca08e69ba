import { Permission, UserType } from '@aval/domain';
import { z } from 'zod';
import {
  createRequestDocumentBody,
  requestDocumentIdBody,
  requestDocumentView,
  uploadRequestDocumentBody,
} from '../documents/documents.contracts.js';
import { endpoint } from '../endpoint.js';
import { addressInput, locationView } from '../shared/address.js';
import { changeHistoryEntry } from '../shared/change-history.js';
import { id, requiredText, uuid } from '../shared/fields.js';
import { pageOf, pageQuery, qBool, qInt, quickSearch, sortQuery } from '../shared/schemas.js';

const read = [Permission.VISUALIZAR_SEGURADO, Permission.GERENCIAR_SEGURADOS];
const manage = [Permission.GERENCIAR_SEGURADOS];

export const insuredSummary = z
  .object({
    Id: z.number().int(),
    UniqueId: z.string(),
    InsuredName: z.string(),
    Name: z.string(),
    InsuredDocument: z.string(),
    IsPrivate: z.boolean(),
    IsBlocked: z.boolean(),
    MainCity: z.string().nullable(),
  })
  .meta({ id: 'InsuredSummary' });

export const insuredDetail = insuredSummary
  .extend({
    BlockJustification: z.string().nullable(),
    Email: z.string().nullable(),
    Phone: z.string().nullable(),
    Locations: z.array(locationView),
    CreatedAt: z.string(),
  })
  .meta({ id: 'Insured' });
export type InsuredDetail = z.infer<typeof insuredDetail>;

export const searchInsureds = endpoint({
  area: 'insureds',
  method: 'GET',
  path: '/api/Insured/SearchInsureds',
  summary: 'Pesquisa segurados por nome e documento, paginada',
  query: z.object({
    InsuredName: z.string().trim().max(50).optional(),
    InsuredDocument: z.string().trim().max(18).optional(),
    ...sortQuery(['Name', 'Document', 'CreatedAt']),
    ...pageQuery,
  }),
  response: pageOf(insuredSummary),
  envelope: 'raw',
  permissions: read,
});

export const getInsured = endpoint({
  area: 'insureds',
  method: 'GET',
  path: '/api/Insured/GetInsured',
  summary: 'Detalhe de um segurado com as localizações',
  query: z.object({ personUniqueId: uuid() }),
  response: insuredDetail,
  permissions: read,
});

export const getInsuredChangeHistory = endpoint({
  area: 'insureds',
  method: 'GET',
  path: '/api/InsuredChangeHistory/Get',
  summary: 'Histórico de alterações do segurado (quem, quando, campo, antes e depois)',
  query: z.object({ insuredId: qInt().positive() }),
  response: z.array(changeHistoryEntry),
  permissions: read,
});

export const setInsuredBlocked = endpoint({
  area: 'insureds',
  method: 'PATCH',
  path: '/api/Insured/SetBlocked',
  summary: 'Bloqueia (com justificativa) ou desbloqueia um segurado',
  query: z.object({
    id: qInt().positive(),
    isBlocked: qBool(),
    blockJustify: z.string().trim().max(500).optional(),
  }),
  response: insuredDetail,
  permissions: manage,
  userTypes: [UserType.INSURANCE],
});

export const updateInsuredName = endpoint({
  area: 'insureds',
  method: 'PATCH',
  path: '/api/Insured/UpdateInsuredName',
  summary: 'Altera o nome do segurado',
  query: z.object({
    id: qInt().positive(),
    insuredName: requiredText('o nome do segurado', 150, { min: 3 }),
  }),
  response: insuredDetail,
  permissions: manage,
});

export const updateInsuredBranch = endpoint({
  area: 'insureds',
  method: 'PATCH',
  path: '/api/Insured/UpdateInsuredBranch',
  summary: 'Define se o segurado é privado (ramo 0776) ou público (ramo 0775)',
  query: z.object({ id: qInt().positive(), isPrivate: qBool() }),
  response: insuredDetail,
  permissions: manage,
  userTypes: [UserType.INSURANCE],
});

export const saveInsuredLocation = endpoint({
  area: 'insureds',
  method: 'POST',
  path: '/api/Insured/SaveInsuredLocation',
  summary: 'Inclui uma localização do segurado (a primeira, ou IsMain, passa a ser a principal)',
  body: addressInput.extend({ InsuredId: id('Segurado inválido.'), IsMain: z.boolean().optional() }),
  response: insuredDetail,
  permissions: manage,
});

export const updateInsuredLocation = endpoint({
  area: 'insureds',
  method: 'PATCH',
  path: '/api/Insured/UpdateLocation',
  summary: 'Altera uma localização do segurado',
  query: z.object({ id: qInt().positive() }),
  body: addressInput.extend({ IsMain: z.boolean().optional() }),
  response: insuredDetail,
  permissions: manage,
});

export const removeInsuredLocation = endpoint({
  area: 'insureds',
  method: 'DELETE',
  path: '/api/Insured/RemoveInsuredLocation',
  summary: 'Remove uma localização (a principal passa para outra, se houver)',
  query: z.object({ locationId: qInt().positive() }),
  response: insuredDetail,
  permissions: manage,
});

export const getDocumentsByInsuredUniqueId = endpoint({
  area: 'insureds',
  method: 'GET',
  path: '/api/Insured/GetDocumentsByInsuredUniqueId',
  summary: 'Documentos do segurado',
  query: z.object({ UniqueId: z.uuid(), deleted: qBool().optional() }),
  response: z.array(requestDocumentView),
  permissions: read,
});

const ofInsured = { InsuredUniqueId: uuid('Segurado inválido.') };

export const uploadInsuredRequestDocument = endpoint({
  area: 'insureds',
  method: 'POST',
  path: '/api/Insured/UploadRequestDocument',
  summary: 'Anexa arquivos a um documento do segurado',
  body: uploadRequestDocumentBody.extend(ofInsured),
  response: requestDocumentView,
  permissions: [Permission.UPLOAD_DOCUMENTOS, Permission.GERENCIAR_DOCUMENTOS],
});

export const deleteInsuredRequestDocument = endpoint({
  area: 'insureds',
  method: 'POST',
  path: '/api/Insured/DeleteRequestDocument',
  summary: 'Remove um documento do segurado',
  body: requestDocumentIdBody.extend(ofInsured),
  response: z.boolean(),
  permissions: [Permission.REMOVER_DOCUMENTOS],
});

export const createInsuredRequestDocument = endpoint({
  area: 'insureds',
  method: 'POST',
  path: '/api/Insured/CreateRequestDocument',
  summary: 'Cria um documento solicitado ao segurado',
  body: createRequestDocumentBody.extend(ofInsured),
  response: requestDocumentView,
  permissions: [Permission.EDITAR_DOCUMENTOS, Permission.GERENCIAR_DOCUMENTOS],
});

export const searchInsured = endpoint({
  area: 'insureds',
  method: 'GET',
  path: '/api/Insured/SearchInsured',
  summary: 'Busca rápida de segurados por nome ou documento (até 20)',
  query: z.object(quickSearch),
  response: z.array(insuredSummary),
  permissions: [...read, Permission.GERENCIAR_PROPOSTAS, Permission.VISUALIZAR_PROPOSTAS],
});

export const validateInsuredByDocumentToNewProposal = endpoint({
  area: 'insureds',
  method: 'POST',
  path: '/api/Insured/ValidateInsuredByDocumentToNewProposal',
  summary: 'Confere um segurado para uma nova proposta (cadastra quando novo e o nome é informado)',
  description:
    'Corpo: `{ Document, Name? }`. Resposta: `CanProceed` falso quando o documento é inválido, o segurado está bloqueado ou é novo sem nome; `Insured` quando existe ou foi criado.',
  body: z.object({
    Document: requiredText('o documento', 18, { min: 11 }),
    Name: requiredText('o nome', 150, { min: 3 }).optional(),
  }),
  response: z.object({
    CanProceed: z.boolean(),
    IsNew: z.boolean(),
    Message: z.string().nullable(),
    Insured: insuredSummary.nullable(),
  }),
  permissions: [
    Permission.GERENCIAR_PROPOSTAS,
    Permission.GERENCIAR_SEGURADOS,
    Permission.GERENCIAR_PROPOSTAS_SEGURADORA,
  ],
});
