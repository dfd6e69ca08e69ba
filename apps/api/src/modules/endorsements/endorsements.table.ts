import { sql } from 'drizzle-orm';
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
import { money, rate, timestamps } from '../../db/columns.js';
import { companyIdColumn, tenantPolicy } from '../../db/tenancy.js';
import { archives } from '../files/files.table.js';
import type { InsurerProfile } from '../parameterisation/insurer-record.table.js';
import { policies } from '../policies/policies.table.js';

/** The policy's values an endorsement compares and changes (strings as the wire shows them). */
export type EndorsementTerms = {
  InsuredAmountValue: string;
  StartDate: string;
  EndDate: string;
  DeadlineDays: number;
  Object: string;
  ParticularClausule: string | null;
  PolicyHolderName: string;
  InsuredName: string | null;
};

export type EndorsementStepResult = {
  Step: 'registration' | 'credit' | 'reinsurance' | 'subscription';
  Approved: boolean;
  Message: string | null;
  ExecutedAt: string;
};

/**
 * An endorsement proposal (issue 16): a change (type 1) or cancellation (type 2) of an issued policy.
 * `uniqueId` is the spec's ProposalUniqueId. `before` is the policy as it was when requested,
 * `after` what the endorsement asks for; the premium difference is computed when filed (pro rata
 * to the remaining days at the policy's commercial rate). `statusId`: EndorsementStatus
 * (2 Em análise, 3 Aguardando aprovação, 5 Emitido, 98 Recusado, 99 Cancelado). One endorsement in
 * progress per policy (partial unique index).
 */
export const endorsements = pgTable(
  'endorsements',
  {
    id: serial('id').primaryKey(),
    uniqueId: uuid('unique_id').notNull().defaultRandom().unique(),
    companyId: companyIdColumn(),
    policyId: integer('policy_id')
      .notNull()
      .references(() => policies.id),
    /** 1, 2, … within the policy. */
    number: integer('number').notNull(),
    typeId: smallint('type_id').notNull(),
    reasonId: smallint('reason_id').notNull(),
    changeTypeIds: jsonb('change_type_ids').$type<number[]>().notNull().default([]),
    statusId: smallint('status_id').notNull().default(2),
    effectiveDate: date('effective_date').notNull(),
    before: jsonb('before').$type<EndorsementTerms>().notNull(),
    after: jsonb('after').$type<EndorsementTerms>().notNull(),
    premiumKind: text('premium_kind').notNull().default('none'),
    tax: rate('tax').notNull(),
    extraPremium: money('extra_premium').notNull().default('0'),
    iofValue: money('iof_value').notNull().default('0'),
    commissionOnExtra: money('commission_on_extra').notNull().default('0'),
    unearnedPremium: money('unearned_premium').notNull().default('0'),
    acquisitionCostPercentage: rate('acquisition_cost_percentage').notNull().default('0'),
    acquisitionCostsKept: money('acquisition_costs_kept').notNull().default('0'),
    restitution: money('restitution').notNull().default('0'),
    currentInsurancePremium: money('current_insurance_premium').notNull(),
    newInsurancePremium: money('new_insurance_premium').notNull(),
    newComissionValue: money('new_comission_value').notNull().default('0'),
    remainingDays: integer('remaining_days').notNull().default(0),
    newRemainingDays: integer('new_remaining_days').notNull().default(0),
    restoreInsurancePremium: boolean('restore_insurance_premium').notNull().default(true),
    requestPremiumReview: boolean('request_premium_review').notNull().default(false),
    premiumReviewJustification: text('premium_review_justification'),
    steps: jsonb('steps').$type<EndorsementStepResult[]>().notNull().default([]),
    requestedByUserId: integer('requested_by_user_id'),
    decidedByUserId: integer('decided_by_user_id'),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    decisionNote: text('decision_note'),
    /** The endorsement PDF and its SHA-256 (hex), once approved. */
    documentArchiveId: uuid('document_archive_id').references(() => archives.id),
    documentSha256: text('document_sha256'),
    /**
     * The insurer as the endorsement prints it, kept in the approval's transaction: its PDF,
     * rendered after, prints it and not the record as edited since. Null on endorsements approved
     * before it was kept: they print the current record.
     */
    issuedInsurer: jsonb('issued_insurer').$type<InsurerProfile>(),
    ...timestamps(),
  },
  (t) => [
    index('endorsements_company_policy_idx').on(t.companyId, t.policyId, t.id),
    index('endorsements_company_status_idx').on(t.companyId, t.statusId),
    uniqueIndex('endorsements_policy_number_uq').on(t.policyId, t.number),
    uniqueIndex('endorsements_policy_open_uq').on(t.policyId).where(sql`status_id in (2, 3)`),
    tenantPolicy('endorsements'),
  ],
);
