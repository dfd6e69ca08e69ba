import { CoBrokerCommissionType, Permission, UserType } from '@aval/domain';
import { z } from 'zod';
import {
  changeRequestDocumentNameBody,
  createRequestDocumentBody,
  requestDocumentIdBody,
  requestDocumentView,
  uploadRequestDocumentBody,
} from '../documents/documents.contracts.js';
import { endpoint, fieldError } from '../endpoint.js';
import { policyHolderBranch } from '../policy-holders/policy-holders.contracts.js';
import { locationView } from '../shared/address.js';
import { changeHistoryEntry } from '../shared/change-history.js';
import {
  date,
  id,
  insuredAmount,
  integer,
  money,
  optionalText,
  rate,
  requiredText,
  uuid,
} from '../shared/fields.js';
import { pageOf, pageQuery, qInt, quickSearch } from '../shared/schemas.js';

/**
 * Proposals (propostas) and quotes (cotações), spec §2-5: the wizard's save (UpdateProposal), the
 * lists of both sides, the detail, the financial engine on the wire, the timeline, risk change,
 * contractual terms and the request documents of a proposal.
 *
 * Money travels as decimal strings ('1234.56'), rates and percentages as decimal strings with up
 * to 6 places ('20.000000'); dates as `YYYY-MM-DD` (DD/MM/YYYY accepted on input).
 */

const P = Permission;
/** Broker side (6 manage, 7 view) and insurer side (31 manage, 32 view). */
export const proposalRead = [
  P.GERENCIAR_PROPOSTAS,
  P.VISUALIZAR_PROPOSTAS,
  P.GERENCIAR_PROPOSTAS_SEGURADORA,
  P.VISUALIZAR_PROPOSTAS_SEGURADORA,
];
export const proposalWrite = [P.GERENCIAR_PROPOSTAS, P.GERENCIAR_PROPOSTAS_SEGURADORA];
const insurerRead = [P.GERENCIAR_PROPOSTAS_SEGURADORA, P.VISUALIZAR_PROPOSTAS_SEGURADORA];
const insurerWrite = [P.GERENCIAR_PROPOSTAS_SEGURADORA];
const area = 'proposals';

/** The key of a proposal in a query or a body (`ProposalUniqueId`). */
export const proposalKey = () => ({ ProposalUniqueId: uuid('Proposta inválida.') });
const moneyOut = z.string();
const moneyOutNullable = z.string().nullable();

// ---------------------------------------------------------------- views

export const proposalParty = z
  .object({ Id: z.number().int(), UniqueId: z.string(), Name: z.string(), Document: z.string() })
  .meta({ id: 'ProposalParty' });

export const proposalBroker = z
  .object({
    Id: z.number().int(),
    UniqueId: z.string(),
    Name: z.string(),
    CpfCnpj: z.string(),
    SUSEPProtocol: z.string(),
  })
  .meta({ id: 'ProposalBroker' });

/** Spec §3 co-broker; the leader takes name and document from the main broker. */
export const proposalCoBroker = z
  .object({
    Id: z.number().int(),
    CoBrokerId: z.number().int(),
    CoBrokerUniqueId: z.string(),
    Name: z.string(),
    CpfCnpj: z.string(),
    SUSEPProtocol: z.string(),
    CommissionTypeId: z.number().int(),
    CommissionTypeName: z.string(),
    Leader: z.boolean(),
    /** Share of the commission, percent (all co-brokers add up to 100). */
    Participation: z.string(),
    /** Share of the premium: the proposal's commission percentage × Participation / 100. */
    Rate: z.string(),
    /** Commission value of this co-broker: ComissionValue × Participation / 100. */
    ComissionValue: moneyOutNullable,
  })
  .meta({ id: 'ProposalCoBroker' });

export const proposalBeneficiary = z
  .object({
    Id: z.number().int(),
    BeneficiaryId: z.number().int(),
    Name: z.string(),
    Document: z.string(),
    IsNaturalPerson: z.boolean(),
    /** The address chosen for this proposal (LocationId), else the beneficiary's main one; null while it has none. */
    Location: locationView.nullable(),
    /** The address chosen on the proposal; null means the main one. */
    LocationId: z.number().int().nullable(),
    /** Every registered address of the beneficiary (SaveBeneficiaryLocation), to choose from. */
    Locations: z.array(locationView),
  })
  .meta({ id: 'ProposalBeneficiary' });

export const proposalFranchise = z
  .object({
    FranchiseTypeId: z.number().int(),
    FranchiseTypeName: z.string(),
    Percent: z.string().nullable(),
    MinimumValue: moneyOutNullable,
    Days: z.number().int().nullable(),
    /** 'X dos prejuízos indenizáveis com mínimo de Y' (spec §3), or the days or fixed value. */
    Text: z.string(),
  })
  .meta({ id: 'ProposalFranchise' });

/** Spec §3 coverage limit: the main coverage and the additional ones contracted. */
export const proposalCoverageLimit = z
  .object({
    Id: z.number().int(),
    CoverageId: z.number().int(),
    Name: z.string(),
    IsAdditional: z.boolean(),
    InsuredAmountValue: moneyOut,
    /** Rate of the coverage (percent a year); the main coverage uses the proposal's pure rate. */
    RateValue: z.string(),
    /** Net premium of the coverage (additional coverages; the main one carries the main net). */
    NetValue: moneyOutNullable,
    FranchiseDays: z.number().int().nullable(),
    FranchisePercent: z.string().nullable(),
    FranchiseValueStart: moneyOutNullable,
    FranchiseValueEnd: moneyOutNullable,
    FranchiseRequireInsuredParticipation: z.boolean(),
    FranchiseTypeId: z.number().int().nullable(),
    Franchises: z.array(proposalFranchise),
    ProposalSpecialClause: z.string().nullable(),
  })
  .meta({ id: 'ProposalCoverageLimit' });

/** A complementary modality contracted in the package (priced at its default rate). */
export const proposalPackageCoverage = z
  .object({
    Id: z.number().int(),
    ModalityId: z.number().int(),
    ModalityName: z.string(),
    InsuredAmountValue: moneyOut,
    RateValue: z.string(),
    NetValue: moneyOutNullable,
  })
  .meta({ id: 'ProposalPackageCoverage' });

export const proposalQar = z
  .object({
    Id: z.number().int(),
    QARItemId: z.number().int(),
    QARItemName: z.string(),
    QARGroup: z.string(),
    Quantity: z.number().int(),
    Value: moneyOutNullable,
  })
  .meta({ id: 'ProposalQAR' });

export const proposalObject = z
  .object({
    Id: z.number().int(),
    Description: z.string(),
    ContractNumber: z.string().nullable(),
    ContractValue: moneyOutNullable,
    Order: z.number().int(),
  })
  .meta({ id: 'ProposalObject' });

export const proposalObservation = z
  .object({
    Id: z.number().int(),
    Text: z.string(),
    /** Insurer-only notes are not shown to brokers and policy holders. */
    IsInternal: z.boolean(),
    CreatedByName: z.string().nullable(),
    CreatedAt: z.string(),
  })
  .meta({ id: 'ProposalObservation' });

/** Spec §3 TimelineHistory entry (group, situation and status codes with their labels). */
export const proposalTimelineEntry = z
  .object({
    Id: z.number().int(),
    TimelineGroupId: z.number().int(),
    TimelineGroupName: z.string(),
    TimelineSituationId: z.number().int(),
    TimelineSituationName: z.string(),
    TimelineStatusId: z.number().int(),
    TimelineStatusName: z.string(),
    ProposalStatusId: z.number().int(),
    ProposalStatusName: z.string(),
    Description: z.string(),
    CreatedByName: z.string().nullable(),
    CreatedAt: z.string(),
  })
  .meta({ id: 'ProposalTimelineEntry' });

/** ProposalEngineExecutionLogs (engine types 1-9 of spec §3). */
export const proposalEngineLog = z
  .object({
    Id: z.number().int(),
    EngineExecutionTypeId: z.number().int(),
    EngineExecutionTypeName: z.string(),
    Approved: z.boolean(),
    Message: z.string(),
    CreatedAt: z.string(),
    Outcome: z.string().meta({
      description:
        'APROVADO, PENDENTE (card aberto), REJEITADO (97), RECUSADO (98), APROVACAO_MANUAL, REPROCESSADO.',
    }),
    CardType: z.string().nullable(),
    Round: z.number().int().meta({ description: 'A rodada de análise (cada envio para análise abre uma).' }),
    CreatedByName: z.string().nullable(),
    Inputs: z.record(z.string(), z.unknown()).nullable().meta({
      description:
        'O que a validação considerou (valores, limites, pessoas encontradas); só para a seguradora.',
    }),
  })
  .meta({ id: 'ProposalEngineExecutionLog' });

/** A contractual term the proposal carries (types 1-5 of spec §3), as parameterised. */
export const proposalTerm = z
  .object({
    Id: z.number().int(),
    TermType: z.number().int(),
    TermTypeName: z.string(),
    Title: z.string(),
    Text: z.string(),
  })
  .meta({ id: 'ProposalTermCondition' });

export const proposalParticularClause = z
  .object({ Id: z.number().int(), ParticularClauseId: z.number().int(), Title: z.string(), Text: z.string() })
  .meta({ id: 'ProposalParticularClause' });

/** Property quote (spec §3 "Product quote"); null on surety proposals. */
export const proposalProductQuote = z
  .object({
    DateStart: z.string().nullable(),
    DateEnd: z.string().nullable(),
    /** Limit of the quote: InsuredAmountValue (defaults to RiskValue). */
    CoverageLMI: moneyOutNullable,
    /** Building + Content + LostProfit; must lie between the modality's min and max IS (minLMG/maxLMG). */
    RiskValue: moneyOutNullable,
    Building: moneyOutNullable,
    Content: moneyOutNullable,
    /** Annual billing (faturamento) of the insured business. */
    Billing: moneyOutNullable,
    MMU: moneyOutNullable,
    MMP: moneyOutNullable,
    LostProfit: moneyOutNullable,
    /** Months of lost profit covered. */
    LostProfitPeriod: z.number().int().nullable(),
    CNAERateId: z.number().int().nullable(),
    CNAE: z.string().nullable(),
    CNAEDescription: z.string().nullable(),
    CNAERate: z.string().nullable(),
    LmiTypeId: z.number().int().nullable(),
    ContractTypeId: z.number().int().nullable(),
    ActivitieTypeId: z.number().int().nullable(),
    BuildingTypeId: z.number().int().nullable(),
    PropertyTypeId: z.number().int().nullable(),
    PropertyClassificationTypeId: z.number().int().nullable(),
  })
  .meta({ id: 'ProposalProductQuote' });

/** Spec §3 broker quote. */
export const proposalBrokerQuote = z
  .object({
    Billing: moneyOutNullable,
    InsurancePremium: moneyOutNullable,
    ComissionValue: moneyOutNullable,
    ComissionPercentage: z.string().nullable(),
    /** 1 when co-brokers exist, else 0. */
    CoBrokerage: z.number().int(),
    /** Participation of the main broker (leader), percent; 100 without co-brokers. */
    CoParticipation: z.string(),
    CoBrokers: z.array(proposalCoBroker),
    /** Some co-broker is paid as co-for-labor (type 3). */
    CoForLabor: z.boolean(),
    /** The last calculation's refusal, if it failed. */
    Error: z.string().nullable(),
    QARs: z.array(proposalQar),
  })
  .meta({ id: 'ProposalBrokerQuote' });

export const obligationView = z
  .object({
    ObligationTypeId: z.number().int(),
    ObligationTypeName: z.string(),
    TierId: z.number().int().nullable(),
    Value: moneyOut,
    SuggestedInsuredAmount: moneyOut,
    MaxInsuredAmount: moneyOutNullable,
    MinInsuredAmount: moneyOutNullable,
    MinTermYears: z.number().int().nullable(),
    MinEndDate: z.string().nullable(),
    MinTermDays: z.number().int().nullable(),
    Rule: z.string(),
    LegalBasis: z.string(),
    /** Where the proposal breaks the rule: sending is refused until insurer staff (27) release it (GetProposalLegalRules). */
    Warnings: z.array(z.object({ Code: z.string(), Message: z.string() })),
  })
  .meta({ id: 'ProposalObligation' });

const limitUsage = z.object({ Limit: moneyOut, Used: moneyOut, Available: moneyOut });

/** The policy holder's and its economic group's available limit, and what this proposal leaves. */
export const proposalLimit = z
  .object({
    PolicyHolder: limitUsage,
    EconomicGroup: limitUsage.extend({ Name: z.string() }).nullable(),
    /** min(policy holder available, group available). */
    EffectiveAvailable: moneyOut,
    InsuredAmountValue: moneyOut,
    /** EffectiveAvailable − InsuredAmountValue (negative when the proposal exceeds it). */
    Remaining: moneyOut,
    PolicyHolderRemaining: moneyOut,
    GroupRemaining: moneyOutNullable,
    Exceeds: z.boolean(),
    Message: z.string().nullable(),
  })
  .meta({ id: 'ProposalLimit' });

/** The broker's confirmation that the commission was disclosed (Res. CNSP 382/2020). */
export const commissionDisclosure = z
  .object({
    Confirmed: z.boolean(),
    ConfirmedAt: z.string().nullable(),
    ConfirmedByName: z.string().nullable(),
    /** The statement as confirmed, or as it would read now (percentage and value). */
    Text: z.string().nullable(),
  })
  .meta({ id: 'ProposalCommissionDisclosure' });

/** The insurer's 25 days to accept or refuse (Lei 15.040/2024, art. 49), paused in status 6. */
export const acceptanceClockView = z
  .object({
    Started: z.boolean(),
    StartedAt: z.string().nullable(),
    DeadlineDays: z.number().int(),
    ElapsedDays: z.number().int(),
    DaysLeft: z.number().int(),
    IsPaused: z.boolean(),
    IsStopped: z.boolean(),
    IsOverdue: z.boolean(),
    DueAt: z.string().nullable(),
  })
  .meta({ id: 'ProposalAcceptanceClock' });

/** What the wizard still needs (fields by body path) before quoting and sending to analysis. */
export const proposalCompleteness = z
  .object({
    CanQuote: z.boolean(),
    CanSendToAnalysis: z.boolean(),
    Missing: z.array(fieldError),
  })
  .meta({ id: 'ProposalCompleteness' });

const proposalSummaryShape = {
  Id: z.number().int(),
  Number: z.number().int(),
  UniqueId: z.string(),
  StatusId: z.number().int(),
  StatusName: z.string(),
  /** `surety` (0775/0776) or `property` (NamedRisk, RC). */
  Kind: z.enum(['surety', 'property']),
  ProductId: z.number().int(),
  ProductName: z.string(),
  ProductBranch: z.string(),
  PolicyHolderUniqueId: z.string(),
  PolicyHolderName: z.string(),
  PolicyHolderDocument: z.string(),
  InsuredName: z.string().nullable(),
  InsuredDocument: z.string().nullable(),
  BrokerId: z.number().int(),
  BrokerName: z.string(),
  /** The proposal has co-brokers. */
  CoBrokered: z.boolean(),
  InsuredAmountValue: moneyOutNullable,
  InsurancePremium: moneyOutNullable,
  StartDate: z.string().nullable(),
  EndDate: z.string().nullable(),
  /** Days the insurer has left to decide (status 2 and 6), else null. */
  AcceptanceDaysLeft: z.number().int().nullable(),
  AcceptancePaused: z.boolean(),
  CreatedAt: z.string(),
  UpdatedAt: z.string(),
};

export const proposalSummary = z.object(proposalSummaryShape).meta({ id: 'ProposalSummary' });
export type ProposalSummary = z.infer<typeof proposalSummary>;

/** The proposal (spec §3 "Proposal"), as the wizard edits it and the detail screens show it. */
export const proposalView = z
  .object({
    ...proposalSummaryShape,
    CompanyId: z.number().int(),
    /** Optimistic concurrency: send it back with the next change. */
    Version: z.number().int(),
    ProposalPipeProcessId: z.number().int().nullable(),
    ProposalTypeId: z.number().int().nullable(),
    ExperienceTypeId: z.number().int().nullable(),
    PolicyHolder: proposalParty,
    PolicyHolderId: z.number().int(),
    /** The holder's establishment the proposal names: a branch (filial), or null for the head office. */
    PolicyHolderBranch: policyHolderBranch.nullable(),
    /** Every registered branch of the holder (to choose PolicyHolderBranch). */
    PolicyHolderBranches: z.array(policyHolderBranch),
    Insured: proposalParty.nullable(),
    InsuredId: z.number().int().nullable(),
    InsuredLocation: locationView.nullable(),
    /** Every location of the insured (to choose InsuredLocation). */
    InsuredLocations: z.array(locationView),
    Broker: proposalBroker,
    CoBrokers: z.array(proposalCoBroker),
    ProductBranchId: z.number().int(),
    /** The modality's group. */
    InsuranceTypeId: z.number().int(),
    InsuranceTypeName: z.string(),
    /** Same as StartDate / EndDate. */
    ValidityStart: z.string().nullable(),
    ValidityEnd: z.string().nullable(),
    DeadlineDays: z.number().int().nullable(),
    NetPremium: moneyOutNullable,
    ComissionPercentage: z.string().nullable(),
    ComissionValue: moneyOutNullable,
    /** The tomador's rate used (percent a year) and where it came from. */
    PolicyHolderRate: z.string().nullable(),
    RateSource: z.enum(['PolicyHolder', 'Modality', 'Cnae']).nullable(),
    PureRate: z.string().nullable(),
    /** Commercial rate (spec RiskRate / Tax). */
    RiskRate: z.string().nullable(),
    Tax: z.string().nullable(),
    IOFRate: z.string().nullable(),
    IOFValue: moneyOutNullable,
    /** Premium + IOF. */
    TotalPremium: moneyOutNullable,
    /** Sum of the insured amounts of the coverages (spec CoverageLMG). */
    CoverageLMG: moneyOutNullable,
    /** Same as IOFValue (spec CoverageIOF). */
    CoverageIOF: moneyOutNullable,
    SpecialLoading: z.string().nullable(),
    LossHistory: z.string().nullable(),
    MinInsurancePremium: moneyOutNullable,
    MinimumApplied: z.boolean(),
    NumberOfInstallment: z.number().int().nullable(),
    GracePeriod: z.number().int().nullable(),
    CalculatePerRiskRate: z.boolean(),
    CalculatedAt: z.string().nullable(),
    /** The commission range allowed: the modality's and the broker's intersected. */
    CommissionRange: z.object({ Min: z.string(), Max: z.string() }),
    CoverageLimits: z.array(proposalCoverageLimit),
    PackageCoverages: z.array(proposalPackageCoverage),
    Beneficiaries: z.array(proposalBeneficiary),
    TermsConditions: z.array(proposalTerm),
    ProposalSpecialClause: z.string().nullable(),
    ProposalParticularClause: z.array(proposalParticularClause),
    QARs: z.array(proposalQar),
    QARGroup: z.string().nullable(),
    ProposalObjects: z.array(proposalObject),
    ProductQuote: proposalProductQuote.nullable(),
    /** Property proposals: the modality's CNAE rates to choose `Property.CNAERateId` from (empty for surety). */
    CNAERates: z.array(
      z.object({ Id: z.number().int(), Cnae: z.string(), Description: z.string(), Rate: z.string() }),
    ),
    BrokerQuote: proposalBrokerQuote,
    Obligation: obligationView.nullable(),
    Limit: proposalLimit,
    CommissionDisclosure: commissionDisclosure,
    AcceptanceClock: acceptanceClockView,
    /** Risk fields changed since the last calculation (see GetProposalRiskChange). */
    HasRiskChange: z.boolean(),
    Completeness: proposalCompleteness,
    /** Advice shown on the wizard (the limit); the obligation's legal rules are GetProposalLegalRules. */
    Warnings: z.array(z.string()),
    /** What the caller may do (the API enforces the same rules). */
    Permissions: z.object({
      CanEdit: z.boolean(),
      CanSendToAnalysis: z.boolean(),
      CanAnswerAdjustment: z.boolean(),
      CanRequestAdjustment: z.boolean(),
      CanChangeLoadings: z.boolean(),
    }),
    CreatedByName: z.string().nullable(),
    UpdatedByName: z.string().nullable(),
  })
  .meta({ id: 'Proposal' });
export type ProposalView = z.infer<typeof proposalView>;

/** The detail screens' proposal: the proposal plus its collections (spec §3 "The detail response"). */
export const proposalDetail = proposalView
  .extend({
    Observations: z.array(proposalObservation),
    ProposalEngineExecutionLogs: z.array(proposalEngineLog),
    RequestDocuments: z.array(requestDocumentView),
    DeletedRequestDocuments: z.array(requestDocumentView),
    TimelineHistory: z.array(proposalTimelineEntry),
    /** Endorsement proposals carry their endorsement; null for a new-policy proposal. */
    Endorsement: z.null(),
    /** Field changes of the proposal (change history), newest first. */
    History: z.array(changeHistoryEntry),
  })
  .meta({ id: 'ProposalDetail' });
export type ProposalDetail = z.infer<typeof proposalDetail>;

// ---------------------------------------------------------------- inputs

const percent = (label: string) => rate(label, { max: 100 });
const positiveMoney = (label: string) => insuredAmount(label);
const catalogueId = (message: string) => integer({ min: 1, max: 99, intMessage: message });

export const coverageLimitInput = z.object({
  CoverageId: id('Cobertura inválida.'),
  /** Defaults to the proposal's IS × the coverage's InsuredAmountPercentage. */
  InsuredAmountValue: positiveMoney('a importância segurada da cobertura').nullish(),
  FranchiseTypeId: integer({ min: 1, max: 3 }).nullish(),
  FranchisePercent: percent('o percentual da franquia').nullish(),
  FranchiseValueStart: money('o valor mínimo da franquia').nullish(),
  FranchiseValueEnd: money('o valor máximo da franquia').nullish(),
  FranchiseDays: integer({ min: 0, max: 3650 }).nullish(),
  FranchiseRequireInsuredParticipation: z.boolean().optional(),
  ProposalSpecialClause: optionalText('a cláusula especial da cobertura', 5000),
});

export const coBrokerInput = z.object({
  /** brokers.Id of the co-broker; left out (or the main broker's) for the leader. */
  CoBrokerId: id('Corretor inválido.').nullish(),
  CommissionTypeId: z.union(
    [z.literal(CoBrokerCommissionType.CO_BROKERAGE), z.literal(CoBrokerCommissionType.CO_FOR_LABOR)],
    { message: 'Tipo de comissão inválido: use 2 (cocorretagem) ou 3 (co-for-labor).' },
  ),
  Leader: z.boolean().optional(),
  Participation: percent('a participação'),
});

export const propertyInput = z.object({
  Building: money('o valor do prédio').nullish(),
  Content: money('o valor do conteúdo').nullish(),
  Billing: money('o faturamento').nullish(),
  MMU: money('o MMU').nullish(),
  MMP: money('o MMP').nullish(),
  LostProfit: money('o valor de lucros cessantes').nullish(),
  LostProfitPeriod: integer({ min: 1, max: 24 }).nullish(),
  CNAERateId: id('CNAE inválido.').nullish(),
  LmiTypeId: integer({ min: 1, max: 3 }).nullish(),
  ContractTypeId: integer({ min: 1, max: 2 }).nullish(),
  ProposalTypeId: integer({ min: 1, max: 3 }).nullish(),
  ActivitieTypeId: catalogueId('Tipo de atividade inválido.').nullish(),
  BuildingTypeId: catalogueId('Tipo de construção inválido.').nullish(),
  PropertyTypeId: catalogueId('Tipo de imóvel inválido.').nullish(),
  PropertyClassificationTypeId: catalogueId('Classificação inválida.').nullish(),
});

export const obligationInput = z.object({
  ObligationTypeId: integer({ min: 1, max: 4 }),
  TierId: integer({ min: 1, max: 3 }).nullish(),
  Value: money('o valor da obrigação'),
});

/**
 * UpdateProposal body. Without UniqueId it creates a quote (status 8); with UniqueId (and the
 * Version read) it changes it. Fields left out are kept; lists, when sent, replace the stored ones.
 */
export const updateProposalBody = z.object({
  UniqueId: uuid('Proposta inválida.').optional(),
  Version: integer({ min: 1 }).optional(),
  /**
   * `Save` keeps the status (a draft stays 8); `Quote` moves 8 → 1 once complete and priced;
   * `SendToAnalysis` moves 1 → 2 (the broker requests issuance) with the commission disclosure;
   * `ClearQuote` is the spec's partial clear (§4): everything but the branch, the modality, the
   * policy holder and the insured goes, and the quote is back in 8 (other fields are ignored).
   */
  Action: z.enum(['Save', 'Quote', 'SendToAnalysis', 'ClearQuote']).optional(),
  /** Required true with SendToAnalysis (Res. CNSP 382/2020). */
  CommissionDisclosureConfirmed: z.boolean().optional(),
  /** Insurer staff creating a proposal name the broker. */
  BrokerUniqueId: uuid('Corretora inválida.').optional(),
  ProductId: id('Modalidade inválida.').optional(),
  ExperienceTypeId: integer({ min: 1, max: 3 }).nullish(),
  PolicyHolderUniqueId: uuid('Tomador inválido.').optional(),
  /** A registered branch (filial) of the policy holder; null for the head office (matriz). */
  PolicyHolderBranchId: id('Filial inválida.').nullish(),
  InsuredId: id('Segurado inválido.').nullish(),
  InsuredLocationId: id('Localização inválida.').nullish(),
  Beneficiaries: z
    .array(
      z.object({
        BeneficiaryId: id('Beneficiário inválido.'),
        /** One of the beneficiary's addresses; left out or null: its main address. */
        LocationId: id('Endereço inválido.').nullish(),
      }),
    )
    .max(20)
    .optional(),
  StartDate: date().nullish(),
  EndDate: date().nullish(),
  InsuredAmountValue: insuredAmount('a importância segurada').nullish(),
  ComissionPercentage: percent('o percentual de comissão').nullish(),
  NumberOfInstallment: integer({ min: 1, max: 24 }).nullish(),
  GracePeriod: integer({ min: 0, max: 365 }).nullish(),
  CoverageLimits: z.array(coverageLimitInput).max(30).optional(),
  PackageCoverages: z
    .array(
      z.object({
        ModalityId: id('Modalidade inválida.'),
        InsuredAmountValue: insuredAmount('a importância segurada'),
      }),
    )
    .max(10)
    .optional(),
  CoBrokers: z.array(coBrokerInput).max(10).optional(),
  ProposalObjects: z
    .array(
      z.object({
        Description: requiredText('a descrição do objeto', 2000),
        ContractNumber: optionalText('o número do contrato', 60),
        ContractValue: money('o valor do contrato').nullish(),
      }),
    )
    .max(20)
    .optional(),
  QARs: z
    .array(
      z.object({
        QARItemId: integer({ min: 1, max: 99 }),
        Quantity: integer({ min: 0, max: 100_000 }),
        Value: money('o valor').nullish(),
      }),
    )
    .max(50)
    .optional(),
  QARGroup: optionalText('o grupo do QAR', 80),
  ProposalSpecialClause: optionalText('a cláusula especial', 20_000),
  /** Ids of the modality's particular clauses the proposal carries. */
  ProposalParticularClauseIds: z.array(id('Cláusula inválida.')).max(30).optional(),
  /** A note added to the proposal's observations. */
  Observation: optionalText('a observação', 2000),
  Obligation: obligationInput.nullish(),
  Property: propertyInput.nullish(),
});
export type UpdateProposalBody = z.infer<typeof updateProposalBody>;

/** Spec §3 financial update payload (CalculateFinancialData, UpdateCalculateFinancialData). */
export const financialPayload = z.object({
  ...proposalKey(),
  PolicyHolderUniqueId: uuid('Tomador inválido.').optional(),
  ProposalStartDate: date().nullish(),
  ProposalEndDate: date().nullish(),
  /** Informative: the API counts the days from the dates. */
  DeadlineDays: integer({ min: 0 }).nullish(),
  InsuredAmountValue: insuredAmount('a importância segurada').nullish(),
  ComissionValue: money('o valor da comissão').nullish(),
  ComissionPercentage: percent('o percentual de comissão').nullish(),
  Tax: percent('a taxa').nullish(),
  InsurancePremium: money('o prêmio').nullish(),
  /** Informative: the API applies the modality's minimum premium. */
  MinInsurancePremium: money('o prêmio mínimo').nullish(),
  FirstComissionValue: money('o valor da comissão').nullish(),
  FirstComissionPercentage: percent('o percentual de comissão').nullish(),
  FirstTax: percent('a taxa').nullish(),
  FirstInsurancePremium: money('o prêmio').nullish(),
  CalculatePerComissionPercentage: z.boolean().default(true),
  CalculatePerRiskRate: z.boolean().default(false),
  NumberOfInstallment: integer({ min: 0, max: 24 }).nullish(),
  /** UpdateCalculateFinancialData: the Version read (optimistic concurrency). */
  Version: integer({ min: 1 }).optional(),
});
export type FinancialPayload = z.infer<typeof financialPayload>;

export const installmentResultView = z
  .object({
    PossibleNumberOfInstallments: z.array(z.number().int()),
    PossibleGracePeriodsInDays: z.array(z.number().int()),
    NumberOfInstallment: z.number().int(),
    Installments: z.array(z.object({ Number: z.number().int(), Value: z.string() })),
  })
  .meta({ id: 'InstallmentResult' });

/** The financial response (spec §3 fields first, then the engine's detail). */
export const financialResult = z
  .object({
    Tax: z.string(),
    InsurancePremium: moneyOut,
    ComissionValue: moneyOut,
    ComissionPercentage: z.string(),
    InstallmentResult: installmentResultView,
    NetPremium: moneyOut,
    PureRate: z.string(),
    PolicyHolderRate: z.string(),
    RateSource: z.enum(['PolicyHolder', 'Modality', 'Cnae']),
    SpecialLoading: z.string(),
    LossHistory: z.string(),
    IOFRate: z.string(),
    IOFValue: moneyOut,
    TotalPremium: moneyOut,
    MinInsurancePremium: moneyOut,
    MinimumApplied: z.boolean(),
    DeadlineDays: z.number().int(),
    InsuredAmountValue: moneyOut,
    CommissionRange: z.object({ Min: z.string(), Max: z.string() }),
    CoverageNets: z.array(
      z.object({
        CoverageId: z.number().int().nullable(),
        ModalityId: z.number().int().nullable(),
        NetValue: moneyOut,
      }),
    ),
    /** The premium at evenly spaced commissions of the allowed range (how the price moves). */
    CommissionScenarios: z.array(
      z.object({
        ComissionPercentage: z.string(),
        InsurancePremium: moneyOut,
        ComissionValue: moneyOut,
        Tax: z.string(),
        MinimumApplied: z.boolean(),
      }),
    ),
    /** Set when the result was saved (UpdateCalculateFinancialData, UpdateFinancialData). */
    Version: z.number().int().nullable(),
  })
  .meta({ id: 'FinancialResult' });
export type FinancialResultView = z.infer<typeof financialResult>;

const listFilters = {
  Number: qInt().positive().optional(),
  PolicyHolderName: z.string().trim().max(50).optional(),
  PolicyHolderCpfCnpj: z.string().trim().max(18).optional(),
  InsuredName: z.string().trim().max(50).optional(),
  InsuredCpfCnpj: z.string().trim().max(18).optional(),
  /** Start of validity on or after (DD/MM/YYYY or YYYY-MM-DD). */
  StartDate: date().optional(),
  /** End of validity on or before. */
  EndDate: date().optional(),
  OrderBy: z
    .enum([
      'Number',
      'CreatedAt',
      'UpdatedAt',
      'StartDate',
      'InsuredAmountValue',
      'PolicyHolderName',
      'StatusId',
    ])
    .optional(),
  OrderDirection: z.enum(['asc', 'desc']).optional(),
  ...pageQuery,
};

/** One status or several: `Status=2` or `Status=1,2,8` (or the parameter repeated). */
const statusList = z.union([z.string(), z.array(z.string())]).transform((v, ctx) => {
  const parts = (Array.isArray(v) ? v : [v])
    .flatMap((s) => s.split(','))
    .map((s) => s.trim())
    .filter(Boolean);
  const ids = parts.map(Number);
  if (ids.some((n) => !Number.isInteger(n) || n < 1 || n > 99)) {
    ctx.addIssue({ code: 'custom', message: 'Status inválido.' });
    return z.NEVER;
  }
  return ids;
});

// ---------------------------------------------------------------- calls

export const updateProposal = endpoint({
  area,
  method: 'POST',
  path: '/api/Proposal/UpdateProposal',
  summary: 'Cria ou altera uma cotação/proposta (assistente), cota (8 → 1) ou envia para análise (1 → 2)',
  description:
    'Sem `UniqueId` cria a cotação em status 8 (Em Cotação) com o número seguinte da seguradora; com `UniqueId` exige a `Version` lida: se outra pessoa salvou antes, responde 409 e nada é gravado. Campos omitidos ficam como estão; listas enviadas substituem as gravadas. `Action`: `Save` (padrão) grava; `Quote` exige os dados completos e o prêmio calculado e passa de 8 para 1; `SendToAnalysis` exige `CommissionDisclosureConfirmed: true`, os documentos obrigatórios anexados e nenhuma mudança de risco pendente, e passa de 1 para 2 (linha do tempo e início do prazo de aceitação). `ClearQuote` (limpeza parcial da seção 4 da especificação) apaga o que o assistente coletou — vigência, IS, objeto, obrigação, beneficiários, coberturas adicionais, pacote, QAR, cláusulas, dados patrimoniais, preço e cocorretagem — e mantém o ramo, a modalidade, o tomador e o segurado (com o local do risco); uma Cotação (1) volta a Em Cotação (8); agravo, sinistralidade e documentos ficam. Só em 8 ou 1; os demais campos do corpo são ignorados. A limpeza global mantém tudo: a cotação fica gravada no servidor (status 8) e é retomada depois de sair, trocar de corretora ou recarregar a página. As regras da seção 5 (IS mínima/máxima, prazo em dias, retroatividade, faixa, valor em risco, MMU/MMP, duplicados, comissão) respondem 422 com as mensagens da especificação em `Errors` e o caminho de cada campo em `Fields`.',
  body: updateProposalBody,
  response: proposalView,
  permissions: proposalWrite,
});

export const getProposals = endpoint({
  area,
  method: 'GET',
  path: '/api/Proposal/GetProposals',
  summary: 'Lista de propostas do lado do corretor (/propostas), paginada e ordenável',
  description:
    'Corretor, agente e assessor agindo como corretor: as propostas da corretora e aquelas em que ela é cocorretora; usuário tomador: as suas; seguradora (31/32): todas. `Status` aceita um ou vários códigos separados por vírgula.',
  query: z.object({ ...listFilters, Status: statusList.optional() }),
  response: pageOf(proposalSummary),
  envelope: 'raw',
  permissions: proposalRead,
});

export const searchProposals = endpoint({
  area,
  method: 'GET',
  path: '/api/Proposal/SearchProposals',
  summary: 'Pesquisa de propostas da seguradora (/propostas-seguradora), paginada e ordenável',
  query: z.object({
    ...listFilters,
    StatusId: qInt().min(1).max(99).optional(),
    BrokerName: z.string().trim().max(50).optional(),
    ProductId: qInt().positive().optional(),
  }),
  response: pageOf(proposalSummary),
  envelope: 'raw',
  permissions: insurerRead,
  userTypes: [UserType.INSURANCE],
});

export const searchBrokerProposalByText = endpoint({
  area,
  method: 'POST',
  path: '/api/Proposal/SearchBrokerProposalByText',
  summary: 'Busca rápida (até 20) por número, tomador, segurado ou documento nas propostas visíveis',
  query: z.object(quickSearch),
  response: z.array(proposalSummary),
  permissions: proposalRead,
});

export const getProposalByUniqueId = endpoint({
  area,
  method: 'GET',
  path: '/api/Proposal/GetProposalByUniqueId',
  summary: 'A proposta como o assistente a edita (cotação, preço, coberturas, cocorretores, termos)',
  query: z.object(proposalKey()),
  response: proposalView,
  permissions: proposalRead,
});

export const getProposalByUniqueId2 = endpoint({
  area,
  method: 'GET',
  path: '/api/Proposal/GetProposalByUniqueId2',
  summary: 'O detalhe da proposta com observações, documentos, linha do tempo, logs dos motores e histórico',
  description:
    'O mesmo que GetProposalByUniqueId, mais `Observations` (as internas só para a seguradora), `RequestDocuments`, `DeletedRequestDocuments`, `TimelineHistory`, `ProposalEngineExecutionLogs`, `History` (alterações de campos) e `Endorsement` (null para propostas de apólice nova).',
  query: z.object(proposalKey()),
  response: proposalDetail,
  permissions: proposalRead,
});

const financialDescription =
  'Os campos enviados substituem os da proposta só para o cálculo (datas, IS, comissão ou taxa). `CalculatePerComissionPercentage` (padrão) calcula o prêmio pela comissão; `CalculatePerRiskRate` calcula pela taxa comercial (`Tax`) e resolve a comissão. Taxa pura = taxa do tomador para a modalidade (ou a da modalidade, ou a do CNAE no patrimonial) × (1 + (agravo + sinistralidade)/100); prêmio mínimo da modalidade; comissão na interseção das faixas da modalidade e da corretora; IOF pela alíquota do ramo; parcelas pelo parâmetro de parcelamento da modalidade. Recusa (422) com a mensagem do motor.';

export const calculateFinancialData = endpoint({
  area,
  method: 'POST',
  path: '/api/Proposal/CalculateFinancialData',
  summary: 'Calcula o prêmio, a comissão, a taxa, o IOF e as parcelas sem gravar (simulação)',
  description: financialDescription,
  body: financialPayload,
  response: financialResult,
  permissions: proposalRead,
});

export const updateCalculateFinancialData = endpoint({
  area,
  method: 'POST',
  path: '/api/Proposal/UpdateCalculateFinancialData',
  summary: 'Calcula e grava os dados financeiros da proposta',
  description: `${financialDescription} Grava o resultado (e os valores iniciais First* na primeira vez), registra o risco calculado (base da mudança de risco) e devolve a nova \`Version\`.`,
  body: financialPayload,
  response: financialResult,
  permissions: proposalWrite,
});

export const updateFinancialData = endpoint({
  area,
  method: 'POST',
  path: '/api/Proposal/UpdateFinancialData',
  summary: 'Altera parcelas e carência (corretor) ou agravo e sinistralidade (seguradora) e recalcula',
  description:
    'Corpo: `{ ProposalUniqueId, Version?, NumberOfInstallment?, GracePeriod?, SpecialLoading?, LossHistory? }`. Parcelas e carência devem estar entre as possíveis do resultado; agravo (`SpecialLoading`) e sinistralidade (`LossHistory`) só a seguradora (31) altera. Responde o resultado financeiro recalculado e gravado.',
  body: z.object({
    ...proposalKey(),
    Version: integer({ min: 1 }).optional(),
    NumberOfInstallment: integer({ min: 1, max: 24 }).nullish(),
    GracePeriod: integer({ min: 0, max: 365 }).nullish(),
    SpecialLoading: rate('o agravo', { max: 500 }).nullish(),
    LossHistory: rate('a sinistralidade', { max: 500 }).nullish(),
  }),
  response: financialResult,
  permissions: proposalWrite,
});

export const requestProposalAdjustment = endpoint({
  area,
  method: 'POST',
  path: '/api/Proposal/RequestProposalAdjustment',
  summary: 'A seguradora pede ao corretor documentos ou um ajuste (2 → 6)',
  description:
    'Corpo: `{ ProposalUniqueId, Version?, Reason, RequestDocuments? }`. A proposta em análise (2) passa a Aguardando Corretor (6): o prazo de aceitação pausa, a linha do tempo registra o pedido e os documentos pedidos são criados. Responde a proposta atualizada.',
  body: z.object({
    ...proposalKey(),
    Version: integer({ min: 1 }).optional(),
    Reason: requiredText('o motivo do ajuste', 2000, { min: 5 }),
    RequestDocuments: z.array(createRequestDocumentBody).max(10).optional(),
  }),
  response: proposalView,
  permissions: insurerWrite,
  userTypes: [UserType.INSURANCE],
});

export const updateProposalTimelineInfo = endpoint({
  area,
  method: 'POST',
  path: '/api/Proposal/UpdateProposalTimelineInfo',
  summary:
    'Registra uma informação na linha do tempo; a resposta do corretor devolve a proposta à análise (6 → 2)',
  description:
    'Corpo: `{ ProposalUniqueId, Version?, Description }`. Em Aguardando Corretor (6), o corretor (6) responde: a proposta volta a Em análise (2) e o prazo de aceitação retoma. Nos demais status a seguradora (31) registra uma anotação. Responde o status, a versão e a linha do tempo.',
  body: z.object({
    ...proposalKey(),
    Version: integer({ min: 1 }).optional(),
    Description: requiredText('a descrição', 2000, { min: 3 }),
  }),
  response: z.object({
    StatusId: z.number().int(),
    StatusName: z.string(),
    Version: z.number().int(),
    TimelineHistory: z.array(proposalTimelineEntry),
  }),
  permissions: proposalWrite,
});

export const riskChangeView = z
  .object({
    HasRiskChange: z.boolean(),
    /** When the price was last calculated (the risk compared against). */
    CalculatedAt: z.string().nullable(),
    Changes: z.array(
      z.object({
        Field: z.string(),
        FieldLabel: z.string(),
        OldValue: z.string().nullable(),
        NewValue: z.string().nullable(),
      }),
    ),
    Message: z.string().nullable(),
  })
  .meta({ id: 'ProposalRiskChange' });

export const getProposalRiskChange = endpoint({
  area,
  method: 'GET',
  path: '/api/Proposal/GetProposalRiskChange',
  summary:
    'O que mudou no risco (IS, vigência, modalidade, tomador, coberturas) desde o último cálculo do prêmio',
  query: z.object(proposalKey()),
  response: riskChangeView,
  permissions: proposalRead,
});

export const resetProposalRiskChange = endpoint({
  area,
  method: 'POST',
  path: '/api/Proposal/ResetProposalRiskChange',
  summary: 'Desfaz a mudança de risco: volta IS, vigência e coberturas aos valores do último cálculo',
  description:
    'O prêmio gravado volta a valer para o risco. Para manter o risco novo, recalcule (UpdateCalculateFinancialData). `Version` opcional na query. Responde a proposta.',
  query: z.object({ ProposalUniqueId: uuid('Proposta inválida.'), Version: qInt().min(1).optional() }),
  response: proposalView,
  permissions: proposalWrite,
});

export const validateRetroactivityDays = endpoint({
  area,
  method: 'GET',
  path: '/api/Proposal/ValidateRetroactivityDays',
  summary: 'Confere o início de vigência contra os dias retroativos e futuros da modalidade',
  query: z.object(proposalKey()),
  response: z.object({
    IsValid: z.boolean(),
    StartDate: z.string().nullable(),
    RetroactiveDays: z.number().int(),
    AllowedRetroactiveDays: z.number().int(),
    FutureDays: z.number().int(),
    AllowedFutureDays: z.number().int(),
    Message: z.string().nullable(),
  }),
  permissions: proposalRead,
});

export const getPendingRequiredRequestDocuments = endpoint({
  area,
  method: 'GET',
  path: '/api/Proposal/GetPendingRequiredRequestDocuments',
  summary: 'Documentos obrigatórios da proposta ainda sem arquivo ou reprovados',
  query: z.object({ uniqueId: uuid('Proposta inválida.') }),
  response: z.array(requestDocumentView),
  permissions: proposalRead,
});

export const renderedTerm = z
  .object({
    Kind: z.enum(['ContractualTerm', 'ParticularClause', 'SpecialClause']),
    TermType: z.number().int().nullable(),
    TermTypeName: z.string(),
    SourceId: z.number().int().nullable(),
    Title: z.string(),
    /** The template with the proposal's values; unfilled tags stay `[NAME]`. */
    Text: z.string(),
    /** HTML with the values; unfilled tags show their label in red. */
    Html: z.string(),
    MissingTags: z.array(z.object({ Name: z.string(), Label: z.string() })),
  })
  .meta({ id: 'ProposalRenderedTerm' });

export const getProposalContractualTerms = endpoint({
  area,
  method: 'GET',
  path: '/api/Proposal/GetProposalContractualTerms',
  summary: 'Condições gerais, especiais, objeto, coberturas adicionais e cláusulas com as tags da proposta',
  query: z.object({ proposalUniqueId: uuid('Proposta inválida.') }),
  response: z.array(renderedTerm),
  permissions: proposalRead,
});

/** GetCompanyProposalTags (the name `getCompanyProposalTags` is the catalogue function of @aval/domain). */
export const getCompanyProposalTagsEndpoint = endpoint({
  area,
  method: 'GET',
  path: '/api/Proposal/GetCompanyProposalTags',
  summary: 'As tags dos termos contratuais (nome, rótulo, grupo) com os valores da seguradora',
  response: z.array(
    z.object({
      Name: z.string(),
      Tag: z.string(),
      Label: z.string(),
      Group: z.string(),
      /** The company's value (insurer tags), else null: filled per proposal. */
      Value: z.string().nullable(),
    }),
  ),
  permissions: [...proposalRead, P.PARAMETRIZAR_SEGURADORA],
});

// ---------------------------------------------------------------- request documents

const ofProposal = proposalKey();

export const saveProposalRequestDocument = endpoint({
  area,
  method: 'POST',
  path: '/api/Proposal/SaveProposalRequestDocument',
  summary: 'Anexa arquivos (já enviados por /api/Archive/Upload) a um documento da proposta',
  body: uploadRequestDocumentBody.extend(ofProposal),
  response: requestDocumentView,
  permissions: [P.GERENCIAR_PROPOSTAS, P.VISUALIZAR_PROPOSTAS, P.GERENCIAR_PROPOSTAS_SEGURADORA],
});

export const proposalDeleteRequestDocument = endpoint({
  area,
  method: 'POST',
  path: '/api/Proposal/ProposalDeleteRequestDocument',
  summary: 'Remove um documento da proposta (restaurável)',
  body: requestDocumentIdBody.extend(ofProposal),
  response: z.boolean(),
  permissions: proposalWrite,
});

export const createProposalRequestDocument = endpoint({
  area,
  method: 'POST',
  path: '/api/Proposal/CreateProposalRequestDocument',
  summary: 'Cria um documento pedido na proposta',
  body: createRequestDocumentBody.extend(ofProposal),
  response: requestDocumentView,
  permissions: proposalWrite,
});

export const proposalChangeRequestDocumentName = endpoint({
  area,
  method: 'POST',
  path: '/api/Proposal/ProposalChangeRequestDocumentName',
  summary: 'Renomeia um documento da proposta',
  body: changeRequestDocumentNameBody.extend(ofProposal),
  response: requestDocumentView,
  permissions: proposalWrite,
});

export const proposalRestoreRequestDocument = endpoint({
  area,
  method: 'POST',
  path: '/api/Proposal/ProposalRestoreRequestDocument',
  summary: 'Restaura um documento removido da proposta',
  body: requestDocumentIdBody.extend(ofProposal),
  response: z.boolean(),
  permissions: proposalWrite,
});
