import { notify } from '@aval/transport/listener';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/harness.js';
import { until } from '../test/wait.js';
import { createDatabaseListener } from './notifications.js';

/**
 * The shared LISTEN/NOTIFY listener on the run's database (PGlite, or PostgreSQL with
 * TEST_DATABASE_URL): a NOTIFY reaches every listener of the database when its transaction
 * commits, never when it rolls back. On PostgreSQL the second listener is a second dedicated
 * connection, as a second instance of a service would have.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('database listener', () => {
  it('should deliver a committed NOTIFY to every listener and drop a rolled-back one', async () => {
    const other = createDatabaseListener(t.database);
    const here: string[] = [];
    const there: string[] = [];
    await t.platform.listener.listen('aval_test_signal', (p) => here.push(p));
    const handle = await other.listen('aval_test_signal', (p) => there.push(p));
    await expect(
      t.database.db.transaction(async (tx) => {
        await notify(tx, 'aval_test_signal', 'rolled back');
        throw new Error('business failure');
      }),
    ).rejects.toThrow('business failure');
    await t.database.db.transaction(async (tx) => {
      await notify(tx, 'aval_test_signal', 'committed');
      // Not delivered before the commit.
      await tx.execute(sql`select pg_sleep(0.05)`);
      expect(here).toEqual([]);
    });
    await until(() => there.length > 0 && here.length > 0, 'the committed notification on both connections');
    expect(there).toEqual(['committed']);
    expect(here).toEqual(['committed']);
    await handle.close();
    await notify(t.database.db, 'aval_test_signal', 'after close');
    await until(() => here.length > 1, 'the notification after close');
    expect(here).toEqual(['committed', 'after close']);
    expect(there).toEqual(['committed']);
    await other.close();
  });
});
