import { mkdtemp, rm } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import S3rver from 's3rver';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authHeaders, createTestApp, type TestApp } from '../test/harness.js';
import { s3BlobStore } from './storage.js';

/** The S3 driver against s3rver, an S3-compatible server on a local port (no cloud reachable here). */
let server: S3rver;
let dir: string;
let endpoint: string;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'aval-s3-'));
  server = new S3rver({
    port: 0,
    address: '127.0.0.1',
    silent: true,
    directory: dir,
    configureBuckets: [{ name: 'aval-test', configs: [] }],
  });
  const address = (await server.run()) as AddressInfo;
  endpoint = `http://127.0.0.1:${address.port}`;
});
afterAll(async () => {
  await server.close();
  await rm(dir, { recursive: true, force: true });
});

const s3Config = () => ({
  bucket: 'aval-test',
  region: 'us-east-1',
  endpoint,
  accessKeyId: 'S3RVER',
  secretAccessKey: 'S3RVER',
  forcePathStyle: true,
});

describe('S3 blob store', () => {
  it('should put, get and remove an object under the container prefix', async () => {
    const store = s3BlobStore(s3Config());
    await store.put(
      'company-54',
      'archives/2026/11/a.pdf',
      Buffer.from('%PDF-1.4 conteúdo'),
      'application/pdf',
    );
    expect((await store.get('company-54', 'archives/2026/11/a.pdf'))?.toString()).toBe('%PDF-1.4 conteúdo');
    await store.remove('company-54', 'archives/2026/11/a.pdf');
    expect(await store.get('company-54', 'archives/2026/11/a.pdf')).toBeUndefined();
  });

  it('should refuse keys that could escape the container', async () => {
    const store = s3BlobStore(s3Config());
    await expect(
      store.put('company-54', '../company-325/x.pdf', Buffer.from('x'), 'application/pdf'),
    ).rejects.toThrow('invalid key');
  });

  it('should serve an upload and its signed download through the API with STORAGE_DRIVER=s3', async () => {
    let t: TestApp | undefined;
    try {
      t = await createTestApp({
        env: {
          STORAGE_DRIVER: 's3',
          S3_BUCKET: 'aval-test',
          S3_ENDPOINT: endpoint,
          S3_ACCESS_KEY_ID: 'S3RVER',
          S3_SECRET_ACCESS_KEY: 'S3RVER',
          S3_FORCE_PATH_STYLE: 'true',
        },
      });
      const headers = await authHeaders(t, { cid: 54 });
      const pdf = Buffer.from('%PDF-1.4\n1 0 obj<</Type/Catalog>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n');
      const boundary = 'b-s3';
      const payload = Buffer.concat([
        Buffer.from(
          `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="a.pdf"\r\nContent-Type: application/pdf\r\n\r\n`,
        ),
        pdf,
        Buffer.from(`\r\n--${boundary}--\r\n`),
      ]);
      const up = await t.app.inject({
        method: 'POST',
        url: '/api/Archive/Upload',
        payload,
        headers: { ...headers, 'content-type': `multipart/form-data; boundary=${boundary}` },
      });
      const id = up.json().Response[0].uniqueIdentifier;
      const url = (
        await t.app.inject({ url: `/api/Application/GetUrlFileDownload?ArchiveUniqueId=${id}`, headers })
      ).json().Response;
      const file = await t.app.inject({ url });
      expect(file.statusCode).toBe(200);
      expect(file.rawPayload.equals(pdf)).toBe(true);
    } finally {
      await t?.close();
    }
  });
});
