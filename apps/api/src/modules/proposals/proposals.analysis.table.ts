import {
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  smallint,
  text,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { money, timestamps } from '../../db/columns.js';
import { companyIdColumn, tenantPolicy } from '../../db/tenancy.js';
import { paramBranches } from '../parameterisation/parameterisation.table.js';
import { proposals } from './proposals.table.js';

/**
 * Where a proposal's automatic analysis stands (issue 15): the round (one per send to analysis),
 * the validations passed in this round and the one waiting for a person on a card.
 */
export const proposalAnalyses = pgTable(
  'proposal_analyses',
  {
    id: serial('id').primaryKey(),
    companyId: companyIdColumn(),
    proposalId: integer('proposal_id')
      .notNull()
      .references(() => proposals.id, { onDelete: 'cascade' }),
    round: integer('round').notNull().default(1),
    /** Validations (engine types) passed in this round, in order. */
    passed: jsonb('passed').$type<number[]>().notNull().default([]),
    /** The validation waiting on a card (engine type), null when running or done. */
    waitingEngine: smallint('waiting_engine'),
    waitingCardType: text('waiting_card_type'),
    /** The waiting card's ref (the proposal's, the holder's or the brokerage's UniqueId). */
    waitingCardRef: text('waiting_card_ref'),
    /** Whether the proposal was ever sent to analysis (round 1 started). */
    startedOnce: boolean('started_once').notNull().default(false),
    /** The reinsurance cession plan recorded on the reinsurance card. */
    cessionPlan: jsonb('cession_plan').$type<Record<string, unknown>>(),
    ...timestamps(),
  },
  (t) => [
    uniqueIndex('proposal_analyses_proposal_uq').on(t.proposalId),
    index('proposal_analyses_waiting_idx').on(t.companyId, t.waitingCardType, t.waitingCardRef),
    tenantPolicy('proposal_analyses'),
  ],
);

/** The insurer's retention per branch (null branch: the company's default); IS above it is ceded. */
export const reinsuranceRetentions = pgTable(
  'reinsurance_retentions',
  {
    id: serial('id').primaryKey(),
    companyId: companyIdColumn(),
    branchId: integer('branch_id').references(() => paramBranches.id, { onDelete: 'cascade' }),
    retention: money('retention').notNull(),
    ...timestamps(),
  },
  (t) => [
    index('reinsurance_retentions_company_idx').on(t.companyId, t.branchId),
    tenantPolicy('reinsurance_retentions'),
  ],
);
