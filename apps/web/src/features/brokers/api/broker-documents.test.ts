import {
  createBrokerRequestDocumentByInsurer,
  deleteBrokerRequestDocument,
  Permission as P,
  type RequestDocumentView,
  submitBrokerDocumentToReview,
  UserType,
  uploadBrokerRequestDocumentArchive,
  uploadBrokerRequestDocumentArchiveByInsurer,
} from '@aval/contracts';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { api } from '../../../app/api.js';
import { allowedDocumentActions } from '../../../shared/ui/request-documents-adapter.js';
import { brokerDocumentsAdapter } from './broker-documents.js';

const doc = { UniqueId: '00000000-0000-4000-8000-000000000001' } as RequestDocumentView;
const broker = {
  userType: UserType.BROKER,
  permissions: new Set<number>([P.GERENCIAR_CORRETORA, P.UPLOAD_DOCUMENTOS, P.REMOVER_DOCUMENTOS]),
};
const insurer = {
  userType: UserType.INSURANCE,
  permissions: new Set<number>([P.GERENCIAR_CORRETORES, P.GERENCIAR_DOCUMENTOS, P.REMOVER_DOCUMENTOS]),
};

describe('broker documents adapter', () => {
  afterEach(() => vi.restoreAllMocks());

  it('should let the brokerage attach files and send them to analysis, and nothing else', () => {
    expect([...allowedDocumentActions(brokerDocumentsAdapter(7, true), broker)].sort()).toEqual([
      'submit',
      'upload',
    ]);
  });

  it('should let the insurer ask for documents, attach files and remove, but not send to analysis', () => {
    expect([...allowedDocumentActions(brokerDocumentsAdapter(7, false), insurer)].sort()).toEqual([
      'create',
      'remove',
      'upload',
    ]);
    // Without the documents permissions the API refuses the upload and the request.
    const staff = { ...insurer, permissions: new Set<number>([P.GERENCIAR_CORRETORES]) };
    expect([...allowedDocumentActions(brokerDocumentsAdapter(7, false), staff)]).toEqual([]);
  });

  it("should call the brokerage's own endpoints or the insurer's ones with the broker id", async () => {
    const call = vi.spyOn(api, 'call').mockResolvedValue(undefined as never);
    const own = brokerDocumentsAdapter(7, true);
    await own.upload!(doc, ['a']);
    await own.submit!([doc]);
    const staff = brokerDocumentsAdapter(7, false);
    await staff.upload!(doc, ['a']);
    await staff.create!({ Name: 'Alvará', RequestDocumentTypeId: 5, IsRequired: true });
    await staff.remove!(doc);
    expect(call.mock.calls).toEqual([
      [
        uploadBrokerRequestDocumentArchive,
        { body: { RequestDocumentUniqueId: doc.UniqueId, ArchiveUniqueIds: ['a'] } },
      ],
      [submitBrokerDocumentToReview, { body: { RequestDocumentUniqueIds: [doc.UniqueId] } }],
      [
        uploadBrokerRequestDocumentArchiveByInsurer,
        { body: { BrokerId: 7, RequestDocumentUniqueId: doc.UniqueId, ArchiveUniqueIds: ['a'] } },
      ],
      [
        createBrokerRequestDocumentByInsurer,
        { body: { Name: 'Alvará', RequestDocumentTypeId: 5, IsRequired: true, BrokerId: 7 } },
      ],
      [deleteBrokerRequestDocument, { body: { RequestDocumentUniqueId: doc.UniqueId, BrokerId: 7 } }],
    ]);
  });
});
