// Prints, per area of docs/spec/endpoints.tsv, which calls the API registers and which are
// missing, then `N of 226`. Builds the real API on an in-memory PGlite to read its route table.
import { resolve } from 'node:path';
import { buildApp } from '../apps/api/dist/app.js';
import { loadConfig } from '../apps/api/dist/config.js';
import { apiMigrations, migrateDatabase, openDatabase } from '../apps/api/dist/db/client.js';
import { computeCoverage, formatCoverage, readSpecRows } from '../apps/api/dist/lib/spec-coverage.js';
import { kanbanMigrations } from '../apps/kanban/dist/index.js';

const specFile = resolve(import.meta.dirname, '../docs/spec/endpoints.tsv');
const database = await openDatabase({});
await migrateDatabase(database, [apiMigrations, kanbanMigrations]);
const config = loadConfig({
  ...process.env,
  DATABASE_URL: '',
  LOG_LEVEL: 'silent',
  DATA_DIR: '.tmp/coverage',
});
const { app } = await buildApp({ config, database, logger: false, jobWorkers: false });
await app.ready();
const coverage = computeCoverage(readSpecRows(specFile), app.routeTable);
console.log(formatCoverage(coverage));
await app.close();
await database.close();
process.exit(coverage.unexpected.length ? 1 : 0);
