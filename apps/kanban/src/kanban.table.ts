import { createdAt } from '@aval/transport/columns';
import { tenantPolicy } from '@aval/transport/tenancy';
import { integer, pgSchema, serial, text } from 'drizzle-orm/pg-core';

/** The kanban service keeps its data in its own schema. */
export const kanbanSchema = pgSchema('kanban');

/** Pipes (esteiras) per company; steps and cards arrive with the kanban issue. */
export const pipes = kanbanSchema.table(
  'pipes',
  {
    id: serial('id').primaryKey(),
    companyId: integer('company_id').notNull(),
    name: text('name').notNull(),
    token: text('token').notNull().unique(),
    position: integer('position').notNull().default(0),
    createdAt: createdAt(),
  },
  () => [tenantPolicy('pipes')],
);
