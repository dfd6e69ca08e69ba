// A server for the benchmark, in its own process: `hello` (bare Fastify) or `aval` (the real API
// on PGlite in memory, or on PostgreSQL when BENCH_DATABASE_URL is set). Prints its port.
import Fastify from 'fastify';

const kind = process.argv[2];
if (kind === 'hello') {
  const app = Fastify({ logger: false });
  app.get('/', async () => ({ hello: 'world' }));
  await app.listen({ port: 0, host: '127.0.0.1' });
  console.log(`PORT ${app.server.address().port}`);
} else {
  const { buildApp } = await import('../apps/api/dist/app.js');
  const { loadConfig } = await import('../apps/api/dist/config.js');
  const { apiMigrations, migrateDatabase, openDatabase } = await import('../apps/api/dist/db/client.js');
  const { seedDatabase } = await import('../apps/api/dist/seed/index.js');
  const { kanbanMigrations } = await import('../apps/kanban/dist/index.js');
  const url = process.env.BENCH_DATABASE_URL;
  const database = await openDatabase(url ? { databaseUrl: url } : {});
  await migrateDatabase(database, [apiMigrations, kanbanMigrations]);
  await seedDatabase(database.db);
  const config = loadConfig({ LOG_LEVEL: 'silent', DATA_DIR: '.tmp/bench', DATABASE_URL: url ?? '' });
  const { app } = await buildApp({ config, database, logger: false, jobWorkers: false });
  await app.listen({ port: 0, host: '127.0.0.1' });
  console.log(`PORT ${app.server.address().port}`);
}
