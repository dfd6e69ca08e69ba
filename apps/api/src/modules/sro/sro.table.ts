import type { SroLayout } from '@aval/contracts';
import {
  boolean,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { timestamps } from '../../db/columns.js';
import { companyIdColumn, tenantPolicy } from '../../db/tenancy.js';

export type SroRejection = { Code: string; Message: string };

/**
 * One operation to register in the SRO (docs/sro.md): the outbox row, written in the transaction of
 * the business change that makes it due, then delivered to the registradora by the `sro-deliver`
 * queue. `eventKey` is the event's identity (`EMISSAO:policy:12`, `LIQUIDACAO_PREMIO:installment:40`):
 * one registration per event and company, however often it is recorded. `policyId` orders the
 * operations of one policy (no foreign key: the policies module sits above this one). `statusId` is
 * SroRegistrationStatus (1 Pendente, 2 Enviada, 3 Registrada, 4 Rejeitada); `version` grows with
 * each rectification, and with `sendCount` names the registradora's identifier of each send.
 */
export const sroRegistrations = pgTable(
  'sro_registrations',
  {
    id: serial('id').primaryKey(),
    uniqueId: uuid('unique_id').notNull().defaultRandom().unique(),
    companyId: companyIdColumn(),
    policyId: integer('policy_id').notNull(),
    policyUniqueId: uuid('policy_unique_id'),
    policyNumber: text('policy_number').notNull(),
    eventType: text('event_type').notNull(),
    eventKey: text('event_key').notNull(),
    eventDay: date('event_day').notNull(),
    deadline: date('deadline').notNull(),
    statusId: smallint('status_id').notNull().default(1),
    payload: jsonb('payload').$type<SroLayout>().notNull(),
    version: integer('version').notNull().default(1),
    sendCount: integer('send_count').notNull().default(0),
    attempts: integer('attempts').notNull().default(0),
    protocol: text('protocol'),
    rejections: jsonb('rejections').$type<SroRejection[]>().notNull().default([]),
    lastError: text('last_error'),
    manual: boolean('manual').notNull().default(false),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    registeredAt: timestamp('registered_at', { withTimezone: true }),
    ...timestamps(),
  },
  (t) => [
    uniqueIndex('sro_registrations_event_uq').on(t.companyId, t.eventKey),
    index('sro_registrations_status_idx').on(t.companyId, t.statusId, t.deadline),
    index('sro_registrations_policy_idx').on(t.companyId, t.policyId, t.id),
    tenantPolicy('sro_registrations'),
  ],
);
