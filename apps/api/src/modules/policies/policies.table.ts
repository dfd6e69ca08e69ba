import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  boolean,
  date,
  index,
  integer,
  jsonb,
  pgSchema,
  pgTable,
  primaryKey,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { createdAt, money, rate, timestamps } from '../../db/columns.js';
import { companyIdColumn, tenantPolicy } from '../../db/tenancy.js';
import { brokers } from '../brokers/brokers.table.js';
import { archives } from '../files/files.table.js';
import { insureds } from '../insureds/insureds.table.js';
import type { InsurerProfile } from '../parameterisation/insurer-record.table.js';
import { modalities, paramBranches } from '../parameterisation/parameterisation.table.js';
import { policyHolders } from '../policy-holders/policy-holders.table.js';
import { proposals } from '../proposals/proposals.table.js';
import type { IssuedPolicyTerms } from './render-contract-document.js';

/** Accented letters of pt-BR names and their plain forms (lower case). */
export const ACCENTED = 'áàâãäéèêëíìîïóòôõöúùûüçñ';
export const PLAIN = 'aaaaaeeeeiiiiooooouuuucn';

/**
 * A name as the search indexes keep it: lower case without accents. The searches compare
 * `searchable(column) LIKE '%fragment%'` with the fragment normalised the same way (foldName).
 */
export const searchable = (column: AnyPgColumn) =>
  sql`translate(lower(${column}), ${sql.raw(`'${ACCENTED}'`)}, ${sql.raw(`'${PLAIN}'`)})`;

/** The last policy sequence of each company and branch (numbers never repeat nor skip). */
export const policyCounters = pgTable(
  'policy_counters',
  {
    companyId: companyIdColumn(),
    branchCode: text('branch_code').notNull(),
    lastSequence: integer('last_sequence').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.companyId, t.branchCode] }), tenantPolicy('policy_counters')],
);

/** A premium charged (positive) or given back (negative) for the cover of From → To (end exclusive). */
export type PolicyPremiumMovement = { Amount: string; From: string; To: string; Source: string };

export type PolicyCoBroker = {
  BrokerId: number;
  Name: string;
  Document: string;
  SUSEP: string;
  Leader: boolean;
  /** Share of the commission, percent. */
  Participation: string;
};

/**
 * An issued policy (apólice, domain.md §4): born when its proposal reaches 5 Emitida. The parties,
 * vigência, IS and premium are copied from the proposal at issue (endorsements change the policy,
 * never the proposal). `statusId` is PolicyStatus (1 AguardandoEmissao … 5 Rejeitada); `sroStatusId`
 * is SroStatus (1 Pendente, 2 Registrada); `sroDeadline` is 2 business days after issue.
 */
const policyColumns = {
  id: serial('id').primaryKey(),
  uniqueId: uuid('unique_id').notNull().defaultRandom().unique(),
  companyId: companyIdColumn(),
  /** `BBBB.YYYY.SSSSSSS-D` (formatPolicyNumber of @aval/domain). */
  number: text('number').notNull(),
  branchCode: text('branch_code').notNull(),
  sequence: integer('sequence').notNull(),
  statusId: smallint('status_id').notNull().default(2),
  proposalId: integer('proposal_id')
    .notNull()
    .references(() => proposals.id),
  proposalUniqueId: uuid('proposal_unique_id').notNull(),
  proposalNumber: integer('proposal_number').notNull(),
  branchId: integer('branch_id')
    .notNull()
    .references(() => paramBranches.id),
  modalityId: integer('modality_id')
    .notNull()
    .references(() => modalities.id),
  modalityName: text('modality_name').notNull(),
  modalityGroupName: text('modality_group_name').notNull(),
  policyHolderId: integer('policy_holder_id')
    .notNull()
    .references(() => policyHolders.id),
  policyHolderUniqueId: uuid('policy_holder_unique_id').notNull(),
  policyHolderName: text('policy_holder_name').notNull(),
  policyHolderDocument: text('policy_holder_document').notNull(),
  insuredId: integer('insured_id').references(() => insureds.id),
  insuredUniqueId: uuid('insured_unique_id'),
  insuredName: text('insured_name'),
  insuredDocument: text('insured_document'),
  brokerId: integer('broker_id')
    .notNull()
    .references(() => brokers.id),
  brokerName: text('broker_name').notNull(),
  brokerDocument: text('broker_document').notNull(),
  brokerSusep: text('broker_susep').notNull(),
  coBrokers: jsonb('co_brokers').$type<PolicyCoBroker[]>().notNull().default([]),
  /** What the guarantee covers, one line per proposal object. */
  objectText: text('object_text').notNull().default(''),
  startDate: date('start_date').notNull(),
  endDate: date('end_date').notNull(),
  deadlineDays: integer('deadline_days').notNull(),
  insuredAmount: money('insured_amount').notNull(),
  netPremium: money('net_premium'),
  insurancePremium: money('insurance_premium').notNull(),
  comissionPercentage: rate('comission_percentage'),
  comissionValue: money('comission_value'),
  tax: rate('tax'),
  iofValue: money('iof_value'),
  totalPremium: money('total_premium').notNull(),
  numberOfInstallments: integer('number_of_installments').notNull().default(1),
  issuedAt: timestamp('issued_at', { withTimezone: true }).notNull().defaultNow(),
  issuedByUserId: integer('issued_by_user_id'),
  /** The policy PDF in object storage and its SHA-256 (hex). */
  documentArchiveId: uuid('document_archive_id').references(() => archives.id),
  documentSha256: text('document_sha256'),
  /**
   * What the policy prints, recorded when it is issued (before any endorsement): the one record its
   * PDF is rendered from, whenever that happens (domain.md §4, "The policy's documents").
   */
  issuedTerms: jsonb('issued_terms').$type<IssuedPolicyTerms>(),
  /**
   * The insurer as the policy prints it, kept in the issuance's transaction (name, CNPJ, SUSEP code
   * and process, head office, consumer lines): its PDF, rendered after, prints it and not the
   * record as edited since. Null on rows issued before it was kept: they print the current record.
   */
  issuedInsurer: jsonb('issued_insurer').$type<InsurerProfile>(),
  /**
   * The premium's movements (domain.md §4, "Restitution"): the issue premium over the vigência as
   * issued, then each approved endorsement's difference over the days it was priced for. Null on
   * rows from before it existed: the premium over the vigência.
   */
  premiumMovements: jsonb('premium_movements').$type<PolicyPremiumMovement[]>(),
  sroDeadline: date('sro_deadline').notNull(),
  sroStatusId: smallint('sro_status_id').notNull().default(1),
  sroRegisteredAt: timestamp('sro_registered_at', { withTimezone: true }),
  sroProtocol: text('sro_protocol'),
  // -- portal (issue 16): search flags, authenticity code, 90-day notice, internal cancellation
  enableToSteppin: boolean('enable_to_steppin').notNull().default(false),
  enableToMonitoring: boolean('enable_to_monitoring').notNull().default(false),
  enableToBigRisk: boolean('enable_to_big_risk').notNull().default(false),
  /** Printed on the PDF (QR) with the number: `/verificar/{number}?codigo={verificationCode}`. */
  verificationCode: text('verification_code')
    .notNull()
    .default(sql`substr(replace(gen_random_uuid()::text, '-', ''), 1, 16)`),
  /** When the 90-day notice (Circular SUSEP 662/2022 art. 9 III) was sent; sent once. */
  expiryNoticeSentAt: timestamp('expiry_notice_sent_at', { withTimezone: true }),
  cancelledAt: timestamp('cancelled_at', { withTimezone: true }),
  cancelledByUserId: integer('cancelled_by_user_id'),
  cancelReason: text('cancel_reason'),
  cancelRestitution: money('cancel_restitution'),
  ...timestamps(),
};

export const policies = pgTable('policies', policyColumns, (t) => [
  uniqueIndex('policies_company_number_uq').on(t.companyId, t.number),
  uniqueIndex('policies_proposal_uq').on(t.proposalId),
  index('policies_company_status_idx').on(t.companyId, t.statusId),
  index('policies_company_sro_idx').on(t.companyId, t.sroStatusId, t.sroDeadline),
  index('policies_company_holder_idx').on(t.companyId, t.policyHolderId),
  index('policies_company_broker_idx').on(t.companyId, t.brokerId),
  index('policies_company_insured_idx').on(t.companyId, t.insuredId),
  index('policies_company_issued_idx').on(t.companyId, t.issuedAt),
  // Search at scale (architecture §5): trigram GIN on lower-case unaccented names (translate is
  // immutable, unaccent() is not), led by the company (btree_gin) so a fragment's bitmap holds the
  // company's matches only; text_pattern_ops for document prefixes, dates for periods. Name
  // fragments are searched through `search.policies` (migration 0031), where RLS does not keep
  // LIKE away from these indexes.
  index('policies_company_holder_name_trgm').using(
    'gin',
    t.companyId,
    sql`${searchable(t.policyHolderName)} gin_trgm_ops`,
  ),
  index('policies_company_insured_name_trgm').using(
    'gin',
    t.companyId,
    sql`${searchable(t.insuredName)} gin_trgm_ops`,
  ),
  index('policies_company_broker_name_trgm').using(
    'gin',
    t.companyId,
    sql`${searchable(t.brokerName)} gin_trgm_ops`,
  ),
  index('policies_company_holder_doc_idx').on(t.companyId, t.policyHolderDocument.op('text_pattern_ops')),
  index('policies_company_insured_doc_idx').on(t.companyId, t.insuredDocument.op('text_pattern_ops')),
  index('policies_company_number_prefix_idx').on(t.companyId, t.number.op('text_pattern_ops')),
  index('policies_company_end_idx').on(t.companyId, t.endDate),
  index('policies_company_start_idx').on(t.companyId, t.startDate),
  // Status + period and "a vencer" (issue 16): the page reads the newest matches in the list's
  // default order (issue date) and stops at it; the capped count is an index-only scan (the
  // dates are in the index, so it never visits the table's rows).
  index('policies_company_status_issued_idx').on(t.companyId, t.statusId, t.issuedAt, t.startDate, t.endDate),
  // The BI premium chart's cancellations of a period (issue 17): the few cancelled rows only.
  index('policies_company_cancelled_idx')
    .on(t.companyId, t.cancelledAt)
    .where(sql`${t.cancelRestitution} is not null`),
  tenantPolicy('policies'),
]);

/**
 * The request's company's policies, read with the view owner's rights (migration 0031): the
 * name-fragment searches only, where the tenant policy would keep `LIKE` off the trigram indexes.
 * Confined to `app.company_id` by the view itself; the caller's visibility still applies. Named
 * `policies` in the `search` schema, so conditions written on `policies` columns read it unchanged.
 */
export const policiesOfCompany = pgSchema('search').view('policies', policyColumns).existing();

/**
 * The premium installments of a proposal being issued, each with its boleto (bank slip): created
 * when the proposal goes to issue, linked to the policy once it exists. An approved endorsement
 * with an extra premium adds its own (`endorsementId` set, numbered within the endorsement).
 * `statusId`: InstallmentStatus (1 Em aberto, 2 Paga, 3 Cancelada).
 */
export const policyInstallments = pgTable(
  'policy_installments',
  {
    id: serial('id').primaryKey(),
    uniqueId: uuid('unique_id').notNull().defaultRandom().unique(),
    companyId: companyIdColumn(),
    proposalId: integer('proposal_id')
      .notNull()
      .references(() => proposals.id),
    policyId: integer('policy_id').references(() => policies.id),
    /** The endorsement whose extra premium this slip charges (endorsements.id; null: the policy's own). */
    endorsementId: integer('endorsement_id'),
    number: smallint('number').notNull(),
    dueDate: date('due_date').notNull(),
    amount: money('amount').notNull(),
    statusId: smallint('status_id').notNull().default(1),
    /** The bank's "nosso número" (unique per company): what a bank return file refers to. */
    ourNumber: text('our_number').notNull(),
    /** Which BankSlipProvider issued the slip (`local` for the built-in generator). */
    providerCode: text('provider_code').notNull(),
    barcode: text('barcode').notNull(),
    digitableLine: text('digitable_line').notNull(),
    pixPayload: text('pix_payload'),
    /**
     * The insurer as the boleto prints it (beneficiary, CNPJ, collecting account, Pix key), kept when
     * it was booked (`insurerToIssue`), with the numbers computed from that account: its PDF, rendered
     * on its first download, prints this. Null: booked before it was kept, printed from the record
     * as it is then (`insurerAsIssued`; docs/domain.md §4).
     */
    issuedInsurer: jsonb('issued_insurer').$type<InsurerProfile>(),
    archiveId: uuid('archive_id').references(() => archives.id),
    sha256: text('sha256'),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    paidAmount: money('paid_amount'),
    /** `manual` (insurer staff confirmed) or `return-file` (imported bank return). */
    paymentSource: text('payment_source'),
    confirmedByUserId: integer('confirmed_by_user_id'),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('policy_installments_proposal_number_uq')
      .on(t.proposalId, t.number)
      .where(sql`endorsement_id is null`),
    uniqueIndex('policy_installments_endorsement_number_uq')
      .on(t.endorsementId, t.number)
      .where(sql`endorsement_id is not null`),
    uniqueIndex('policy_installments_company_our_number_uq').on(t.companyId, t.ourNumber),
    index('policy_installments_company_status_due_idx').on(t.companyId, t.statusId, t.dueDate),
    index('policy_installments_policy_idx').on(t.policyId),
    tenantPolicy('policy_installments'),
  ],
);

/** Issuance documents generated for a proposal: minuta, policy, issuance report (laudo). */
export const issuanceDocuments = pgTable(
  'issuance_documents',
  {
    id: serial('id').primaryKey(),
    companyId: companyIdColumn(),
    proposalId: integer('proposal_id')
      .notNull()
      .references(() => proposals.id),
    policyId: integer('policy_id').references(() => policies.id),
    /** `contract-draft`, `policy` or `issuance-report`. */
    kind: text('kind').notNull(),
    archiveId: uuid('archive_id')
      .notNull()
      .references(() => archives.id),
    sha256: text('sha256').notNull(),
    createdByUserId: integer('created_by_user_id'),
    createdAt: createdAt(),
  },
  (t) => [
    index('issuance_documents_proposal_idx').on(t.proposalId, t.kind),
    tenantPolicy('issuance_documents'),
  ],
);
