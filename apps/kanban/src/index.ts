import { fileURLToPath } from 'node:url';
import type { FastifyInstance } from 'fastify';

/** Where the kanban service's migrations live and where their journal is kept. */
export const kanbanMigrations = {
  folder: fileURLToPath(new URL('../drizzle', import.meta.url)),
  schema: 'public',
  table: '__kanban_migrations',
};

export const KANBAN_PREFIX = '/api/kanban/v1.0';

export type KanbanIdentity = { userId: number; companyId: number; userType: number; permissions: number[] };

export type KanbanOptions = {
  /** Resolves a CompanyKey header to the company id, or undefined. */
  companyByKey: (key: string) => Promise<number | undefined>;
  /** Verifies a bearer access token issued by the API (in-process key or remote JWKS). */
  verifyToken: (token: string) => Promise<KanbanIdentity>;
};

/**
 * The kanban service as a Fastify plugin: mounted inside the API process by `npm start`, or run
 * on its own by `apps/kanban/dist/server.js`. Its routes (pipes, steps, cards) arrive with the
 * kanban issue; today it holds its schema and the plumbing.
 */
export const kanbanPlugin = async (app: FastifyInstance, options: KanbanOptions) => {
  app.decorate('kanban', { prefix: KANBAN_PREFIX, options });
};

export * from './kanban.table.js';
