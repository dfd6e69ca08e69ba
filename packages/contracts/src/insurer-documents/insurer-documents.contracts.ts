import { Permission, UserType } from '@aval/domain';
import { z } from 'zod';
import {
  changeRequestDocumentNameBody,
  createRequestDocumentBody,
  requestDocumentIdBody,
  requestDocumentView,
  uploadRequestDocumentBody,
} from '../documents/documents.contracts.js';
import { endpoint } from '../endpoint.js';
import { qBool } from '../shared/schemas.js';

const read = [
  Permission.VISUALIZAR_DOCUMENTOS,
  Permission.GERENCIAR_DOCUMENTOS,
  Permission.DOWNLOAD_DOCUMENTOS,
];
const staff = [UserType.INSURANCE];

export const getInsurerRequestDocuments = endpoint({
  area: 'insurer-documents',
  method: 'GET',
  path: '/api/InsuranceCompany/GetRequestDocuments',
  summary: 'Documentos da própria seguradora (ativos ou, com deleted=true, removidos)',
  query: z.object({ deleted: qBool().optional() }),
  response: z.array(requestDocumentView),
  permissions: read,
  userTypes: staff,
});

export const createInsurerRequestDocument = endpoint({
  area: 'insurer-documents',
  method: 'POST',
  path: '/api/InsuranceCompany/CreateRequestDocument',
  summary: 'Cria um documento da seguradora',
  body: createRequestDocumentBody,
  response: requestDocumentView,
  permissions: [Permission.EDITAR_DOCUMENTOS, Permission.GERENCIAR_DOCUMENTOS],
  userTypes: staff,
});

export const uploadInsurerRequestDocument = endpoint({
  area: 'insurer-documents',
  method: 'POST',
  path: '/api/InsuranceCompany/UploadRequestDocument',
  summary: 'Anexa arquivos (enviados por /api/Archive/Upload) a um documento da seguradora',
  body: uploadRequestDocumentBody,
  response: requestDocumentView,
  permissions: [Permission.UPLOAD_DOCUMENTOS, Permission.GERENCIAR_DOCUMENTOS],
  userTypes: staff,
});

export const changeInsurerRequestDocumentName = endpoint({
  area: 'insurer-documents',
  method: 'POST',
  path: '/api/InsuranceCompany/ChangeRequestDocumentName',
  summary: 'Renomeia um documento da seguradora',
  body: changeRequestDocumentNameBody,
  response: requestDocumentView,
  permissions: [Permission.EDITAR_DOCUMENTOS, Permission.GERENCIAR_DOCUMENTOS],
  userTypes: staff,
});

export const deleteInsurerRequestDocument = endpoint({
  area: 'insurer-documents',
  method: 'POST',
  path: '/api/InsuranceCompany/DeleteRequestDocument',
  summary: 'Remove um documento da seguradora (pode ser restaurado)',
  body: requestDocumentIdBody,
  response: z.boolean(),
  permissions: [Permission.REMOVER_DOCUMENTOS],
  userTypes: staff,
});

export const restoreInsurerRequestDocument = endpoint({
  area: 'insurer-documents',
  method: 'POST',
  path: '/api/InsuranceCompany/RestoreRequestDocument',
  summary: 'Restaura um documento removido da seguradora',
  body: requestDocumentIdBody,
  response: z.boolean(),
  permissions: [Permission.RESTAURAR_DOCUMENTOS],
  userTypes: staff,
});
