import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { AnyPgDatabase } from './tenancy.js';

/** A set of migrations: drizzle-kit's folder (its `meta/_journal.json`) and the table that records them. */
export type MigrationSet = { folder: string; schema: string; table: string };

/** How many migrations a set's journal lists (what this code expects the database to have). */
export const journalLength = (set: MigrationSet): number =>
  (JSON.parse(readFileSync(join(set.folder, 'meta', '_journal.json'), 'utf8')) as { entries: unknown[] })
    .entries.length;

/**
 * Liveness and readiness, for the load balancer and the orchestrator, the same on the API and on
 * the kanban service on its own:
 * - `/live` (and `/health`, its older name): the process serves; never looks at the database.
 * - `/ready`: this instance can take traffic: the database answers and holds every migration of
 *   `sets` (migrations run in one transaction: while an instance migrates, the new level stays
 *   invisible and this answers 503 until it commits). A starting API migrates before it listens, so
 *   its own migration shows as a refused connection. 503 otherwise. `shown`: what a 200 adds to
 *   `{ status: 'ready' }` (the API: its database's kind).
 */
export const registerProbes = (
  app: FastifyInstance,
  db: AnyPgDatabase,
  sets: MigrationSet[],
  shown: Record<string, string> = {},
) => {
  const expected = sets.map((set) => ({ set, count: journalLength(set) }));
  let migrated = false;
  const level = async () => {
    for (const { set, count } of expected) {
      const result = (await db.execute(
        sql.raw(`select count(*)::int as n from "${set.schema}"."${set.table}"`),
      )) as unknown as { rows: { n: number }[] };
      if (Number(result.rows[0]?.n ?? 0) < count) return false;
    }
    return true;
  };
  const live = async () => ({ status: 'ok' });
  app.get('/live', { schema: { hide: true } }, live);
  app.get('/health', { schema: { hide: true } }, live);
  app.get('/ready', { schema: { hide: true } }, async (_request, reply) => {
    try {
      // Once the level is reached it stays reached (migrations only add): then `select 1` is enough.
      migrated ||= await level();
      if (!migrated) return reply.status(503).send({ Errors: ['Migrações pendentes no banco de dados.'] });
      await db.execute(sql`select 1`);
      return { status: 'ready', ...shown };
    } catch {
      return reply.status(503).send({ Errors: ['Banco de dados indisponível.'] });
    }
  });
};
