import { defineConfig } from 'drizzle-kit';

export default defineConfig({
  dialect: 'postgresql',
  schema: './apps/api/src/**/*.table.ts',
  out: './apps/api/drizzle',
  migrations: { schema: 'public', table: '__drizzle_migrations' },
});
