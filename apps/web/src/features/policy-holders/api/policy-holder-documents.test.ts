import {
  createPolicyHolderRequestDocument,
  Permission as P,
  RequestDocumentType,
  type RequestDocumentView,
  UserType,
  uploadPolicyHolderRequestDocument,
  uploadPolicyHolderRequestLimitsDocument,
} from '@aval/contracts';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { api } from '../../../app/api.js';
import { allowedDocumentActions } from '../../../shared/ui/request-documents-adapter.js';
import { policyHolderDocumentsAdapter } from './policy-holder-documents.js';
import { policyHolderKeys } from './policy-holders-api.js';

const UniqueId = '00000000-0000-4000-8000-0000000000ff';
const doc = { UniqueId: '00000000-0000-4000-8000-000000000001' } as RequestDocumentView;
const holder = (CanEdit: boolean) => ({ UniqueId, Permissions: { CanEdit } }) as never;
const staff = {
  userType: UserType.INSURANCE,
  permissions: new Set<number>([
    P.GERENCIAR_TOMADORES_SEGURADORA,
    P.VISUALIZAR_TOMADORES_SEGURADORA,
    P.GERENCIAR_DOCUMENTOS,
    P.REMOVER_DOCUMENTOS,
    P.RESTAURAR_DOCUMENTOS,
  ]),
};

describe('policy holder documents adapter', () => {
  afterEach(() => vi.restoreAllMocks());

  it('should offer every action to staff who may edit the holder', () => {
    expect(
      [...allowedDocumentActions(policyHolderDocumentsAdapter(holder(true), 'registration'), staff)].sort(),
    ).toEqual(['create', 'remove', 'rename', 'restore', 'submit', 'upload']);
  });

  it('should leave only files and the request for analysis when the holder may not be edited', () => {
    expect(
      [...allowedDocumentActions(policyHolderDocumentsAdapter(holder(false), 'registration'), staff)].sort(),
    ).toEqual(['submit', 'upload']);
  });

  it('should use the limit request query, type and upload call for limit documents', async () => {
    const limit = policyHolderDocumentsAdapter(holder(true), 'limit');
    const registration = policyHolderDocumentsAdapter(holder(true), 'registration');
    expect(limit.queryKey).toEqual(policyHolderKeys.requestLimit(UniqueId));
    expect(limit.documentTypes).toEqual([RequestDocumentType.REQUEST_LIMIT]);
    expect(registration.queryKey).toEqual(policyHolderKeys.documents(UniqueId));
    expect(registration.documentTypes).toEqual([RequestDocumentType.POLICY_HOLDER, RequestDocumentType.CCG]);
    const call = vi.spyOn(api, 'call').mockResolvedValue(undefined as never);
    await limit.upload!(doc, ['a']);
    await registration.upload!(doc, ['a']);
    await limit.create!({ Name: 'Balanço', RequestDocumentTypeId: 8, IsRequired: false });
    const body = {
      PolicyHolderUniqueId: UniqueId,
      RequestDocumentUniqueId: doc.UniqueId,
      ArchiveUniqueIds: ['a'],
    };
    expect(call.mock.calls).toEqual([
      [uploadPolicyHolderRequestLimitsDocument, { body }],
      [uploadPolicyHolderRequestDocument, { body }],
      [
        createPolicyHolderRequestDocument,
        {
          body: {
            Name: 'Balanço',
            RequestDocumentTypeId: 8,
            IsRequired: false,
            PolicyHolderUniqueId: UniqueId,
          },
        },
      ],
    ]);
  });
});
