import { defineConfig } from 'drizzle-kit';

export default defineConfig({
  dialect: 'postgresql',
  schema: './apps/kanban/src/**/*.table.ts',
  out: './apps/kanban/drizzle',
  schemaFilter: ['kanban'],
  migrations: { schema: 'public', table: '__kanban_migrations' },
});
