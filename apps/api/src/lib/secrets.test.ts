import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Tx, withTenant } from '../db/client.js';
import { appSecrets } from '../db/platform.table.js';
import { createTestApp, type TestApp } from '../test/harness.js';
import { sharedSecret } from './secrets.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('secrets table', () => {
  it('should refuse the app role any access to the signing keys when a request runs as it', async () => {
    const attempts = [
      (db: Tx) => db.select().from(appSecrets),
      (db: Tx) => db.insert(appSecrets).values({ name: 'planted', value: 'x' }),
      (db: Tx) => db.update(appSecrets).set({ value: 'x' }).where(sql`true`),
      (db: Tx) => db.delete(appSecrets),
    ];
    for (const attempt of attempts) {
      await expect(withTenant(t.database.db, 54, (tx) => attempt(tx))).rejects.toMatchObject({
        cause: expect.objectContaining({ code: '42501' }),
      });
    }
    const { rows } = (await t.database.db.execute(
      sql`select has_table_privilege('aval_app', 'app_secrets', 'SELECT') as can_read`,
    )) as unknown as { rows: { can_read: boolean }[] };
    expect(rows[0]?.can_read).toBe(false);
  });

  it('should still load the keys as the owner (start-up) and sign tokens with them', async () => {
    const value = await sharedSecret(t.database.db, 'token_signing_key', () => 'never used');
    expect(JSON.parse(value)).toHaveProperty('kid');
    const token = await t.platform.tokens.sign({ sub: '1', cid: 54, utp: 1, prm: [] });
    await expect(t.platform.tokens.verify(token)).resolves.toMatchObject({ cid: 54 });
  });
});
