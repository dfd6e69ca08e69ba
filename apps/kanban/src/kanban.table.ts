import { createdAt, timestamps } from '@aval/transport/columns';
import { tenantPolicy } from '@aval/transport/tenancy';
import {
  bigserial,
  index,
  integer,
  jsonb,
  pgSchema,
  serial,
  text,
  timestamp,
  unique,
  uuid,
} from 'drizzle-orm/pg-core';

/** The kanban service keeps its data in its own schema. */
export const kanbanSchema = pgSchema('kanban');

/** Pipes (esteiras) per company: a stable token, its management permission (34-40) and order. */
export const pipes = kanbanSchema.table(
  'pipes',
  {
    id: serial('id').primaryKey(),
    companyId: integer('company_id').notNull(),
    name: text('name').notNull(),
    token: text('token').notNull(),
    /** Menu functionality that manages (moves cards in) this pipe. */
    permissionId: integer('permission_id').notNull().default(34),
    position: integer('position').notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [unique('pipes_company_token_unique').on(t.companyId, t.token), tenantPolicy('pipes')],
);

/** Steps of a pipe in order: kind work/approve/refuse/done, optional SLA (hours) and soft WIP limit. */
export const steps = kanbanSchema.table(
  'steps',
  {
    id: serial('id').primaryKey(),
    companyId: integer('company_id').notNull(),
    pipeId: integer('pipe_id')
      .notNull()
      .references(() => pipes.id),
    name: text('name').notNull(),
    kind: text('kind').notNull().default('work'),
    position: integer('position').notNull().default(0),
    slaHours: integer('sla_hours'),
    wipLimit: integer('wip_limit'),
    createdAt: createdAt(),
  },
  (t) => [index('steps_pipe_idx').on(t.companyId, t.pipeId, t.position), tenantPolicy('steps')],
);

/** What the owner shows on a card: header, body and an optional detailed footer. */
export type CardData = { header: string; body: string; footer?: string | null };

/**
 * A card: one per card type and owner record (`card_ref`, the owner's UniqueId) in a company,
 * kept current by its owner through the card queue; `version` grows on every change.
 */
export const cards = kanbanSchema.table(
  'cards',
  {
    id: serial('id').primaryKey(),
    companyId: integer('company_id').notNull(),
    pipeId: integer('pipe_id')
      .notNull()
      .references(() => pipes.id),
    stepId: integer('step_id')
      .notNull()
      .references(() => steps.id),
    cardType: text('card_type').notNull(),
    cardRef: uuid('card_ref').notNull(),
    cardData: jsonb('card_data').$type<CardData>(),
    /** The owner's reasons why the card may not be approved now (approve moves refused meanwhile). */
    approvalBlockers: jsonb('approval_blockers').$type<string[]>().notNull().default([]),
    /** CPF or CNPJ without mask characters, upper-case (alphanumeric CNPJ). */
    cpfCnpj: text('cpf_cnpj'),
    enteredStepAt: timestamp('entered_step_at', { withTimezone: true }).notNull().defaultNow(),
    assigneeUserId: integer('assignee_user_id'),
    version: integer('version').notNull().default(1),
    closedAt: timestamp('closed_at', { withTimezone: true }),
    ...timestamps(),
  },
  (t) => [
    unique('cards_company_type_ref_unique').on(t.companyId, t.cardType, t.cardRef),
    index('cards_step_idx').on(t.companyId, t.stepId, t.enteredStepAt),
    index('cards_document_idx').on(t.companyId, t.cpfCnpj),
    tenantPolicy('cards'),
  ],
);

/** Every move of a card: from, to, who, when and the seconds it spent in the step it left. */
export const cardMoves = kanbanSchema.table(
  'card_moves',
  {
    id: serial('id').primaryKey(),
    companyId: integer('company_id').notNull(),
    cardId: integer('card_id')
      .notNull()
      .references(() => cards.id),
    fromStepId: integer('from_step_id').references(() => steps.id),
    toStepId: integer('to_step_id')
      .notNull()
      .references(() => steps.id),
    userId: integer('user_id'),
    justification: text('justification'),
    secondsInStep: integer('seconds_in_step').notNull().default(0),
    movedAt: timestamp('moved_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('card_moves_card_idx').on(t.companyId, t.cardId, t.movedAt), tenantPolicy('card_moves')],
);

/**
 * Outbox of board events (card opened, updated, moved, closed), written in the transaction of the
 * change; its id is the SSE event id a reconnecting board resumes from.
 */
export const boardEvents = kanbanSchema.table(
  'board_events',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    companyId: integer('company_id').notNull(),
    pipeId: integer('pipe_id').notNull(),
    kind: text('kind').notNull(),
    cardId: integer('card_id').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('board_events_pipe_idx').on(t.companyId, t.pipeId, t.id), tenantPolicy('board_events')],
);
