import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/harness.js';
import { forgetRead, readOnce } from './read-once.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

/** A read that counts how often it reaches the database. */
const counted = () => {
  const read = { count: 0 };
  const load = async (db: Parameters<typeof readOnce>[0]) => {
    read.count++;
    const result = (await db.execute(sql`select ${read.count}::int as n`)) as unknown as {
      rows: { n: number }[];
    };
    return result.rows[0]!.n;
  };
  return { read, load };
};

describe('reads kept for one transaction', () => {
  it('should read once within a transaction and afresh in the next one', async () => {
    const { read, load } = counted();
    const first = await t.database.db.transaction(async (tx) => [
      await readOnce(tx, 'k', () => load(tx)),
      await readOnce(tx, 'k', () => load(tx)),
      // Two callers at once share the one read.
      ...(await Promise.all([readOnce(tx, 'k', () => load(tx)), readOnce(tx, 'k', () => load(tx))])),
    ]);
    expect(first).toEqual([1, 1, 1, 1]);
    expect(read.count).toBe(1);
    const next = await t.database.db.transaction((tx) => readOnce(tx, 'k', () => load(tx)));
    expect(next).toBe(2);
    expect(read.count).toBe(2);
  });

  it('should keep each key apart', async () => {
    const { read, load } = counted();
    await t.database.db.transaction(async (tx) => {
      expect(await readOnce(tx, 'a', () => load(tx))).toBe(1);
      expect(await readOnce(tx, 'b', () => load(tx))).toBe(2);
      expect(await readOnce(tx, 'a', () => load(tx))).toBe(1);
    });
    expect(read.count).toBe(2);
  });

  it('should keep nothing outside a transaction', async () => {
    const { read, load } = counted();
    const db = t.database.db;
    expect(await readOnce(db, 'k', () => load(db))).toBe(1);
    expect(await readOnce(db, 'k', () => load(db))).toBe(2);
    expect(read.count).toBe(2);
  });

  it('should not keep a failed read', async () => {
    await t.database.db.transaction(async (tx) => {
      await expect(readOnce(tx, 'k', () => Promise.reject(new Error('falhou')))).rejects.toThrow('falhou');
      expect(await readOnce(tx, 'k', async () => 'lido')).toBe('lido');
    });
  });

  it('should read afresh once its writer forgot the kept read', async () => {
    const { read, load } = counted();
    await t.database.db.transaction(async (tx) => {
      expect(await readOnce(tx, 'k', () => load(tx))).toBe(1);
      forgetRead(tx, 'k');
      expect(await readOnce(tx, 'k', () => load(tx))).toBe(2);
      expect(await readOnce(tx, 'k', () => load(tx))).toBe(2);
      forgetRead(tx, 'nunca lido'); // forgetting what was never read changes nothing
    });
    expect(read.count).toBe(2);
  });
});
