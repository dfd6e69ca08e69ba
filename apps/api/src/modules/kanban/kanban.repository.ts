import { and, asc, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { kanbanCardObservations } from './kanban.table.js';

export type CardObservationRow = typeof kanbanCardObservations.$inferSelect;

export const listObservations = (db: DbOrTx, companyId: number, cardType: string, cardRef: string) =>
  db
    .select()
    .from(kanbanCardObservations)
    .where(
      and(
        eq(kanbanCardObservations.companyId, companyId),
        eq(kanbanCardObservations.cardType, cardType),
        eq(kanbanCardObservations.cardRef, cardRef),
      ),
    )
    .orderBy(asc(kanbanCardObservations.createdAt), asc(kanbanCardObservations.id));

export const insertObservation = async (db: DbOrTx, values: typeof kanbanCardObservations.$inferInsert) =>
  (await db.insert(kanbanCardObservations).values(values).returning())[0]!;
