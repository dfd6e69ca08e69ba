import {
  changeInsurerRequestDocumentName,
  createInsurerRequestDocument,
  deleteInsurerRequestDocument,
  getInsurerRequestDocuments,
  getUserInfo,
  restoreInsurerRequestDocument,
  uploadInsurerRequestDocument,
} from '@aval/contracts';
import { UserType } from '@aval/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { UserContext } from '../../context.js';
import type { Caller } from '../../test/call.js';
import { asInsurer, createArchive, uniqueName } from '../../test/factories.js';
import { createTestApp, type TestApp } from '../../test/harness.js';
import * as documents from './documents.service.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

/** A pending insurer document slot with a name no other test uses. */
const createSlot = (body: { Name?: string; IsRequired?: boolean } = {}) =>
  t.data(createInsurerRequestDocument, {
    as: 'admin',
    body: { Name: uniqueName('Estatuto social'), RequestDocumentTypeId: 5, ...body },
  });
const upload = () => createArchive(t, { name: 'estatuto.pdf' });
const listIds = async (as: Caller, deleted?: boolean) =>
  (await t.data(getInsurerRequestDocuments, { as, query: { deleted } })).map((d) => d.UniqueId);

describe('insurer documents (request-documents core)', () => {
  it('should create a document slot as pending and refuse a duplicate name', async () => {
    const name = uniqueName('Estatuto social');
    const res = await t.call(createInsurerRequestDocument, {
      as: 'admin',
      body: { Name: name, RequestDocumentTypeId: 5, IsRequired: true },
    });
    expect(res.status).toBe(200);
    expect(res.data).toMatchObject({
      StatusId: 2,
      StatusName: 'Pendente',
      RequestDocumentTypeName: 'Corretora',
      CreatedByInsurer: true,
      Archives: [],
    });
    const dup = await t.call(createInsurerRequestDocument, {
      as: 'admin',
      body: { Name: name.toUpperCase(), RequestDocumentTypeId: 5 },
    });
    expect(dup.status).toBe(409);
  });

  it('should attach an uploaded file and rename the slot', async () => {
    const slot = await createSlot();
    const archive = await upload();
    const res = await t.data(uploadInsurerRequestDocument, {
      as: 'admin',
      body: { RequestDocumentUniqueId: slot.UniqueId, ArchiveUniqueIds: [archive.uniqueIdentifier] },
    });
    expect(res.Archives).toHaveLength(1);
    expect(res.Archives[0]).toMatchObject({
      Name: 'estatuto.pdf',
      Extension: 'pdf',
      UploadedByName: 'Helena Duarte',
    });
    const renamed = await t.data(changeInsurerRequestDocumentName, {
      as: 'admin',
      body: { RequestDocumentUniqueId: slot.UniqueId, Name: 'Estatuto consolidado' },
    });
    expect(renamed.Name).toBe('Estatuto consolidado');
  });

  it('should refuse an archive of another company', async () => {
    const slot = await createSlot();
    const other = await createArchive(t, { as: { cid: 325, utp: 1 } });
    const res = await t.call(uploadInsurerRequestDocument, {
      as: 'admin',
      body: { RequestDocumentUniqueId: slot.UniqueId, ArchiveUniqueIds: [other.uniqueIdentifier] },
    });
    expect(res.status).toBe(404);
  });

  it('should remove and restore a slot, listing it among the removed meanwhile', async () => {
    const { UniqueId } = await createSlot();
    const body = { RequestDocumentUniqueId: UniqueId };
    expect((await t.call(deleteInsurerRequestDocument, { as: 'admin', body })).body).toEqual({
      Response: true,
    });
    expect(await listIds('admin')).not.toContain(UniqueId);
    const removed = await t.data(getInsurerRequestDocuments, { as: 'admin', query: { deleted: true } });
    expect(removed.find((d) => d.UniqueId === UniqueId)).toMatchObject({ IsDeleted: true });
    expect((await t.call(restoreInsurerRequestDocument, { as: 'admin', body })).body).toEqual({
      Response: true,
    });
    expect(await listIds('admin')).toContain(UniqueId);
    expect(await listIds('admin', true)).not.toContain(UniqueId);
  });

  it("should hide one company's documents from another", async () => {
    const { UniqueId } = await createSlot();
    const other = { user: 'admin', company: 325 } as const;
    expect(await listIds(other)).not.toContain(UniqueId);
    const res = await t.call(deleteInsurerRequestDocument, {
      as: other,
      body: { RequestDocumentUniqueId: UniqueId },
    });
    expect(res.status).toBe(404);
    expect(await listIds('admin')).toContain(UniqueId);
  });

  it('should refuse removal without permission 46', async () => {
    const { UniqueId } = await createSlot();
    const res = await t.call(deleteInsurerRequestDocument, {
      as: { cid: 54, utp: 1, prm: [4, 5, 45] },
      body: { RequestDocumentUniqueId: UniqueId },
    });
    expect(res.status).toBe(403);
    expect(await listIds('admin')).toContain(UniqueId);
  });

  it('should run submit, reject with a note, re-upload and approve, keeping every step in the history', async () => {
    const me = await t.data(getUserInfo, { as: 'admin' });
    const slot = await createSlot({ IsRequired: true });
    const docId = slot.UniqueId;
    const archive = (await upload()).uniqueIdentifier;
    await t.data(uploadInsurerRequestDocument, {
      as: 'admin',
      body: { RequestDocumentUniqueId: docId, ArchiveUniqueIds: [archive] },
    });
    const body = { RequestDocumentUniqueId: docId };
    await t.data(changeInsurerRequestDocumentName, {
      as: 'admin',
      body: { ...body, Name: uniqueName('Estatuto') },
    });
    await t.data(deleteInsurerRequestDocument, { as: 'admin', body });
    await t.data(restoreInsurerRequestDocument, { as: 'admin', body });
    const owner: documents.Owner = { type: 'insurer', id: 54 };
    await asInsurer(
      t,
      async (ctx) => {
        const pendingBefore = await documents.pendingRequiredCount(ctx, owner);
        const submitted = await documents.submitToAnalysis(ctx, owner, [docId]);
        expect(submitted.map((d) => d.StatusName)).toEqual(['Aguardando Análise']);
        await expect(documents.reviewDocument(ctx, owner, docId, { approve: false })).rejects.toThrow(
          'Informe o motivo da reprovação.',
        );
        const rejected = await documents.reviewDocument(ctx, owner, docId, {
          approve: false,
          note: 'Documento ilegível',
        });
        expect(rejected).toMatchObject({ StatusName: 'Reprovado', ReviewNote: 'Documento ilegível' });
        const again = await documents.attachArchives(ctx, owner, docId, [archive]);
        expect(again.StatusName).toBe('Pendente');
        await documents.submitToAnalysis(ctx, owner, [docId]);
        const approved = await documents.reviewDocument(ctx, owner, docId, { approve: true });
        expect(approved.StatusName).toBe('Conforme');
        expect(await documents.pendingRequiredCount(ctx, owner)).toBe(pendingBefore - 1);
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
        const broker = { ...ctx, user: { ...ctx.user, userType: UserType.BROKER } } as UserContext;
        await expect(documents.reviewDocument(broker, owner, docId, { approve: true })).rejects.toThrow(
          'Somente a seguradora pode analisar documentos.',
        );
      },
      { userId: me.UserId, permissions: [5, 43, 44, 45, 46, 47] },
    );
  });
});
