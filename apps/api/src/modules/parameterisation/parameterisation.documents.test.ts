import { describe, expect, it } from 'vitest';
import {
  admin,
  broker,
  call,
  get,
  modalityId,
  ok,
  other,
  useParameterisationFixture,
} from '../../test/fixtures/parameterisation.js';

useParameterisationFixture();

describe('requested documents', () => {
  it('should insert, update, delete softly, restore and remove a requested document', async () => {
    const { id, uniqueId } = await modalityId(54, '0775', 'Judicial Fiscal');
    const doc = await ok('POST', '/api/Core/InsertProposalParameterRequestDocument', {
      ModalityId: id,
      Name: 'Certidão de dívida ativa',
      RequestDocumentTypeId: 3,
      PipeTypeId: 6,
    });
    expect(doc).toMatchObject({
      RequestDocumentTypeName: 'Proposta',
      PipeTypeName: 'Subscrição',
      IsRequired: true,
      IsDeleted: false,
      ModalityUniqueId: uniqueId,
    });
    const dup = await call('POST', '/api/Core/InsertProposalParameterRequestDocument', admin, {
      ModalityId: id,
      Name: 'CERTIDÃO DE DÍVIDA ATIVA',
    });
    expect(dup.status).toBe(409);
    const upd = await ok('PUT', '/api/Core/UpdateProposalParameterRequestDocument', {
      Id: doc.Id,
      IsRequired: false,
      PipeTypeId: 2,
    });
    expect(upd).toMatchObject({ IsRequired: false, PipeTypeName: 'Crédito' });
    const pipes = await ok(
      'GET',
      `/api/Core/GetPipeTypeForDocument?modalityUniqueId=${uniqueId}&ignoreCache=true`,
    );
    expect(pipes).toHaveLength(7);
    expect(pipes.find((p: { PipeTypeId: number }) => p.PipeTypeId === 2).Documents).toContain(
      'Certidão de dívida ativa',
    );
    const deleted = await ok(
      'POST',
      `/api/Core/UpdateStatusProposalParameterRequestDocument?id=${doc.Id}&IsDeleted=true`,
    );
    expect(deleted.IsDeleted).toBe(true);
    const forProposal = await ok(
      'GET',
      `/api/Core/GetProposalParameterRequestDocuments?ModalityUniqueId=${uniqueId}&ignoreCache=true`,
      undefined,
      broker,
    );
    expect(forProposal.find((d: { Id: number }) => d.Id === doc.Id)).toBeUndefined();
    const cards = await ok('GET', '/api/Core/GetCardProposalParameterRequestDocuments');
    const card = cards.find((c: { ModalityId: number }) => c.ModalityId === id);
    expect(card.Documents.find((d: { Id: number }) => d.Id === doc.Id)).toMatchObject({ IsDeleted: true });
    expect(card.Total).toBe(3);
    await ok('POST', `/api/Core/UpdateStatusProposalParameterRequestDocument?id=${doc.Id}&IsDeleted=false`);
    expect(await ok('DELETE', `/api/Core/DeleteProposalParameterRequestDocument?id=${doc.Id}`)).toBe(true);
    expect(
      (await call('DELETE', `/api/Core/DeleteProposalParameterRequestDocument?id=${doc.Id}`, admin)).status,
    ).toBe(404);
    const history = await ok('GET', `/api/ModalityChangeHistory/GetModalityChangeHistory?modalityId=${id}`);
    const fields = history
      .filter((h: { Entity: string }) => h.Entity === 'RequestDocument')
      .map((h: { Field: string }) => h.Field)
      .sort();
    expect(fields).toEqual(
      ['Created', 'Deleted', 'IsDeleted', 'IsDeleted', 'IsRequired', 'PipeTypeId'].sort(),
    );
  });

  it('should refuse bad input and keep companies apart', async () => {
    const { id, uniqueId } = await modalityId(54, '0775', 'Judicial Fiscal');
    expect(
      (
        await call('POST', '/api/Core/InsertProposalParameterRequestDocument', admin, {
          ModalityId: id,
          Name: 'X',
          PipeTypeId: 9,
        })
      ).status,
    ).toBe(400);
    expect(
      (await call('POST', '/api/Core/UpdateStatusProposalParameterRequestDocument?id=1', admin)).status,
    ).toBe(400);
    const [first] = await ok(
      'GET',
      `/api/Core/GetProposalParameterRequestDocuments?ModalityUniqueId=${uniqueId}`,
    );
    expect(
      (
        await call('PUT', '/api/Core/UpdateProposalParameterRequestDocument', other, {
          Id: first.Id,
          Name: 'Y',
        })
      ).status,
    ).toBe(404);
    expect(
      (await call('DELETE', `/api/Core/DeleteProposalParameterRequestDocument?id=${first.Id}`, other)).status,
    ).toBe(404);
    expect(
      (await get(`/api/Core/GetProposalParameterRequestDocuments?ModalityUniqueId=${uniqueId}`, other))
        .status,
    ).toBe(404);
    const theirCards = await ok(
      'GET',
      '/api/Core/GetCardProposalParameterRequestDocuments',
      undefined,
      other,
    );
    expect(theirCards.find((c: { ModalityId: number }) => c.ModalityId === id)).toBeUndefined();
  });
});
