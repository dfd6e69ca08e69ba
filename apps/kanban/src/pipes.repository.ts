import type { KanbanPipe } from '@aval/contracts';
import { asc, eq } from 'drizzle-orm';
import type { KanbanDb } from './context.js';
import { pipes } from './kanban.table.js';

/** The company's pipes in display order (the request's RLS transaction confines them too). */
export const listPipes = (db: KanbanDb, companyId: number): Promise<KanbanPipe[]> =>
  db
    .select({ id: pipes.id, name: pipes.name, token: pipes.token, position: pipes.position })
    .from(pipes)
    .where(eq(pipes.companyId, companyId))
    .orderBy(asc(pipes.position), asc(pipes.id));
