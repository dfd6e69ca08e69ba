import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authHeaders, createTestApp, type TestApp } from '../../test/harness.js';

const PDF = Buffer.from('%PDF-1.4\n1 0 obj<</Type/Catalog>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n');
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);
const EXE = Buffer.concat([Buffer.from('MZ'), Buffer.alloc(200, 0x90)]);

type Part = { name: string; data: Buffer; type?: string };
const multipart = (parts: Part[], field = 'file') => {
  const boundary = '----aval-test-boundary';
  const chunks: Buffer[] = [];
  for (const p of parts) {
    chunks.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${p.name}"\r\nContent-Type: ${p.type ?? 'application/octet-stream'}\r\n\r\n`,
      ),
      p.data,
      Buffer.from('\r\n'),
    );
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), contentType: `multipart/form-data; boundary=${boundary}` };
};

let t: TestApp;
let headers54: Record<string, string>;
beforeAll(async () => {
  t = await createTestApp({ env: { UPLOAD_MAX_BYTES: '4096', UPLOAD_MAX_FILES: '3' } });
  headers54 = await authHeaders(t, { cid: 54 });
});
afterAll(() => t.close());

const upload = (parts: Part[], headers = headers54) => {
  const { payload, contentType } = multipart(parts);
  return t.app.inject({
    method: 'POST',
    url: '/api/Archive/Upload',
    payload,
    headers: { ...headers, 'content-type': contentType },
  });
};

describe('POST /api/Archive/Upload', () => {
  it('should store several files and describe each', async () => {
    const res = await upload([
      { name: 'contrato social.pdf', data: PDF },
      { name: 'logo.png', data: PNG },
    ]);
    expect(res.statusCode).toBe(200);
    const files = res.json().Response;
    expect(files).toHaveLength(2);
    expect(files[0]).toMatchObject({ name: 'contrato social.pdf', extension: 'pdf' });
    expect(files[0].uniqueIdentifier).toMatch(/^[0-9a-f-]{36}$/);
    expect(files[0].relativePath).toMatch(/^archives\/\d{4}\/\d{2}\/[0-9a-f-]{36}\.pdf$/);
    expect(files[1].extension).toBe('png');
  });

  it('should decide the type by content, refusing an executable named .pdf', async () => {
    const res = await upload([{ name: 'boleto.pdf', data: EXE, type: 'application/pdf' }]);
    expect(res.statusCode).toBe(415);
    expect(res.json().Errors[0]).toContain('O arquivo "boleto.pdf" não é de um tipo aceito.');
  });

  it('should keep the real extension when the name lies', async () => {
    const res = await upload([{ name: 'foto.pdf', data: PNG }]);
    expect(res.json().Response[0].extension).toBe('png');
  });

  it('should accept UTF-8 text files and refuse binary content named .txt', async () => {
    const ok = await upload([{ name: 'observações.csv', data: Buffer.from('a;b\n1;2\nção;ok\n') }]);
    expect(ok.statusCode).toBe(200);
    const bad = await upload([{ name: 'notas.txt', data: Buffer.from([0, 1, 2, 3, 255]) }]);
    expect(bad.statusCode).toBe(415);
  });

  it('should refuse a file above the size limit with a pt-BR message', async () => {
    const big = Buffer.concat([PDF, Buffer.alloc(5000, 0x20)]);
    const res = await upload([{ name: 'grande.pdf', data: big }]);
    expect(res.statusCode).toBe(413);
    expect(res.json().Errors[0]).toMatch(/^Arquivo acima do tamanho máximo de/);
  });

  it('should refuse more files than allowed and store none of them', async () => {
    const before = await t.database.db.query.archives.findMany();
    const res = await upload([1, 2, 3, 4].map((i) => ({ name: `${i}.pdf`, data: PDF })));
    expect(res.statusCode).toBe(413);
    expect(res.json().Errors).toEqual(['Envie no máximo 3 arquivos por vez.']);
    const after = await t.database.db.query.archives.findMany();
    expect(after.length).toBe(before.length);
  });

  it('should sanitise file names', async () => {
    const res = await upload([{ name: '..\\..\\etc/pass<wd>\u0000.pdf', data: PDF }]);
    expect(res.json().Response[0].name).toBe('passwd.pdf');
  });

  it('should ask for at least one file', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/Archive/Upload',
      ...(() => {
        const m = multipart([{ name: 'x.pdf', data: PDF }], 'other');
        return { payload: m.payload, headers: { ...headers54, 'content-type': m.contentType } };
      })(),
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().Errors).toEqual(['Selecione ao menos um arquivo.']);
  });

  it('should require authentication', async () => {
    const res = await upload([{ name: 'a.pdf', data: PDF }], { companykey: headers54.companykey! });
    expect(res.statusCode).toBe(401);
  });
});

describe('signed downloads', () => {
  let id: string;
  let relativePath: string;
  beforeAll(async () => {
    const res = await upload([{ name: 'apólice 123.pdf', data: PDF }]);
    ({ uniqueIdentifier: id, relativePath } = res.json().Response[0]);
  });

  it('should give a signed URL that downloads the same bytes under the original name', async () => {
    const res = await t.app.inject({
      url: `/api/Application/GetUrlFileDownload?ArchiveUniqueId=${id}`,
      headers: headers54,
    });
    expect(res.statusCode).toBe(200);
    const url: string = res.json().Response;
    const file = await t.app.inject({ url });
    expect(file.statusCode).toBe(200);
    expect(file.rawPayload.equals(PDF)).toBe(true);
    expect(file.headers['content-type']).toBe('application/pdf');
    expect(file.headers['content-disposition']).toBe("attachment; filename*=UTF-8''ap%C3%B3lice%20123.pdf");
  });

  it('should refuse a tampered or expired signature', async () => {
    const url: string = (
      await t.app.inject({
        url: `/api/Application/GetUrlFileDownload?ArchiveUniqueId=${id}`,
        headers: headers54,
      })
    ).json().Response;
    const tampered = url.replace(/sig=([^&])/, (_m, c) => `sig=${c === 'A' ? 'B' : 'A'}`);
    expect((await t.app.inject({ url: tampered })).statusCode).toBe(403);
    const otherFile = url.replace(relativePath, relativePath.replace(/[0-9a-f]\.pdf$/, 'f.pdf'));
    expect((await t.app.inject({ url: otherFile })).statusCode).toBe(403);
    const expired = t.platform.signer.blobUrl('company-54', relativePath, { ttlSeconds: -5 });
    const res = await t.app.inject({ url: expired });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ Errors: ['Link de arquivo inválido ou expirado.'] });
  });

  it('should read through the container signature of the storage info, for its own container only', async () => {
    const info = (
      await t.app.inject({ url: '/api/Application/GetSharedAccessSignatureToUpload', headers: headers54 })
    ).json().Response;
    const ok = await t.app.inject({
      url: `${info.Uri}/${info.ContainerName}/${relativePath}?${info.Signature}`,
    });
    expect(ok.statusCode).toBe(200);
    const other = await t.app.inject({ url: `${info.Uri}/company-325/${relativePath}?${info.Signature}` });
    expect(other.statusCode).toBe(403);
  });

  it("should not reveal another company's archive", async () => {
    const headers325 = await authHeaders(t, { cid: 325 });
    const res = await t.app.inject({
      url: `/api/Application/GetUrlFileDownload?ArchiveUniqueId=${id}`,
      headers: headers325,
    });
    expect(res.statusCode).toBe(404);
  });

  it('should validate the archive id', async () => {
    const res = await t.app.inject({
      url: '/api/Application/GetUrlFileDownload?ArchiveUniqueId=abc',
      headers: headers54,
    });
    expect(res.statusCode).toBe(400);
  });
});
