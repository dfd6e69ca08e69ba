import { join } from 'node:path';
import { kanbanMigrations } from '@aval/kanban';
import { apiMigrations, type Database, migrateDatabase, openDatabase } from './client.js';

/** Opens the configured database and applies the API's and the kanban service's migrations. */
export const openAndMigrate = async (config: {
  databaseUrl?: string;
  dataDir: string;
}): Promise<Database> => {
  const database = await openDatabase({
    databaseUrl: config.databaseUrl,
    pgliteDir: config.databaseUrl ? undefined : join(config.dataDir, 'pglite'),
  });
  await migrateDatabase(database, [apiMigrations, kanbanMigrations]);
  return database;
};
