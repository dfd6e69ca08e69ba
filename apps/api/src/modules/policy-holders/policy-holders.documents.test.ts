import { describe, expect, it } from 'vitest';
import {
  admin,
  call,
  holderByName,
  holderUser,
  ok,
  other,
  P,
  upload,
  usePolicyHoldersFixture,
} from '../../test/fixtures/policy-holders.js';

usePolicyHoldersFixture();

describe('documents through the core', () => {
  it('should list, create, rename, upload, submit, delete and restore the policy holder’s documents', async () => {
    const h = await holderByName(54, 'Construtora Horizonte Azul Ltda.');
    const docs = await ok(
      'GET',
      `${P}/GetDocumentsByPolicyHolderUniqueId?policyHolderUniqueId=${h.uniqueId}`,
    );
    expect(docs.RequestDocuments.map((d: { Name: string }) => d.Name)).toEqual(
      expect.arrayContaining(['Cartão CNPJ', 'Contrato social consolidado']),
    );
    expect(
      docs.RequestDocuments.some((d: { RequestDocumentTypeId: number }) => d.RequestDocumentTypeId === 8),
    ).toBe(false);
    expect(docs.PendingRequiredCount).toBe(2);

    const created = await ok('POST', `${P}/CreateRequestDocument`, {
      PolicyHolderUniqueId: h.uniqueId,
      Name: 'Certidão negativa',
      RequestDocumentTypeId: 6,
      IsRequired: true,
    });
    const badType = await call('POST', `${P}/CreateRequestDocument`, admin, {
      PolicyHolderUniqueId: h.uniqueId,
      Name: 'Documento do segurado',
      RequestDocumentTypeId: 7,
    });
    expect(badType.status).toBe(422);
    const renamed = await ok('POST', `${P}/ChangeRequestDocumentName`, {
      PolicyHolderUniqueId: h.uniqueId,
      RequestDocumentUniqueId: created.UniqueId,
      Name: 'Certidão negativa de débitos',
    });
    expect(renamed.Name).toBe('Certidão negativa de débitos');

    // The policy holder user uploads its own file and sends it to analysis.
    const archive = await upload(holderUser);
    const uploaded = await ok(
      'POST',
      `${P}/UploadRequestDocument`,
      {
        PolicyHolderUniqueId: h.uniqueId,
        RequestDocumentUniqueId: created.UniqueId,
        ArchiveUniqueIds: [archive],
      },
      holderUser,
    );
    expect(uploaded.Archives).toHaveLength(1);
    const wrongKind = await call('POST', `${P}/UploadRequestLimitsDocument`, holderUser, {
      PolicyHolderUniqueId: h.uniqueId,
      RequestDocumentUniqueId: created.UniqueId,
      ArchiveUniqueIds: [archive],
    });
    expect(wrongKind.status).toBe(422);
    const submitted = await ok(
      'POST',
      `${P}/sendRequestToAnalysis`,
      { PolicyHolderUniqueId: h.uniqueId, RequestDocumentUniqueIds: [created.UniqueId] },
      holderUser,
    );
    expect(submitted[0].StatusName).toBe('Aguardando Análise');

    const limitDoc = (await ok('GET', `${P}/GetRequestLimitDocuments?policyHolderUniqueId=${h.uniqueId}`))
      .RequestDocuments[0];
    const limitUpload = await ok('POST', `${P}/UploadRequestLimitsDocument`, {
      PolicyHolderUniqueId: h.uniqueId,
      RequestDocumentUniqueId: limitDoc.UniqueId,
      ArchiveUniqueIds: [await upload(admin)],
    });
    expect(limitUpload.Archives).toHaveLength(1);

    expect(
      await ok('POST', `${P}/DeleteRequestDocument`, {
        PolicyHolderUniqueId: h.uniqueId,
        RequestDocumentUniqueId: limitDoc.UniqueId,
      }),
    ).toBe(true);
    const afterDelete = await ok('GET', `${P}/GetRequestLimitDocuments?policyHolderUniqueId=${h.uniqueId}`);
    expect(afterDelete.DeletedRequestDocuments.map((d: { UniqueId: string }) => d.UniqueId)).toContain(
      limitDoc.UniqueId,
    );
    expect(
      await ok('POST', `${P}/RestoreRequestDocument`, {
        PolicyHolderUniqueId: h.uniqueId,
        RequestDocumentUniqueId: limitDoc.UniqueId,
      }),
    ).toBe(true);
  });

  it('should refuse document changes to readers, other companies and bad bodies', async () => {
    const h = await holderByName(54, 'Construtora Horizonte Azul Ltda.');
    const body = { PolicyHolderUniqueId: h.uniqueId, Name: 'Outro documento', RequestDocumentTypeId: 6 };
    expect((await call('POST', `${P}/CreateRequestDocument`, holderUser, body)).status).toBe(403);
    expect((await call('POST', `${P}/CreateRequestDocument`, other, body)).status).toBe(404);
    expect((await call('POST', `${P}/CreateRequestDocument`, admin, { ...body, Name: 'x' })).status).toBe(
      400,
    );
    expect(
      (await call('GET', `${P}/GetDocumentsByPolicyHolderUniqueId?policyHolderUniqueId=${h.uniqueId}`, other))
        .status,
    ).toBe(404);
  });
});
