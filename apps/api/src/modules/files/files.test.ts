import { getSharedAccessSignatureToUpload, getUrlFileDownload, uploadArchives } from '@aval/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { UploadPart } from '../../test/call.js';
import { createTestApp, type TestApp } from '../../test/harness.js';
import { archives } from './files.table.js';

const PDF = Buffer.from('%PDF-1.4\n1 0 obj<</Type/Catalog>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n');
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);
const EXE = Buffer.concat([Buffer.from('MZ'), Buffer.alloc(200, 0x90)]);

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ env: { UPLOAD_MAX_BYTES: '4096', UPLOAD_MAX_FILES: '3' } });
});
afterAll(() => t.close());

const as = { cid: 54 } as const;
const upload = (files: UploadPart[]) => t.call(uploadArchives, { as, files });
const downloadUrl = (ArchiveUniqueId: string) =>
  t.call(getUrlFileDownload, { as, query: { ArchiveUniqueId } });

describe('POST /api/Archive/Upload', () => {
  it('should store several files and describe each', async () => {
    const res = await upload([
      { name: 'contrato social.pdf', data: PDF },
      { name: 'logo.png', data: PNG },
    ]);
    expect(res.status).toBe(200);
    const files = res.data;
    expect(files).toHaveLength(2);
    expect(files[0]).toMatchObject({ name: 'contrato social.pdf', extension: 'pdf' });
    expect(files[0]!.uniqueIdentifier).toMatch(/^[0-9a-f-]{36}$/);
    expect(files[0]!.relativePath).toMatch(/^archives\/\d{4}\/\d{2}\/[0-9a-f-]{36}\.pdf$/);
    expect(files[1]!.extension).toBe('png');
  });

  it('should decide the type by content, refusing an executable named .pdf', async () => {
    const res = await upload([{ name: 'boleto.pdf', data: EXE, type: 'application/pdf' }]);
    expect(res.status).toBe(415);
    expect(res.errors[0]).toContain('O arquivo "boleto.pdf" não é de um tipo aceito.');
  });

  it('should keep the real extension when the name lies', async () => {
    const res = await upload([{ name: 'foto.pdf', data: PNG }]);
    expect(res.data[0]!.extension).toBe('png');
  });

  it('should refuse text, XML, XHTML, HTML, SVG, GIF and ZIP whatever their names', async () => {
    const refused = [
      { name: 'observações.csv', data: Buffer.from('a;b\n1;2\nção;ok\n') },
      { name: 'notas.txt', data: Buffer.from('texto simples') },
      { name: 'nota.xml', data: Buffer.from('<?xml version="1.0"?><nota><valor>1</valor></nota>') },
      {
        name: 'pagina.xhtml',
        data: Buffer.from('<?xml version="1.0"?><html xmlns="http://www.w3.org/1999/xhtml"/>'),
      },
      { name: 'pagina.pdf', data: Buffer.from('<!DOCTYPE html><html><script>alert(1)</script></html>') },
      {
        name: 'logo.svg',
        data: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'),
      },
      {
        name: 'anim.gif',
        data: Buffer.from('R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7', 'base64'),
      },
      { name: 'pacote.zip', data: Buffer.from('UEsFBgAAAAAAAAAAAAAAAAAAAAAAAA==', 'base64') },
    ];
    for (const file of refused) {
      const res = await upload([file]);
      expect({ name: file.name, status: res.status }).toEqual({ name: file.name, status: 415 });
      expect(res.errors[0]).toContain('Tipos aceitos: PDF, PNG, JPG, DOCX, XLSX, ODT, ODS.');
    }
  });

  it('should refuse a file above the size limit with a pt-BR message', async () => {
    const big = Buffer.concat([PDF, Buffer.alloc(5000, 0x20)]);
    const res = await upload([{ name: 'grande.pdf', data: big }]);
    expect(res.status).toBe(413);
    expect(res.errors[0]).toMatch(/^Arquivo acima do tamanho máximo de/);
  });

  it('should refuse more files than allowed and store none of them', async () => {
    const before = await t.database.db.select().from(archives);
    const res = await upload([1, 2, 3, 4].map((i) => ({ name: `${i}.pdf`, data: PDF })));
    expect(res.status).toBe(413);
    expect(res.errors).toEqual(['Envie no máximo 3 arquivos por vez.']);
    const after = await t.database.db.select().from(archives);
    expect(after.length).toBe(before.length);
  });

  it('should sanitise file names', async () => {
    const res = await upload([{ name: '..\\..\\etc/pass<wd>\u0007.pdf', data: PDF }]);
    expect(res.data[0]!.name).toBe('passwd.pdf');
  });

  it('should refuse a file name with a NUL byte', async () => {
    const res = await upload([{ name: 'pass\u0000wd.pdf', data: PDF }]);
    expect(res.status).toBe(400);
    expect(res.errors).toEqual(['O texto enviado contém um caractere inválido (byte nulo).']);
  });

  it('should ask for at least one file', async () => {
    const res = await t.call(uploadArchives, {
      as,
      files: [{ name: 'x.pdf', data: PDF }],
      fileField: 'other',
    });
    expect(res.status).toBe(400);
    expect(res.errors).toEqual(['Selecione ao menos um arquivo.']);
  });

  it('should require authentication', async () => {
    const res = await t.call(uploadArchives, { companyKey: 54, files: [{ name: 'a.pdf', data: PDF }] });
    expect(res.status).toBe(401);
  });
});

describe('signed downloads', () => {
  let id: string;
  let relativePath: string;
  beforeAll(async () => {
    const [file] = (await upload([{ name: 'apólice 123.pdf', data: PDF }])).data;
    ({ uniqueIdentifier: id, relativePath } = file!);
  });

  it('should give a signed URL that downloads the same bytes under the original name', async () => {
    const res = await downloadUrl(id);
    expect(res.status).toBe(200);
    const url = res.data;
    const file = await t.app.inject({ url });
    expect(file.statusCode).toBe(200);
    expect(file.rawPayload.equals(PDF)).toBe(true);
    expect(file.headers['content-type']).toBe('application/pdf');
    expect(file.headers['content-disposition']).toBe("attachment; filename*=UTF-8''ap%C3%B3lice%20123.pdf");
    expect(file.headers['x-content-type-options']).toBe('nosniff');
  });

  it('should serve a stored PDF inline only when it is opened without a download name, never sniffed', async () => {
    const url = t.platform.signer.blobUrl('company-54', relativePath, { ttlSeconds: 60 });
    const file = await t.app.inject({ url });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-disposition']).toMatch(/^inline; filename\*=UTF-8''[0-9a-f-]{36}\.pdf$/);
    expect(file.headers['x-content-type-options']).toBe('nosniff');
  });

  it('should refuse a tampered or expired signature', async () => {
    const url = (await downloadUrl(id)).data;
    const tampered = url.replace(/sig=([^&])/, (_m, c) => `sig=${c === 'A' ? 'B' : 'A'}`);
    expect((await t.app.inject({ url: tampered })).statusCode).toBe(403);
    // Another file's path under the same signature (its last hex digit changed, never to itself).
    const otherFile = url.replace(
      relativePath,
      relativePath.replace(/([0-9a-f])\.pdf$/, (_m, c) => `${c === 'f' ? 'e' : 'f'}.pdf`),
    );
    expect((await t.app.inject({ url: otherFile })).statusCode).toBe(403);
    const expired = t.platform.signer.blobUrl('company-54', relativePath, { ttlSeconds: -5 });
    const res = await t.app.inject({ url: expired });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ Errors: ['Link de arquivo inválido ou expirado.'] });
  });

  it('should never read through the container signature of the storage info', async () => {
    const info = await t.data(getSharedAccessSignatureToUpload, { as });
    const read = await t.app.inject({
      url: `${info.Uri}/${info.ContainerName}/${relativePath}?${info.Signature}`,
    });
    expect(read.statusCode).toBe(403);
  });

  it("should not reveal another company's archive", async () => {
    const res = await t.call(getUrlFileDownload, { as: { cid: 325 }, query: { ArchiveUniqueId: id } });
    expect(res.status).toBe(404);
  });

  it('should validate the archive id', async () => {
    expect((await downloadUrl('abc')).status).toBe(400);
  });
});
