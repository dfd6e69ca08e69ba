import { boolean, index, integer, pgTable, serial, text } from 'drizzle-orm/pg-core';
import { createdAt } from '../../db/columns.js';
import { companyIdColumn, tenantPolicy } from '../../db/tenancy.js';

/**
 * Observations written on a card (FollowUpSendObservation): by card type and ref, so every card
 * type has them without its owner keeping a table; `from_insurer` tells which side wrote it (the
 * e-mail goes to the other side).
 */
export const kanbanCardObservations = pgTable(
  'kanban_card_observations',
  {
    id: serial('id').primaryKey(),
    companyId: companyIdColumn(),
    cardType: text('card_type').notNull(),
    cardRef: text('card_ref').notNull(),
    text: text('text').notNull(),
    createdByUserId: integer('created_by_user_id').notNull(),
    fromInsurer: boolean('from_insurer').notNull().default(true),
    createdAt: createdAt(),
  },
  (t) => [
    index('kanban_card_observations_card_idx').on(t.companyId, t.cardType, t.cardRef),
    tenantPolicy('kanban_card_observations'),
  ],
);
