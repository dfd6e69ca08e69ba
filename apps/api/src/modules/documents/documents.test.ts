import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { UserContext } from '../../context.js';
import { withTenant } from '../../db/client.js';
import { authHeaders, createTestApp, signIn, type TestApp, uploadPdf } from '../../test/harness.js';
import * as documents from './documents.service.js';

let t: TestApp;
let admin: Record<string, string>;
beforeAll(async () => {
  t = await createTestApp();
  admin = (await signIn(t, 'admin')).headers;
});
afterAll(() => t.close());

const upload = (headers: Record<string, string>) => uploadPdf(t, headers, 'estatuto.pdf');

const post = (url: string, payload: object, headers = admin) =>
  t.app.inject({ method: 'POST', url, headers, payload });

describe('insurer documents (request-documents core)', () => {
  let docId: string;

  it('should create a document slot as pending and refuse a duplicate name', async () => {
    const res = await post('/api/InsuranceCompany/CreateRequestDocument', {
      Name: 'Estatuto social',
      RequestDocumentTypeId: 5,
      IsRequired: true,
    });
    expect(res.statusCode).toBe(200);
    const doc = res.json().Response;
    docId = doc.UniqueId;
    expect(doc).toMatchObject({
      StatusId: 2,
      StatusName: 'Pendente',
      RequestDocumentTypeName: 'Corretora',
      CreatedByInsurer: true,
      Archives: [],
    });
    const dup = await post('/api/InsuranceCompany/CreateRequestDocument', {
      Name: 'estatuto SOCIAL',
      RequestDocumentTypeId: 5,
    });
    expect(dup.statusCode).toBe(409);
  });

  it('should attach an uploaded file and rename the slot', async () => {
    const archive = await upload(admin);
    const res = await post('/api/InsuranceCompany/UploadRequestDocument', {
      RequestDocumentUniqueId: docId,
      ArchiveUniqueIds: [archive],
    });
    expect(res.json().Response.Archives).toHaveLength(1);
    expect(res.json().Response.Archives[0]).toMatchObject({
      Name: 'estatuto.pdf',
      Extension: 'pdf',
      UploadedByName: 'Helena Duarte',
    });
    const renamed = await post('/api/InsuranceCompany/ChangeRequestDocumentName', {
      RequestDocumentUniqueId: docId,
      Name: 'Estatuto consolidado',
    });
    expect(renamed.json().Response.Name).toBe('Estatuto consolidado');
  });

  it('should refuse an archive of another company', async () => {
    const other = await upload(await authHeaders(t, { cid: 325, utp: 1 }));
    const res = await post('/api/InsuranceCompany/UploadRequestDocument', {
      RequestDocumentUniqueId: docId,
      ArchiveUniqueIds: [other],
    });
    expect(res.statusCode).toBe(404);
  });

  it('should remove and restore a slot, listing it among the removed meanwhile', async () => {
    expect(
      (await post('/api/InsuranceCompany/DeleteRequestDocument', { RequestDocumentUniqueId: docId })).json(),
    ).toEqual({ Response: true });
    const active = (
      await t.app.inject({ url: '/api/InsuranceCompany/GetRequestDocuments', headers: admin })
    ).json().Response;
    expect(active.map((d: { UniqueId: string }) => d.UniqueId)).not.toContain(docId);
    const removed = (
      await t.app.inject({ url: '/api/InsuranceCompany/GetRequestDocuments?deleted=true', headers: admin })
    ).json().Response;
    expect(removed[0]).toMatchObject({ UniqueId: docId, IsDeleted: true });
    expect(
      (await post('/api/InsuranceCompany/RestoreRequestDocument', { RequestDocumentUniqueId: docId })).json(),
    ).toEqual({ Response: true });
  });

  it("should hide one company's documents from another", async () => {
    const other = (await signIn(t, 'admin', 325)).headers;
    const list = (
      await t.app.inject({ url: '/api/InsuranceCompany/GetRequestDocuments', headers: other })
    ).json().Response;
    expect(list).toEqual([]);
    const res = await post(
      '/api/InsuranceCompany/DeleteRequestDocument',
      { RequestDocumentUniqueId: docId },
      other,
    );
    expect(res.statusCode).toBe(404);
  });

  it('should refuse removal without permission 46', async () => {
    const headers = await authHeaders(t, { cid: 54, utp: 1, prm: [4, 5, 45] });
    const res = await post(
      '/api/InsuranceCompany/DeleteRequestDocument',
      { RequestDocumentUniqueId: docId },
      headers,
    );
    expect(res.statusCode).toBe(403);
  });

  it('should run submit, reject with a note, re-upload and approve, keeping every step in the history', async () => {
    const adminUser = (await t.app.inject({ url: '/api/Security/GetUserInfo', headers: admin })).json()
      .Response;
    const owner: documents.Owner = { type: 'insurer', id: 54 };
    await withTenant(t.database.db, 54, async (tx) => {
      const ctx = {
        db: tx,
        company: { id: 54, key: '', name: 'Aurora' },
        user: {
          userId: adminUser.UserId,
          companyId: 54,
          userType: 1,
          permissions: new Set([5, 43, 44, 45, 46, 47]),
        },
        platform: t.platform,
        log: t.platform.log,
        requestId: 'test',
        host: '',
        ip: '127.0.0.1',
      } as unknown as UserContext;
      const submitted = await documents.submitToAnalysis(ctx, owner);
      expect(submitted.map((d) => d.StatusName)).toEqual(['Aguardando Análise']);
      await expect(documents.reviewDocument(ctx, owner, docId, { approve: false })).rejects.toThrow(
        'Informe o motivo da reprovação.',
      );
      const rejected = await documents.reviewDocument(ctx, owner, docId, {
        approve: false,
        note: 'Documento ilegível',
      });
      expect(rejected).toMatchObject({ StatusName: 'Reprovado', ReviewNote: 'Documento ilegível' });
      const archive = (await documents.listArchives(ctx, docId))[0]!.ArchiveUniqueId;
      const again = await documents.attachArchives(ctx, owner, docId, [archive]);
      expect(again.StatusName).toBe('Pendente');
      await documents.submitToAnalysis(ctx, owner, [docId]);
      const approved = await documents.reviewDocument(ctx, owner, docId, { approve: true });
      expect(approved.StatusName).toBe('Conforme');
      expect(await documents.pendingRequiredCount(ctx, owner)).toBe(0);
      const history = await documents.documentHistory(ctx, owner, docId);
      expect(history.map((h) => h.Action)).toEqual([
        'created',
        'uploaded',
        'renamed',
        'deleted',
        'restored',
        'submitted',
        'rejected',
        'uploaded',
        'submitted',
        'approved',
      ]);
      expect(history[0]!.ChangedByName).toBe('Helena Duarte');
      const broker = { ...ctx, user: { ...ctx.user, userType: 2 } } as UserContext;
      await expect(documents.reviewDocument(broker, owner, docId, { approve: true })).rejects.toThrow(
        'Somente a seguradora pode analisar documentos.',
      );
    });
  });
});
