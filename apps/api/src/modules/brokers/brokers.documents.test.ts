import { describe, expect, it } from 'vitest';
import {
  admin,
  admin325,
  asInsurer,
  broker,
  brokerNamed,
  get,
  holder,
  type Json,
  ok,
  post,
  uploadFile,
  useBrokersFixture,
} from '../../test/fixtures/brokers.js';
import { reviewBrokerDocument } from './brokers.documents.js';

useBrokersFixture();

describe('broker request documents', () => {
  it('should list the own documents, the deleted ones and the archives of a document', async () => {
    const docs = (await ok(await get('/api/Broker/GetBrokerRequestDocuments', broker))) as Json[];
    expect(docs.map((d) => d.StatusName).sort()).toEqual([
      'Aguardando Análise',
      'Conforme',
      'Conforme',
      'Pendente',
      'Pendente',
      'Pendente',
      'Reprovado',
    ]);
    const rejected = docs.find((d) => d.StatusName === 'Reprovado')!;
    expect(rejected.ReviewNote).toMatch(/ilegível/);
    expect(docs.find((d) => d.Name.startsWith('Declaração'))!.CreatedByInsurer).toBe(true);
    const deleted = (await ok(
      await get('/api/Broker/GetBrokerRequestDocumentsDeletedByBroker', broker),
    )) as Json[];
    expect(deleted.map((d) => d.Name)).toEqual(['Procuração antiga']);
    const byId = await ok(
      await get(
        `/api/Broker/GetBrokerRequestDocumentArchives?BrokerRequestDocumentId=${rejected.Id}`,
        broker,
      ),
    );
    const byUnique = await ok(
      await get(
        `/api/Broker/GetBrokerRequestDocumentArchives?RequestDocumentUniqueId=${rejected.UniqueId}`,
        admin,
      ),
    );
    expect(byId).toHaveLength(1);
    expect(byUnique).toEqual(byId);
    const azevedo = await brokerNamed('Azevedo Consultoria');
    const theirs = (await ok(
      await get(`/api/Broker/GetBrokerRequestDocumentsByBroker?brokerId=${azevedo.Id}`, admin),
    )) as Json[];
    expect(theirs.every((d) => d.StatusName === 'Conforme')).toBe(true);
    expect(
      (
        await get(
          `/api/Broker/GetBrokerRequestDocumentArchives?BrokerRequestDocumentId=${theirs[0]!.Id}`,
          broker,
        )
      ).statusCode,
    ).toBe(404);
    expect(
      (await get(`/api/Broker/GetBrokerRequestDocumentsByBroker?brokerId=${azevedo.Id}`, broker)).statusCode,
    ).toBe(404);
    expect((await get('/api/Broker/GetBrokerRequestDocumentArchives', broker)).statusCode).toBe(400);
    expect((await get('/api/Broker/GetBrokerRequestDocuments', admin)).statusCode).toBe(403);
    expect((await get('/api/Broker/GetBrokerRequestDocuments', holder)).statusCode).toBe(403);
  });

  it('should upload, submit to review, and let the insurer approve and request new documents', async () => {
    const docs = (await ok(await get('/api/Broker/GetBrokerRequestDocuments', broker))) as Json[];
    const pending = docs.find((d) => d.Name === 'Documento de identidade do administrador')!;
    const archive = await uploadFile(broker, 'rg-marina.pdf');
    const uploaded = await ok(
      await post(
        '/api/Broker/UploadBrokerRequestDocumentArchive',
        { RequestDocumentUniqueId: pending.UniqueId, ArchiveUniqueIds: [archive] },
        broker,
      ),
    );
    expect(uploaded.Archives.map((a: Json) => a.Name)).toEqual(['rg-marina.pdf']);
    const submitted = (await ok(
      await post(
        '/api/Broker/SubmitDocumentToReview',
        { RequestDocumentUniqueIds: [pending.UniqueId] },
        broker,
      ),
    )) as Json[];
    expect(submitted.map((d) => d.StatusName)).toEqual(['Aguardando Análise']);
    // Without a list, every eligible slot goes (the rejected one, which has a file).
    const rest = (await ok(await post('/api/Broker/SubmitDocumentToReview', {}, broker))) as Json[];
    expect(rest.map((d) => d.Name)).toEqual(['Comprovante da conta bancária']);
    expect((await post('/api/Broker/SubmitDocumentToReview', {}, broker)).statusCode).toBe(422);
    const approved = await asInsurer((ctx) => reviewBrokerDocument(ctx, pending.UniqueId, { approve: true }));
    expect(approved.StatusName).toBe('Conforme');
    expect((await ok(await get('/api/Broker/ValidateBrokerStatus', broker))).PendingRequiredDocuments).toBe(
      3,
    );

    const lopes = await brokerNamed('Lopes');
    const created = await ok(
      await post(
        '/api/Broker/CreateBrokerRequestDocumentByInsurer',
        {
          BrokerId: lopes.Id,
          Name: 'Certidão negativa de débitos',
          RequestDocumentTypeId: 5,
          IsRequired: true,
        },
        admin,
      ),
    );
    expect(created).toMatchObject({
      CreatedByInsurer: true,
      StatusName: 'Pendente',
      RequestDocumentTypeName: 'Corretora',
    });
    const insurerFile = await uploadFile(admin, 'cnd.pdf');
    const byInsurer = await ok(
      await post(
        '/api/Broker/UploadBrokerRequestDocumentArchiveByInsurer',
        {
          BrokerUniqueId: lopes.UniqueId,
          RequestDocumentUniqueId: created.UniqueId,
          ArchiveUniqueIds: [insurerFile],
        },
        admin,
      ),
    );
    expect(byInsurer.Archives).toHaveLength(1);
    const history = await ok(await get('/api/BrokerChangeHistory/Get?rowsPerPage=3', broker));
    expect(history.Data[0]).toMatchObject({ Field: 'Documents', ChangedByName: 'Helena Duarte' });
    expect(
      (
        await post(
          '/api/Broker/CreateBrokerRequestDocumentByInsurer',
          { BrokerId: lopes.Id, Name: 'Outro documento', RequestDocumentTypeId: 5 },
          broker,
        )
      ).statusCode,
    ).toBe(403);
    expect(
      (
        await post(
          '/api/Broker/UploadBrokerRequestDocumentArchiveByInsurer',
          { BrokerId: lopes.Id, RequestDocumentUniqueId: created.UniqueId, ArchiveUniqueIds: [insurerFile] },
          broker,
        )
      ).statusCode,
    ).toBe(403);
    expect(
      (
        await post(
          '/api/Broker/CreateBrokerRequestDocumentByInsurer',
          { BrokerId: lopes.Id, Name: 'x', RequestDocumentTypeId: 9 },
          admin,
        )
      ).statusCode,
    ).toBe(400);
    expect(
      (
        await post(
          '/api/Broker/CreateBrokerRequestDocumentByInsurer',
          { BrokerId: lopes.Id, Name: 'Outro documento', RequestDocumentTypeId: 5 },
          admin325,
        )
      ).statusCode,
    ).toBe(404);
    expect(
      (
        await post(
          '/api/Broker/UploadBrokerRequestDocumentArchive',
          {
            RequestDocumentUniqueId: created.UniqueId,
            ArchiveUniqueIds: ['00000000-0000-4000-8000-000000000000'],
          },
          broker,
        )
      ).statusCode,
    ).toBe(404);
  });

  it('should let the insurer delete a broker document and refuse it to the broker', async () => {
    const docs = (await ok(await get('/api/Broker/GetBrokerRequestDocuments', broker))) as Json[];
    const target = docs.find((d) => d.Name === 'Comprovante de endereço')!;
    const refused = await post(
      '/api/Broker/DeleteBrokerRequestDocument',
      { RequestDocumentUniqueId: target.UniqueId },
      broker,
    );
    expect(refused.statusCode).toBe(403);
    expect(
      (
        await post(
          '/api/Broker/DeleteBrokerRequestDocument',
          { RequestDocumentUniqueId: target.UniqueId },
          admin325,
        )
      ).statusCode,
    ).toBe(404);
    expect(
      await ok(
        await post(
          '/api/Broker/DeleteBrokerRequestDocument',
          { RequestDocumentUniqueId: target.UniqueId },
          admin,
        ),
      ),
    ).toBe(true);
    const deleted = (await ok(
      await get('/api/Broker/GetBrokerRequestDocumentsDeletedByBroker', broker),
    )) as Json[];
    expect(deleted.map((d) => d.Name).sort()).toEqual(['Comprovante de endereço', 'Procuração antiga']);
    expect(
      (await post('/api/Broker/DeleteBrokerRequestDocument', { RequestDocumentUniqueId: 'x' }, admin))
        .statusCode,
    ).toBe(400);
  });
});
