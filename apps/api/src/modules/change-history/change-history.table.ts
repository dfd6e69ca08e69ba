import { rowTime } from '@aval/transport/clock';
import { index, integer, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { companyIdColumn, tenantPolicy } from '../../db/tenancy.js';
import { users } from '../users/users.table.js';

/**
 * Every recorded change of every owner (insured, policy holder, broker, parameterisation items):
 * who, when, which field, old and new value as shown to people. `owner_type` + `owner_id` name the
 * changed record; `scope_id` is an optional parent (the modality of a coverage, a clause...), so a
 * screen can list a whole scope at once. Labels live in code (see change-history.service.ts).
 */
export const changeHistory = pgTable(
  'change_history',
  {
    id: serial('id').primaryKey(),
    companyId: companyIdColumn(),
    ownerType: text('owner_type').notNull(),
    ownerId: integer('owner_id').notNull(),
    scopeId: integer('scope_id'),
    field: text('field').notNull(),
    oldValue: text('old_value'),
    newValue: text('new_value'),
    changedByUserId: integer('changed_by_user_id').references(() => users.id, { onDelete: 'set null' }),
    changedAt: timestamp('changed_at', { withTimezone: true }).notNull().defaultNow().$defaultFn(rowTime),
  },
  (t) => [
    index('change_history_owner_idx').on(t.companyId, t.ownerType, t.ownerId, t.changedAt),
    index('change_history_scope_idx').on(t.companyId, t.scopeId, t.changedAt),
    tenantPolicy('change_history'),
  ],
);
