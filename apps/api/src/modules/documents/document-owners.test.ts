import {
  createInsurerRequestDocument,
  getUrlFileDownload,
  uploadInsurerRequestDocument,
} from '@aval/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createArchive, uniqueName } from '../../test/factories.js';
import { createTestApp, type TestApp } from '../../test/harness.js';

// Two apps in one process (as the tests run, isolate: false): the document-owner rules are each
// app's own (platform.wiring), not a registry one app's routes fill for every other.
let full: TestApp;
let withoutInsurerRule: TestApp;
beforeAll(async () => {
  [full, withoutInsurerRule] = await Promise.all([createTestApp(), createTestApp()]);
  const { wiring } = withoutInsurerRule.platform;
  withoutInsurerRule.platform.wiring = {
    ...wiring,
    documentOwners: wiring.documentOwners.filter((rule) => rule.type !== 'insurer'),
  };
});
afterAll(() => Promise.all([full?.close(), withoutInsurerRule?.close()]));

/** A file the admin attaches to an insurer document; another insurer user asks for its URL. */
const downloadStatusOfInsurerFile = async (t: TestApp) => {
  const slot = await t.data(createInsurerRequestDocument, {
    as: 'admin',
    body: { Name: uniqueName('Estatuto social'), RequestDocumentTypeId: 5 },
  });
  const archive = await createArchive(t, { name: 'estatuto.pdf' });
  await t.data(uploadInsurerRequestDocument, {
    as: 'admin',
    body: { RequestDocumentUniqueId: slot.UniqueId, ArchiveUniqueIds: [archive.uniqueIdentifier] },
  });
  const res = await t.call(getUrlFileDownload, {
    as: 'analista',
    query: { ArchiveUniqueId: archive.uniqueIdentifier },
  });
  return res.status;
};

describe('document-owner rules per app', () => {
  it('should give each app its own wiring', () => {
    expect(full.platform.wiring).not.toBe(withoutInsurerRule.platform.wiring);
    expect(full.platform.wiring.documentOwners.some((rule) => rule.type === 'insurer')).toBe(true);
  });

  it('should let insurer staff download an insurer file only in the app that has the rule', async () => {
    expect(await downloadStatusOfInsurerFile(full)).toBe(200);
    // An owner type without a rule is visible to nobody (but the uploader).
    expect(await downloadStatusOfInsurerFile(withoutInsurerRule)).toBe(404);
  });
});
