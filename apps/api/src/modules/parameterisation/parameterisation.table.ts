import {
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  text,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { createdAt, money, rate, timestamps, updatedAt } from '../../db/columns.js';
import { companyIdColumn, tenantPolicy } from '../../db/tenancy.js';

/** Ramos of an insurer: surety 0775 (public insured), 0776 (private insured) and property products. */
export const paramBranches = pgTable(
  'param_branches',
  {
    id: serial('id').primaryKey(),
    companyId: companyIdColumn(),
    code: text('code').notNull(),
    name: text('name').notNull(),
    /** `surety` or `property`. */
    kind: text('kind').notNull().default('surety'),
    /** Public-sector insured (0775): the public tab of the general conditions. */
    isPublic: boolean('is_public').notNull().default(false),
    iofRate: rate('iof_rate').notNull().default('0'),
    isActive: boolean('is_active').notNull().default(true),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('param_branches_company_code_uq').on(t.companyId, t.code),
    tenantPolicy('param_branches'),
  ],
);

export const modalityGroups = pgTable(
  'modality_groups',
  {
    id: serial('id').primaryKey(),
    uniqueId: uuid('unique_id').notNull().defaultRandom().unique(),
    companyId: companyIdColumn(),
    branchId: integer('branch_id')
      .notNull()
      .references(() => paramBranches.id),
    name: text('name').notNull(),
    description: text('description'),
    sortOrder: integer('sort_order').notNull().default(0),
    isActive: boolean('is_active').notNull().default(true),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('modality_groups_company_branch_name_uq').on(t.companyId, t.branchId, t.name),
    tenantPolicy('modality_groups'),
  ],
);

export const modalities = pgTable(
  'modalities',
  {
    id: serial('id').primaryKey(),
    uniqueId: uuid('unique_id').notNull().defaultRandom().unique(),
    companyId: companyIdColumn(),
    branchId: integer('branch_id')
      .notNull()
      .references(() => paramBranches.id),
    groupId: integer('group_id')
      .notNull()
      .references(() => modalityGroups.id),
    name: text('name').notNull(),
    description: text('description'),
    susepCode: text('susep_code'),
    maxInsuredAmount: money('max_insured_amount'),
    minInsuredAmount: money('min_insured_amount'),
    automaticApprovalLimit: money('automatic_approval_limit'),
    minPremium: money('min_premium').notNull().default('0'),
    defaultRate: rate('default_rate'),
    minCommissionPercentage: rate('min_commission_percentage').notNull().default('0'),
    maxCommissionPercentage: rate('max_commission_percentage').notNull().default('30'),
    retroactiveDays: integer('retroactive_days').notNull().default(0),
    futureDays: integer('future_days').notNull().default(0),
    minPeriodDays: integer('min_period_days').notNull().default(1),
    maxPeriodDays: integer('max_period_days').notNull().default(1825),
    /** This modality may be contracted only as a complement of another. */
    isComplementary: boolean('is_complementary').notNull().default(false),
    automaticCancel: boolean('automatic_cancel').notNull().default(false),
    daysAfterDueDate: integer('days_after_due_date'),
    canHaveBeneficiaryPf: boolean('can_have_beneficiary_pf').notNull().default(false),
    isActive: boolean('is_active').notNull().default(true),
    sortOrder: integer('sort_order').notNull().default(0),
    ...timestamps(),
  },
  (t) => [
    uniqueIndex('modalities_company_branch_name_uq').on(t.companyId, t.branchId, t.name),
    index('modalities_group_idx').on(t.groupId),
    tenantPolicy('modalities'),
  ],
);

export const coverages = pgTable(
  'coverages',
  {
    id: serial('id').primaryKey(),
    uniqueId: uuid('unique_id').notNull().defaultRandom().unique(),
    companyId: companyIdColumn(),
    modalityId: integer('modality_id')
      .notNull()
      .references(() => modalities.id),
    name: text('name').notNull(),
    description: text('description'),
    /** Additional coverage (contracted on top of the main one). */
    isAdditional: boolean('is_additional').notNull().default(false),
    /** Share of the modality's insured amount this coverage may reach (percent). */
    insuredAmountPercentage: rate('insured_amount_percentage').notNull().default('100'),
    /** Rate added (percent a year) when the coverage is contracted. */
    rate: rate('rate').notNull().default('0'),
    isActive: boolean('is_active').notNull().default(true),
    sortOrder: integer('sort_order').notNull().default(0),
    ...timestamps(),
  },
  (t) => [index('coverages_modality_idx').on(t.modalityId), tenantPolicy('coverages')],
);

export const complementaryModalities = pgTable(
  'complementary_modalities',
  {
    id: serial('id').primaryKey(),
    companyId: companyIdColumn(),
    modalityId: integer('modality_id')
      .notNull()
      .references(() => modalities.id),
    complementaryModalityId: integer('complementary_modality_id')
      .notNull()
      .references(() => modalities.id),
    isActive: boolean('is_active').notNull().default(true),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('complementary_modalities_pair_uq').on(t.companyId, t.modalityId, t.complementaryModalityId),
    tenantPolicy('complementary_modalities'),
  ],
);

/**
 * Contractual terms (spec §3 types 1-5). General conditions (type 1) belong to a branch; the other
 * types to a modality, types 4 and 5 also to a coverage. Text is sanitised rich text with tags.
 */
export const contractualTerms = pgTable(
  'contractual_terms',
  {
    id: serial('id').primaryKey(),
    uniqueId: uuid('unique_id').notNull().defaultRandom().unique(),
    companyId: companyIdColumn(),
    termType: integer('term_type').notNull(),
    branchId: integer('branch_id').references(() => paramBranches.id),
    modalityId: integer('modality_id').references(() => modalities.id),
    coverageId: integer('coverage_id').references(() => coverages.id),
    title: text('title').notNull(),
    text: text('text').notNull(),
    version: integer('version').notNull().default(1),
    isActive: boolean('is_active').notNull().default(true),
    updatedByUserId: integer('updated_by_user_id'),
    ...timestamps(),
  },
  (t) => [
    index('contractual_terms_modality_idx').on(t.companyId, t.modalityId, t.termType),
    tenantPolicy('contractual_terms'),
  ],
);

export const particularClauses = pgTable(
  'particular_clauses',
  {
    id: serial('id').primaryKey(),
    uniqueId: uuid('unique_id').notNull().defaultRandom().unique(),
    companyId: companyIdColumn(),
    modalityId: integer('modality_id')
      .notNull()
      .references(() => modalities.id),
    title: text('title').notNull(),
    text: text('text').notNull(),
    isActive: boolean('is_active').notNull().default(true),
    sortOrder: integer('sort_order').notNull().default(0),
    ...timestamps(),
  },
  (t) => [index('particular_clauses_modality_idx').on(t.modalityId), tenantPolicy('particular_clauses')],
);

/** Documents a proposal of a modality must carry (spec request document types 1-8). */
export const parameterRequestDocuments = pgTable(
  'parameter_request_documents',
  {
    id: serial('id').primaryKey(),
    uniqueId: uuid('unique_id').notNull().defaultRandom().unique(),
    companyId: companyIdColumn(),
    modalityId: integer('modality_id')
      .notNull()
      .references(() => modalities.id),
    name: text('name').notNull(),
    description: text('description'),
    requestDocumentTypeId: integer('request_document_type_id').notNull(),
    /** Kanban pipe that analyses the document (1 cadastro … 7 inspeção). */
    pipeTypeId: integer('pipe_type_id').notNull(),
    isRequired: boolean('is_required').notNull().default(true),
    isDeleted: boolean('is_deleted').notNull().default(false),
    sortOrder: integer('sort_order').notNull().default(0),
    ...timestamps(),
  },
  (t) => [
    index('parameter_request_documents_modality_idx').on(t.modalityId),
    tenantPolicy('parameter_request_documents'),
  ],
);

export const installmentParameters = pgTable(
  'installment_parameters',
  {
    id: serial('id').primaryKey(),
    uniqueId: uuid('unique_id').notNull().defaultRandom().unique(),
    companyId: companyIdColumn(),
    code: text('code').notNull(),
    name: text('name').notNull(),
    minimumInstallmentValue: money('minimum_installment_value').notNull(),
    maximumInstallments: integer('maximum_installments').notNull(),
    gracePeriodsInDays: jsonb('grace_periods_in_days').$type<number[]>().notNull().default([]),
    /** Payment methods offered: `boleto`, `pix`, `debito`. */
    paymentMethods: jsonb('payment_methods').$type<string[]>().notNull().default(['boleto']),
    firstDueDays: integer('first_due_days').notNull().default(5),
    isActive: boolean('is_active').notNull().default(true),
    ...timestamps(),
  },
  (t) => [
    uniqueIndex('installment_parameters_company_code_uq').on(t.companyId, t.code),
    tenantPolicy('installment_parameters'),
  ],
);

/** Which installment parameter a modality uses (one per modality). */
export const installmentModalityParameters = pgTable(
  'installment_modality_parameters',
  {
    id: serial('id').primaryKey(),
    companyId: companyIdColumn(),
    modalityId: integer('modality_id')
      .notNull()
      .references(() => modalities.id),
    installmentParameterId: integer('installment_parameter_id')
      .notNull()
      .references(() => installmentParameters.id),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('installment_modality_parameters_modality_uq').on(t.companyId, t.modalityId),
    tenantPolicy('installment_modality_parameters'),
  ],
);

/** Company-wide parameterisation settings. */
export const parameterisationSettings = pgTable(
  'parameterisation_settings',
  {
    companyId: companyIdColumn().primaryKey(),
    /** Largest premium as a percentage of the insured amount. */
    percentageLimitPremiumRelationInsuredAmount: rate('percentage_limit_premium_relation_insured_amount')
      .notNull()
      .default('10'),
    /**
     * A credit limit typed on a limit review may be at most this multiple of the calculated limit
     * and {@link typedLimitEquityMultiple} times the holder's equity (domain.md §5; @aval/domain
     * DEFAULT_TYPED_LIMIT_MULTIPLES).
     */
    typedLimitCalculatedMultiple: rate('typed_limit_calculated_multiple').notNull().default('3'),
    typedLimitEquityMultiple: rate('typed_limit_equity_multiple').notNull().default('2'),
    updatedAt: updatedAt(),
  },
  () => [tenantPolicy('parameterisation_settings')],
);

/** CNAE rates of the property products (named risks, RC). */
export const cnaeRates = pgTable(
  'cnae_rates',
  {
    id: serial('id').primaryKey(),
    companyId: companyIdColumn(),
    modalityId: integer('modality_id')
      .notNull()
      .references(() => modalities.id),
    cnae: text('cnae').notNull(),
    description: text('description').notNull(),
    rate: rate('rate').notNull(),
    isActive: boolean('is_active').notNull().default(true),
  },
  (t) => [
    uniqueIndex('cnae_rates_modality_cnae_uq').on(t.companyId, t.modalityId, t.cnae),
    tenantPolicy('cnae_rates'),
  ],
);
