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
import { createdAt, money, rate, timestamps } from '../../db/columns.js';
import { companyIdColumn, tenantPolicy } from '../../db/tenancy.js';
import { beneficiaries, beneficiaryLocations } from '../beneficiaries/beneficiaries.table.js';
import { brokers } from '../brokers/brokers.table.js';
import { insuredLocations, insureds } from '../insureds/insureds.table.js';
import {
  cnaeRates,
  coverages,
  modalities,
  paramBranches,
  particularClauses,
} from '../parameterisation/parameterisation.table.js';
import { policyHolderBranches, policyHolders } from '../policy-holders/policy-holders.table.js';

/** The risk a price was calculated for (GetProposalRiskChange compares the proposal against it). */
export type RiskBaseline = {
  ModalityId: number;
  PolicyHolderId: number;
  StartDate: string | null;
  EndDate: string | null;
  InsuredAmountValue: string | null;
  Coverages: { CoverageId: number; InsuredAmountValue: string }[];
  Package: { ModalityId: number; InsuredAmountValue: string }[];
  Property: {
    Building: string | null;
    Content: string | null;
    LostProfit: string | null;
    CNAERateId: number | null;
  } | null;
};

/** The last proposal number of each company (numbers are per company, without gaps or repeats). */
export const proposalCounters = pgTable(
  'proposal_counters',
  {
    companyId: companyIdColumn().primaryKey(),
    lastNumber: integer('last_number').notNull().default(0),
  },
  () => [tenantPolicy('proposal_counters')],
);

/**
 * A quote or proposal (spec §3). Names and documents of the parties are kept as quoted (the lists
 * filter and sort on them); `version` grows on every change (optimistic concurrency).
 */
export const proposals = pgTable(
  'proposals',
  {
    id: serial('id').primaryKey(),
    uniqueId: uuid('unique_id').notNull().defaultRandom().unique(),
    companyId: companyIdColumn(),
    number: integer('number').notNull(),
    statusId: smallint('status_id').notNull().default(8),
    version: integer('version').notNull().default(1),
    /** `surety` or `property` (the branch's kind). */
    kind: text('kind').notNull().default('surety'),
    brokerId: integer('broker_id')
      .notNull()
      .references(() => brokers.id),
    brokerUniqueId: uuid('broker_unique_id').notNull(),
    brokerName: text('broker_name').notNull(),
    brokerDocument: text('broker_document').notNull(),
    brokerSusep: text('broker_susep').notNull(),
    /** The advisor who acted as the broker when the proposal was created. */
    advisorUserId: integer('advisor_user_id'),
    policyHolderId: integer('policy_holder_id')
      .notNull()
      .references(() => policyHolders.id),
    policyHolderUniqueId: uuid('policy_holder_unique_id').notNull(),
    policyHolderName: text('policy_holder_name').notNull(),
    policyHolderDocument: text('policy_holder_document').notNull(),
    policyHolderBranchId: integer('policy_holder_branch_id').references(() => policyHolderBranches.id, {
      onDelete: 'set null',
    }),
    insuredId: integer('insured_id').references(() => insureds.id),
    insuredUniqueId: uuid('insured_unique_id'),
    insuredName: text('insured_name'),
    insuredDocument: text('insured_document'),
    insuredLocationId: integer('insured_location_id').references(() => insuredLocations.id, {
      onDelete: 'set null',
    }),
    branchId: integer('branch_id')
      .notNull()
      .references(() => paramBranches.id),
    branchCode: text('branch_code').notNull(),
    modalityId: integer('modality_id')
      .notNull()
      .references(() => modalities.id),
    modalityName: text('modality_name').notNull(),
    modalityGroupId: integer('modality_group_id').notNull(),
    modalityGroupName: text('modality_group_name').notNull(),
    proposalTypeId: smallint('proposal_type_id'),
    experienceTypeId: smallint('experience_type_id'),
    startDate: date('start_date'),
    endDate: date('end_date'),
    deadlineDays: integer('deadline_days'),
    insuredAmount: money('insured_amount'),
    comissionPercentage: rate('comission_percentage'),
    comissionValue: money('comission_value'),
    policyHolderRate: rate('policy_holder_rate'),
    /** `PolicyHolder`, `Modality` or `Cnae`: where the rate came from. */
    rateSource: text('rate_source'),
    pureRate: rate('pure_rate'),
    specialLoading: rate('special_loading').notNull().default('0'),
    lossHistory: rate('loss_history').notNull().default('0'),
    netPremium: money('net_premium'),
    insurancePremium: money('insurance_premium'),
    tax: rate('tax'),
    iofRate: rate('iof_rate'),
    iofValue: money('iof_value'),
    totalPremium: money('total_premium'),
    minInsurancePremium: money('min_insurance_premium'),
    minimumApplied: boolean('minimum_applied').notNull().default(false),
    calculatePerRiskRate: boolean('calculate_per_risk_rate').notNull().default(false),
    numberOfInstallment: integer('number_of_installment'),
    gracePeriod: integer('grace_period'),
    /** The first calculated values (spec First* fields), kept once. */
    firstComissionValue: money('first_comission_value'),
    firstComissionPercentage: rate('first_comission_percentage'),
    firstTax: rate('first_tax'),
    firstInsurancePremium: money('first_insurance_premium'),
    calculationError: text('calculation_error'),
    calculatedAt: timestamp('calculated_at', { withTimezone: true }),
    riskBaseline: jsonb('risk_baseline').$type<RiskBaseline>(),
    qarGroup: text('qar_group'),
    specialClause: text('special_clause'),
    // property quote
    building: money('building'),
    content: money('content'),
    billing: money('billing'),
    mmu: money('mmu'),
    mmp: money('mmp'),
    lostProfit: money('lost_profit'),
    lostProfitPeriod: integer('lost_profit_period'),
    cnaeRateId: integer('cnae_rate_id').references(() => cnaeRates.id),
    cnae: text('cnae'),
    cnaeDescription: text('cnae_description'),
    cnaeRate: rate('cnae_rate'),
    lmiTypeId: smallint('lmi_type_id'),
    contractTypeId: smallint('contract_type_id'),
    activityTypeId: smallint('activity_type_id'),
    buildingTypeId: smallint('building_type_id'),
    propertyTypeId: smallint('property_type_id'),
    propertyClassificationTypeId: smallint('property_classification_type_id'),
    // obligation helper
    obligationTypeId: smallint('obligation_type_id'),
    obligationTierId: smallint('obligation_tier_id'),
    obligationValue: money('obligation_value'),
    // the legal rules of the obligation released by the insurer (permission 27), with why
    legalOverrideRules: text('legal_override_rules'),
    /** What the release was given for: IS, dates and obligation then (another value blocks again). */
    legalOverrideOf: text('legal_override_of'),
    legalOverrideJustification: text('legal_override_justification'),
    legalOverrideByUserId: integer('legal_override_by_user_id'),
    legalOverrideAt: timestamp('legal_override_at', { withTimezone: true }),
    // commission disclosure (Res. CNSP 382/2020)
    commissionDisclosureAt: timestamp('commission_disclosure_at', { withTimezone: true }),
    commissionDisclosureByUserId: integer('commission_disclosure_by_user_id'),
    commissionDisclosureText: text('commission_disclosure_text'),
    // acceptance clock (Lei 15.040/2024 art. 49)
    analysisStartedAt: timestamp('analysis_started_at', { withTimezone: true }),
    clockPausedSeconds: integer('clock_paused_seconds').notNull().default(0),
    clockPausedSince: timestamp('clock_paused_since', { withTimezone: true }),
    clockStoppedAt: timestamp('clock_stopped_at', { withTimezone: true }),
    createdByUserId: integer('created_by_user_id'),
    updatedByUserId: integer('updated_by_user_id'),
    ...timestamps(),
  },
  (t) => [
    uniqueIndex('proposals_company_number_uq').on(t.companyId, t.number),
    index('proposals_company_broker_idx').on(t.companyId, t.brokerId),
    index('proposals_company_holder_idx').on(t.companyId, t.policyHolderId),
    index('proposals_company_status_idx').on(t.companyId, t.statusId),
    index('proposals_company_created_idx').on(t.companyId, t.createdAt),
    tenantPolicy('proposals'),
  ],
);

const proposalRef = () =>
  integer('proposal_id')
    .notNull()
    .references(() => proposals.id, { onDelete: 'cascade' });

/** Co-brokers (spec §3): the leader is the main broker; participations add up to 100 %. */
export const proposalCoBrokers = pgTable(
  'proposal_co_brokers',
  {
    id: serial('id').primaryKey(),
    companyId: companyIdColumn(),
    proposalId: proposalRef(),
    brokerId: integer('broker_id')
      .notNull()
      .references(() => brokers.id),
    brokerUniqueId: uuid('broker_unique_id').notNull(),
    name: text('name').notNull(),
    document: text('document').notNull(),
    susep: text('susep').notNull(),
    commissionTypeId: smallint('commission_type_id').notNull(),
    leader: boolean('leader').notNull().default(false),
    participation: rate('participation').notNull(),
    sortOrder: integer('sort_order').notNull().default(0),
  },
  (t) => [
    uniqueIndex('proposal_co_brokers_uq').on(t.proposalId, t.brokerId),
    index('proposal_co_brokers_broker_idx').on(t.companyId, t.brokerId),
    tenantPolicy('proposal_co_brokers'),
  ],
);

export const proposalBeneficiaries = pgTable(
  'proposal_beneficiaries',
  {
    id: serial('id').primaryKey(),
    companyId: companyIdColumn(),
    proposalId: proposalRef(),
    beneficiaryId: integer('beneficiary_id')
      .notNull()
      .references(() => beneficiaries.id),
    name: text('name').notNull(),
    document: text('document').notNull(),
    /** The beneficiary's address chosen for this proposal (null: its main address). */
    locationId: integer('location_id').references(() => beneficiaryLocations.id, { onDelete: 'set null' }),
    sortOrder: integer('sort_order').notNull().default(0),
  },
  (t) => [index('proposal_beneficiaries_idx').on(t.proposalId), tenantPolicy('proposal_beneficiaries')],
);

/** Coverage limits (spec §3) with their franchise. */
export const proposalCoverageLimits = pgTable(
  'proposal_coverage_limits',
  {
    id: serial('id').primaryKey(),
    companyId: companyIdColumn(),
    proposalId: proposalRef(),
    coverageId: integer('coverage_id')
      .notNull()
      .references(() => coverages.id),
    name: text('name').notNull(),
    isAdditional: boolean('is_additional').notNull(),
    insuredAmount: money('insured_amount').notNull(),
    rate: rate('rate').notNull(),
    netValue: money('net_value'),
    franchiseTypeId: smallint('franchise_type_id'),
    franchisePercent: rate('franchise_percent'),
    franchiseValueStart: money('franchise_value_start'),
    franchiseValueEnd: money('franchise_value_end'),
    franchiseDays: integer('franchise_days'),
    franchiseRequireInsuredParticipation: boolean('franchise_require_insured_participation')
      .notNull()
      .default(false),
    specialClause: text('special_clause'),
    sortOrder: integer('sort_order').notNull().default(0),
  },
  (t) => [index('proposal_coverage_limits_idx').on(t.proposalId), tenantPolicy('proposal_coverage_limits')],
);

/** Complementary modalities contracted in the package (PackageCoverages). */
export const proposalPackageCoverages = pgTable(
  'proposal_package_coverages',
  {
    id: serial('id').primaryKey(),
    companyId: companyIdColumn(),
    proposalId: proposalRef(),
    modalityId: integer('modality_id')
      .notNull()
      .references(() => modalities.id),
    modalityName: text('modality_name').notNull(),
    insuredAmount: money('insured_amount').notNull(),
    rate: rate('rate').notNull(),
    netValue: money('net_value'),
  },
  (t) => [
    index('proposal_package_coverages_idx').on(t.proposalId),
    tenantPolicy('proposal_package_coverages'),
  ],
);

/** QAR items (QARItemId, Quantity, Value). */
export const proposalQars = pgTable(
  'proposal_qars',
  {
    id: serial('id').primaryKey(),
    companyId: companyIdColumn(),
    proposalId: proposalRef(),
    qarItemId: smallint('qar_item_id').notNull(),
    quantity: integer('quantity').notNull(),
    value: money('value'),
  },
  (t) => [index('proposal_qars_idx').on(t.proposalId), tenantPolicy('proposal_qars')],
);

/** What the guarantee covers (ProposalObjects): the contract, process or bid. */
export const proposalObjects = pgTable(
  'proposal_objects',
  {
    id: serial('id').primaryKey(),
    companyId: companyIdColumn(),
    proposalId: proposalRef(),
    description: text('description').notNull(),
    contractNumber: text('contract_number'),
    contractValue: money('contract_value'),
    sortOrder: integer('sort_order').notNull().default(0),
  },
  (t) => [index('proposal_objects_idx').on(t.proposalId), tenantPolicy('proposal_objects')],
);

/** The modality's particular clauses the proposal carries, as chosen (title and text kept). */
export const proposalParticularClauses = pgTable(
  'proposal_particular_clauses',
  {
    id: serial('id').primaryKey(),
    companyId: companyIdColumn(),
    proposalId: proposalRef(),
    particularClauseId: integer('particular_clause_id')
      .notNull()
      .references(() => particularClauses.id),
    title: text('title').notNull(),
    text: text('text').notNull(),
    sortOrder: integer('sort_order').notNull().default(0),
  },
  (t) => [
    index('proposal_particular_clauses_idx').on(t.proposalId),
    tenantPolicy('proposal_particular_clauses'),
  ],
);

export const proposalObservations = pgTable(
  'proposal_observations',
  {
    id: serial('id').primaryKey(),
    companyId: companyIdColumn(),
    proposalId: proposalRef(),
    text: text('text').notNull(),
    isInternal: boolean('is_internal').notNull().default(false),
    createdByUserId: integer('created_by_user_id'),
    createdAt: createdAt(),
  },
  (t) => [index('proposal_observations_idx').on(t.proposalId), tenantPolicy('proposal_observations')],
);

/** TimelineHistory (spec §3 group, situation and status codes): one row per transition or note. */
export const proposalTimeline = pgTable(
  'proposal_timeline',
  {
    id: serial('id').primaryKey(),
    companyId: companyIdColumn(),
    proposalId: proposalRef(),
    groupId: smallint('group_id').notNull(),
    situationId: smallint('situation_id').notNull(),
    timelineStatusId: smallint('timeline_status_id').notNull(),
    proposalStatusId: smallint('proposal_status_id').notNull(),
    description: text('description').notNull(),
    createdByUserId: integer('created_by_user_id'),
    createdAt: createdAt(),
  },
  (t) => [index('proposal_timeline_idx').on(t.proposalId), tenantPolicy('proposal_timeline')],
);

/** ProposalEngineExecutionLogs: one row per engine run (types 1-9 of spec §3). */
export const proposalEngineLogs = pgTable(
  'proposal_engine_logs',
  {
    id: serial('id').primaryKey(),
    companyId: companyIdColumn(),
    proposalId: proposalRef(),
    engineTypeId: smallint('engine_type_id').notNull(),
    approved: boolean('approved').notNull(),
    message: text('message').notNull(),
    /** APROVADO, PENDENTE (a card opened), REJEITADO (97), APROVACAO_MANUAL (27), REPROCESSADO (16). */
    outcome: text('outcome').notNull().default('APROVADO'),
    /** What the validation looked at (amounts, limits, matches), for the laudo and the engine log view. */
    inputs: jsonb('inputs').$type<Record<string, unknown>>(),
    cardType: text('card_type'),
    /** The analysis round (each send to analysis starts one). */
    round: integer('round').notNull().default(1),
    createdByUserId: integer('created_by_user_id'),
    createdAt: createdAt(),
  },
  (t) => [index('proposal_engine_logs_idx').on(t.proposalId), tenantPolicy('proposal_engine_logs')],
);
