import { sql } from 'drizzle-orm';
import {
  boolean,
  date,
  index,
  integer,
  numeric,
  pgTable,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { addressColumns, createdAt, money, rate, timestamps, updatedAt } from '../../db/columns.js';
import { companyIdColumn, tenantPolicy } from '../../db/tenancy.js';
import { archives } from '../files/files.table.js';
import { modalities } from '../parameterisation/parameterisation.table.js';

/** Tomadores linked by common partners: they share one aggregate limit (domain.md §5). */
export const economicGroups = pgTable(
  'economic_groups',
  {
    id: serial('id').primaryKey(),
    uniqueId: uuid('unique_id').notNull().defaultRandom().unique(),
    companyId: companyIdColumn(),
    name: text('name').notNull(),
    /** Aggregate limit of the group; null = the sum of its members' global limits. */
    limitAmount: money('limit_amount'),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('economic_groups_company_name_uq').on(t.companyId, t.name),
    tenantPolicy('economic_groups'),
  ],
);

/** Policy holders (tomadores). `document` is the unmasked CNPJ (alphanumeric allowed) or CPF. */
export const policyHolders = pgTable(
  'policy_holders',
  {
    id: serial('id').primaryKey(),
    uniqueId: uuid('unique_id').notNull().defaultRandom().unique(),
    companyId: companyIdColumn(),
    name: text('name').notNull(),
    document: text('document').notNull(),
    tradeName: text('trade_name'),
    email: text('email'),
    phone: text('phone'),
    cnae: text('cnae'),
    cnaeDescription: text('cnae_description'),
    foundingDate: date('founding_date'),
    annualRevenue: money('annual_revenue'),
    shareCapital: money('share_capital'),
    website: text('website'),
    isBlocked: boolean('is_blocked').notNull().default(false),
    isRestrictiveBlocked: boolean('is_restrictive_blocked').notNull().default(false),
    ignoreCcgSignature: boolean('ignore_ccg_signature').notNull().default(false),
    isActive: boolean('is_active').notNull().default(true),
    economicGroupId: integer('economic_group_id').references(() => economicGroups.id, {
      onDelete: 'set null',
    }),
    /**
     * Branch activity (CNAE) analysis, the RAMO_ATIVIDADE card (ref: the holder's UniqueId): status
     * 1 Pendente, 2 Aceito, 3 Recusado (null: never analysed) of the CNAE in `branch_activity_cnae`;
     * accepted only while that CNAE is still the holder's.
     */
    branchActivityStatusId: smallint('branch_activity_status_id'),
    branchActivityCnae: text('branch_activity_cnae'),
    branchActivityJustification: text('branch_activity_justification'),
    branchActivityDecidedByUserId: integer('branch_activity_decided_by_user_id'),
    branchActivityDecidedAt: timestamp('branch_activity_decided_at', { withTimezone: true }),
    ...timestamps(),
  },
  (t) => [
    uniqueIndex('policy_holders_company_document_uq').on(t.companyId, t.document),
    index('policy_holders_company_name_idx').on(t.companyId, t.name),
    index('policy_holders_group_idx').on(t.economicGroupId),
    tenantPolicy('policy_holders'),
  ],
);

/** Addresses of a policy holder; state and city are IBGE codes (served by the locations module). */
export const policyHolderLocations = pgTable(
  'policy_holder_locations',
  {
    id: serial('id').primaryKey(),
    uniqueId: uuid('unique_id').notNull().defaultRandom().unique(),
    companyId: companyIdColumn(),
    policyHolderId: integer('policy_holder_id')
      .notNull()
      .references(() => policyHolders.id, { onDelete: 'cascade' }),
    ...addressColumns(),
    isMain: boolean('is_main').notNull().default(false),
    createdAt: createdAt(),
  },
  (t) => [
    index('policy_holder_locations_ph_idx').on(t.policyHolderId),
    tenantPolicy('policy_holder_locations'),
  ],
);

/** Branches (filiais): the full branch CNPJ, whose part after the slash identifies the branch. */
export const policyHolderBranches = pgTable(
  'policy_holder_branches',
  {
    id: serial('id').primaryKey(),
    uniqueId: uuid('unique_id').notNull().defaultRandom().unique(),
    companyId: companyIdColumn(),
    policyHolderId: integer('policy_holder_id')
      .notNull()
      .references(() => policyHolders.id, { onDelete: 'cascade' }),
    branchCnpj: text('branch_cnpj').notNull(),
    createdByUserId: integer('created_by_user_id'),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('policy_holder_branches_company_cnpj_uq').on(t.companyId, t.branchCnpj),
    tenantPolicy('policy_holder_branches'),
  ],
);

/**
 * Limits and rates. A row without modality is the global limit (with the rating and score of the
 * calculation); a row with a modality carries that modality's rate and, optionally, its own limit.
 */
export const policyHolderLimits = pgTable(
  'policy_holder_limits',
  {
    id: serial('id').primaryKey(),
    companyId: companyIdColumn(),
    policyHolderId: integer('policy_holder_id')
      .notNull()
      .references(() => policyHolders.id, { onDelete: 'cascade' }),
    modalityId: integer('modality_id').references(() => modalities.id),
    limitAmount: money('limit_amount'),
    rate: rate('rate'),
    rating: text('rating'),
    score: numeric('score', { precision: 9, scale: 2 }),
    calculatedAt: timestamp('calculated_at', { withTimezone: true }).notNull().defaultNow(),
    calculatedByUserId: integer('calculated_by_user_id'),
  },
  (t) => [
    uniqueIndex('policy_holder_limits_ph_modality_uq').on(
      t.companyId,
      t.policyHolderId,
      sql`coalesce(${t.modalityId}, 0)`,
    ),
    tenantPolicy('policy_holder_limits'),
  ],
);

/** Weights and targets of the credit score (domain.md §5): one row per company. */
export const creditScoreParameters = pgTable(
  'credit_score_parameters',
  {
    companyId: companyIdColumn().primaryKey(),
    /** Points of net margin (net income / revenue), full at `marginTarget`. */
    marginWeight: numeric('margin_weight', { precision: 9, scale: 4 }).notNull(),
    marginTarget: rate('margin_target').notNull(),
    /** Points of leverage (indebtedness / equity): full at 0, none at `leverageMax`. */
    leverageWeight: numeric('leverage_weight', { precision: 9, scale: 4 }).notNull(),
    leverageMax: rate('leverage_max').notNull(),
    /** Points of return on equity (net income / equity), full at `roeTarget`. */
    roeWeight: numeric('roe_weight', { precision: 9, scale: 4 }).notNull(),
    roeTarget: rate('roe_target').notNull(),
    updatedAt: updatedAt(),
  },
  () => [tenantPolicy('credit_score_parameters')],
);

/** Rating bands of a company: the score picks a band, the band gives the limit and rate factors. */
export const creditRatingBands = pgTable(
  'credit_rating_bands',
  {
    id: serial('id').primaryKey(),
    companyId: companyIdColumn(),
    rating: text('rating').notNull(),
    minScore: numeric('min_score', { precision: 9, scale: 2 }).notNull(),
    /** Limit ≤ equity × this multiplier. */
    equityMultiplier: numeric('equity_multiplier', { precision: 9, scale: 4 }).notNull(),
    /** Limit ≤ revenue × this share. */
    revenueShare: rate('revenue_share').notNull(),
    /** Absolute cap of the band. */
    maxLimit: money('max_limit').notNull(),
    /** Modality rate = modality default rate (or `baseRate`) × this multiplier. */
    rateMultiplier: rate('rate_multiplier').notNull(),
    baseRate: rate('base_rate').notNull(),
  },
  (t) => [
    uniqueIndex('credit_rating_bands_company_rating_uq').on(t.companyId, t.rating),
    tenantPolicy('credit_rating_bands'),
  ],
);

/** Financial statements of a limit request, one per fiscal year. */
export const policyHolderFinancialStatements = pgTable(
  'policy_holder_financial_statements',
  {
    id: serial('id').primaryKey(),
    companyId: companyIdColumn(),
    policyHolderId: integer('policy_holder_id')
      .notNull()
      .references(() => policyHolders.id, { onDelete: 'cascade' }),
    year: integer('year').notNull(),
    revenue: money('revenue').notNull(),
    equity: money('equity').notNull(),
    netIncome: money('net_income').notNull(),
    indebtedness: money('indebtedness').notNull(),
    createdByUserId: integer('created_by_user_id'),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('policy_holder_fin_statements_year_uq').on(t.companyId, t.policyHolderId, t.year),
    tenantPolicy('policy_holder_financial_statements'),
  ],
);

/** Observations of a limit request (Revisão de Limite). */
export const policyHolderLimitObservations = pgTable(
  'policy_holder_limit_observations',
  {
    id: serial('id').primaryKey(),
    uniqueId: uuid('unique_id').notNull().defaultRandom().unique(),
    companyId: companyIdColumn(),
    policyHolderId: integer('policy_holder_id')
      .notNull()
      .references(() => policyHolders.id, { onDelete: 'cascade' }),
    text: text('text').notNull(),
    createdByUserId: integer('created_by_user_id'),
    createdAt: createdAt(),
  },
  (t) => [
    index('policy_holder_limit_obs_ph_idx').on(t.policyHolderId),
    tenantPolicy('policy_holder_limit_observations'),
  ],
);

/**
 * A limit review request (Revisão de Limite, the REQUEST_LIMIT card's ref): opened when the
 * broker sends the request-limit documents to analysis; status 1 Pendente, 2 Aprovada, 3 Recusada.
 * Approved, the limit and rating applied are kept; refused, the justification.
 */
export const policyHolderLimitRequests = pgTable(
  'policy_holder_limit_requests',
  {
    id: serial('id').primaryKey(),
    uniqueId: uuid('unique_id').notNull().defaultRandom().unique(),
    companyId: companyIdColumn(),
    policyHolderId: integer('policy_holder_id')
      .notNull()
      .references(() => policyHolders.id, { onDelete: 'cascade' }),
    statusId: smallint('status_id').notNull().default(1),
    requestedByUserId: integer('requested_by_user_id'),
    justification: text('justification'),
    appliedLimit: money('applied_limit'),
    appliedRating: text('applied_rating'),
    decidedByUserId: integer('decided_by_user_id'),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('policy_holder_limit_requests_open_uq')
      .on(t.companyId, t.policyHolderId)
      .where(sql`status_id = 1`),
    tenantPolicy('policy_holder_limit_requests'),
  ],
);

/** Nomination status: 1 Pendente, 2 Aprovada, 3 Recusada. */
export const policyHolderNominations = pgTable(
  'policy_holder_nominations',
  {
    id: serial('id').primaryKey(),
    uniqueId: uuid('unique_id').notNull().defaultRandom().unique(),
    companyId: companyIdColumn(),
    policyHolderId: integer('policy_holder_id')
      .notNull()
      .references(() => policyHolders.id, { onDelete: 'cascade' }),
    /** brokers.id (the brokers module's table; a plain integer here). */
    brokerId: integer('broker_id').notNull(),
    statusId: smallint('status_id').notNull().default(1),
    justification: text('justification'),
    requestedByUserId: integer('requested_by_user_id'),
    decidedByUserId: integer('decided_by_user_id'),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('policy_holder_nominations_open_uq')
      .on(t.companyId, t.policyHolderId, t.brokerId)
      .where(sql`status_id in (1, 2)`),
    index('policy_holder_nominations_broker_idx').on(t.companyId, t.brokerId),
    tenantPolicy('policy_holder_nominations'),
  ],
);

/** Kinds of exposure ledger entries (policy-holders.exposures.ts). */
export const EXPOSURE_KINDS = [
  'SALDO_INICIAL',
  'RESERVA_PROPOSTA',
  'LIBERACAO_PROPOSTA',
  'APOLICE',
  'ENDOSSO',
  'CANCELAMENTO',
] as const;
export type ExposureKind = (typeof EXPOSURE_KINDS)[number];

/**
 * The exposure ledger of a policy holder: signed entries whose sum is the outstanding insured
 * amount ("Utilizado" of the limits). Approved proposals reserve, issuance converts a reservation
 * into a policy's exposure, endorsements adjust it, cancellations release it. Entries are never
 * updated; each call writes the difference that brings its reference to the wanted amount.
 * Proposal, policy and endorsement ids are plain references (no foreign keys across modules).
 */
export const policyHolderExposures = pgTable(
  'policy_holder_exposures',
  {
    id: serial('id').primaryKey(),
    companyId: companyIdColumn(),
    policyHolderId: integer('policy_holder_id')
      .notNull()
      .references(() => policyHolders.id, { onDelete: 'cascade' }),
    modalityId: integer('modality_id').references(() => modalities.id),
    amount: money('amount').notNull(),
    kind: text('kind').$type<ExposureKind>().notNull().default('SALDO_INICIAL'),
    proposalId: integer('proposal_id'),
    policyId: integer('policy_id'),
    endorsementId: integer('endorsement_id'),
    reference: text('reference'),
    createdAt: createdAt(),
  },
  (t) => [
    index('policy_holder_exposures_ph_idx').on(t.policyHolderId),
    index('policy_holder_exposures_proposal_idx').on(t.companyId, t.proposalId),
    index('policy_holder_exposures_policy_idx').on(t.companyId, t.policyId),
    tenantPolicy('policy_holder_exposures'),
  ],
);

/**
 * The policy holder's CCG (contrato de contragarantia, domain.md §5): status 1 Criado,
 * 2 AguardandoAssinatura, 3 AguardandoAnaliseSeguradora, 4 Assinado, 5 AlteracaoReprovada,
 * 6 AguardandoCorretor; `manual`: signed on paper and uploaded (card ANALISE_CCG_MANUAL) instead of
 * signed electronically (ANALISE_CCG). Its UniqueId is the card ref. One CCG not yet signed per holder.
 */
export const policyHolderCcgs = pgTable(
  'policy_holder_ccgs',
  {
    id: serial('id').primaryKey(),
    uniqueId: uuid('unique_id').notNull().defaultRandom().unique(),
    companyId: companyIdColumn(),
    policyHolderId: integer('policy_holder_id')
      .notNull()
      .references(() => policyHolders.id, { onDelete: 'cascade' }),
    statusId: smallint('status_id').notNull().default(1),
    manual: boolean('manual').notNull().default(false),
    /** The brokerage that handles the CCG with the insurer (brokers.id; a plain integer here). */
    brokerId: integer('broker_id'),
    createdByUserId: integer('created_by_user_id'),
    /** The insurer's last note (refusal reason, what the broker must fix). */
    justification: text('justification'),
    decidedByUserId: integer('decided_by_user_id'),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    signedAt: timestamp('signed_at', { withTimezone: true }),
    /** The contract's PDF to print and sign, rendered on its first download. */
    documentArchiveId: uuid('document_archive_id').references(() => archives.id),
    ...timestamps(),
  },
  (t) => [
    uniqueIndex('policy_holder_ccgs_open_uq').on(t.companyId, t.policyHolderId).where(sql`status_id <> 4`),
    tenantPolicy('policy_holder_ccgs'),
  ],
);

/** Signatories of a CCG: role 1 partner with powers, 2 individual guarantor, 3 the guarantor's spouse. */
export const policyHolderCcgSignatories = pgTable(
  'policy_holder_ccg_signatories',
  {
    id: serial('id').primaryKey(),
    companyId: companyIdColumn(),
    ccgId: integer('ccg_id')
      .notNull()
      .references(() => policyHolderCcgs.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    cpf: text('cpf').notNull(),
    email: text('email'),
    roleId: smallint('role_id').notNull(),
    married: boolean('married').notNull().default(false),
    spouseOfCpf: text('spouse_of_cpf'),
    signedAt: timestamp('signed_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    index('policy_holder_ccg_signatories_ccg_idx').on(t.companyId, t.ccgId),
    tenantPolicy('policy_holder_ccg_signatories'),
  ],
);
