import { getSharedAccessSignatureToUpload, getUrlFileDownload } from '@aval/contracts';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Caller } from '../../test/call.js';
import { asInsurer, createArchive, createPolicyHolder, uniqueName } from '../../test/factories.js';
import { createTestApp, demoUser, type TestApp } from '../../test/harness.js';
import { createDraft, demoBrokerId, quoteSetup } from '../../test/proposals.js';
import * as documents from '../documents/documents.service.js';
import { users } from '../users/users.table.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

/** An archive uploaded by the demo administrator and attached to a new document of `owner`. */
const fileOf = async (owner: documents.Owner) => {
  const archive = await createArchive(t);
  await asInsurer(t, async (ctx) => {
    const doc = await documents.createDocument(ctx, owner, {
      Name: uniqueName('Documento'),
      RequestDocumentTypeId: 7,
    });
    await documents.attachArchives(ctx, owner, doc.UniqueId, [archive.uniqueIdentifier]);
  });
  return archive.uniqueIdentifier;
};

const statusOf = async (as: Caller, ArchiveUniqueId: string) =>
  (await t.call(getUrlFileDownload, { as, query: { ArchiveUniqueId } })).status;

const statuses = async (id: string, callers: Caller[]) =>
  Promise.all(callers.map(async (as) => [as, await statusOf(as, id)]));

describe('GetUrlFileDownload signs only archives the caller may see (issue 11, item 5)', () => {
  it("should refuse a policy-holder user another holder's archive and give it its own", async () => {
    const [me] = await t.database.db
      .select({ policyHolderId: users.policyHolderId })
      .from(users)
      .where(and(eq(users.companyId, 54), eq(users.username, demoUser('tomador'))));
    const own = await fileOf({ type: 'policy_holder', id: me!.policyHolderId! });
    const other = await fileOf({ type: 'policy_holder', id: (await createPolicyHolder(t)).id });
    expect(await statuses(own, ['tomador', 'admin'])).toEqual([
      ['tomador', 200],
      ['admin', 200],
    ]);
    expect(await statuses(other, ['tomador', 'admin', 'corretor'])).toEqual([
      ['tomador', 404],
      ['admin', 200],
      ['corretor', 404],
    ]);
  });

  it("should give a brokerage an insured's archive only once one of its proposals names the insured", async () => {
    const s = await quoteSetup(t);
    const file = await fileOf({ type: 'insured', id: s.insured.Id });
    expect(await statuses(file, ['corretor', 'corretor2', 'tomador', 'admin'])).toEqual([
      ['corretor', 404],
      ['corretor2', 404],
      ['tomador', 404],
      ['admin', 200],
    ]);
    await createDraft(t, s);
    expect(await statuses(file, ['corretor', 'corretor2'])).toEqual([
      ['corretor', 200],
      ['corretor2', 404],
    ]);
  });

  it("should give a proposal's archive to its brokerage and the insurer only", async () => {
    const s = await quoteSetup(t);
    const draft = await createDraft(t, s);
    const file = await fileOf({ type: 'proposal', id: draft.Id });
    expect(await statuses(file, ['corretor', 'corretor2', 'tomador', 'admin'])).toEqual([
      ['corretor', 200],
      ['corretor2', 404],
      ['tomador', 404],
      ['admin', 200],
    ]);
  });

  it("should give a brokerage's archive to that brokerage and the insurer only", async () => {
    const file = await fileOf({ type: 'broker', id: await demoBrokerId(t, 'corretor') });
    expect(await statuses(file, ['corretor', 'corretor2', 'tomador', 'admin'])).toEqual([
      ['corretor', 200],
      ['corretor2', 404],
      ['tomador', 404],
      ['admin', 200],
    ]);
  });

  it("should give the insurer's own documents to its staff only", async () => {
    const file = await fileOf({ type: 'insurer', id: 54 });
    expect(await statuses(file, ['admin', 'analista', 'corretor', 'agente', 'tomador', 'assessor'])).toEqual([
      ['admin', 200],
      ['analista', 200],
      ['corretor', 404],
      ['agente', 404],
      ['tomador', 404],
      ['assessor', 404],
    ]);
  });

  it('should give an archive attached to no document to its uploader only', async () => {
    const mine = await createArchive(t, { as: 'corretor' });
    expect(await statuses(mine.uniqueIdentifier, ['corretor', 'corretor2', 'admin'])).toEqual([
      ['corretor', 200],
      ['corretor2', 404],
      ['admin', 404],
    ]);
  });
});

describe('GetSharedAccessSignatureToUpload (issue 11, item 5)', () => {
  it('should sign creating new objects only: the signature never reads a stored file', async () => {
    const archive = await createArchive(t, { as: 'corretor' });
    for (const as of ['admin', 'corretor', 'tomador'] as const) {
      const info = await t.data(getSharedAccessSignatureToUpload, { as });
      expect(new URLSearchParams(info.Signature).get('sp')).toBe('c');
      const read = await t.app.inject({
        url: `${info.Uri}/${info.ContainerName}/${archive.relativePath}?${info.Signature}`,
      });
      expect(read.statusCode).toBe(403);
      expect(read.json()).toEqual({ Errors: ['Link de arquivo inválido ou expirado.'] });
    }
  });
});
