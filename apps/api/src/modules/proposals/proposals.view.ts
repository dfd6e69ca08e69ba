import type {
  LocationView,
  ModalityDetail,
  PolicyHolderBranch,
  ProposalSummary,
  ProposalView,
  RequestDocumentView,
} from '@aval/contracts';
import {
  acceptanceClock,
  engineExecutionTypeLabels,
  isInsurance,
  Permission as P,
  proposalStatusLabel,
  type TimelineGroupId,
  type TimelineSituationId,
  type TimelineStatusId,
  timelineGroupLabels,
  timelineSituationLabels,
  timelineStatusLabels,
} from '@aval/domain';
import type { UserContext } from '../../context.js';
import { currentTime } from '../../lib/clock.js';
import { hasAny } from '../../lib/permissions.js';
import type { insertEngineLog } from './proposals.analysis.repository.js';
import type {
  ProposalChildren,
  ProposalRow,
  ProposalSummaryRow,
  TimelineRow,
} from './proposals.repository.js';
import type { Validation } from './proposals.validations.js';
import {
  beneficiariesOf,
  brokerQuoteOf,
  clausesOf,
  coBrokersOf,
  coveragesOf,
  disclosureOf,
  impactOf,
  limitOf,
  obligationOf,
  partiesOf,
  pricingOf,
  productQuoteOf,
  qarsOf,
} from './proposals.view.sections.js';

/** Statuses a proposal is still edited in (draft, quote, waiting for the broker). */
export const EDITABLE_STATUSES = [8, 1, 6];

export const statusName = (row: Pick<ProposalRow, 'statusId' | 'kind'>) =>
  proposalStatusLabel(row.statusId, { property: row.kind === 'property' }) ?? `Status ${row.statusId}`;

export const clockOf = (
  row: Pick<ProposalRow, 'analysisStartedAt' | 'clockPausedSeconds' | 'clockPausedSince' | 'clockStoppedAt'>,
  now = currentTime(),
) =>
  acceptanceClock({
    startedAt: row.analysisStartedAt,
    pausedMs: row.clockPausedSeconds * 1000,
    pausedSince: row.clockPausedSince,
    stoppedAt: row.clockStoppedAt,
    now,
  });

export const toSummary = (row: ProposalSummaryRow, coBrokered: boolean): ProposalSummary => {
  const clock = clockOf(row);
  const waiting = row.statusId === 2 || row.statusId === 6;
  return {
    Id: row.id,
    Number: row.number,
    UniqueId: row.uniqueId,
    StatusId: row.statusId,
    StatusName: statusName(row),
    Kind: row.kind === 'property' ? 'property' : 'surety',
    ProductId: row.modalityId,
    ProductName: row.modalityName,
    ProductBranch: row.branchCode,
    PolicyHolderUniqueId: row.policyHolderUniqueId,
    PolicyHolderName: row.policyHolderName,
    PolicyHolderDocument: row.policyHolderDocument,
    InsuredName: row.insuredName,
    InsuredDocument: row.insuredDocument,
    BrokerId: row.brokerId,
    BrokerName: row.brokerName,
    CoBrokered: coBrokered,
    InsuredAmountValue: row.insuredAmount,
    InsurancePremium: row.insurancePremium,
    StartDate: row.startDate,
    EndDate: row.endDate,
    AcceptanceDaysLeft: waiting && clock.Started ? clock.DaysLeft : null,
    AcceptancePaused: waiting && clock.IsPaused,
    CreatedAt: row.createdAt.toISOString(),
    UpdatedAt: row.updatedAt.toISOString(),
  };
};

export const toTimelineEntry = (t: TimelineRow, names: Map<number, string>, kind: string) => ({
  Id: t.id,
  TimelineGroupId: t.groupId,
  TimelineGroupName: timelineGroupLabels[t.groupId as TimelineGroupId] ?? '',
  TimelineSituationId: t.situationId,
  TimelineSituationName: timelineSituationLabels[t.situationId as TimelineSituationId] ?? '',
  TimelineStatusId: t.timelineStatusId,
  TimelineStatusName: timelineStatusLabels[t.timelineStatusId as TimelineStatusId] ?? '',
  ProposalStatusId: t.proposalStatusId,
  ProposalStatusName: statusName({ statusId: t.proposalStatusId, kind }),
  Description: t.description,
  CreatedByName: (t.createdByUserId && names.get(t.createdByUserId)) || null,
  CreatedAt: t.createdAt.toISOString(),
});

export type ViewInput = {
  row: ProposalRow;
  children: ProposalChildren;
  modality: ModalityDetail;
  insuredLocations: LocationView[];
  /** The proposal's beneficiaries as registered (their person type and addresses). */
  beneficiaries?: { Id: number; IsNaturalPerson: boolean; Locations: LocationView[] }[];
  /** The policy holder's registered branches (filiais). */
  policyHolderBranches?: PolicyHolderBranch[];
  credit:
    | {
        limits: {
          Global: { Limit: string; Used: string; Available: string };
          EconomicGroup: { Name: string; Limit: string; Used: string; Available: string } | null;
          EffectiveAvailable: string;
        };
        rate: string | null;
      }
    | undefined;
  commissionRange: { Min: string; Max: string };
  cnaeRates: { id: number; cnae: string; description: string; rate: string }[];
  pendingRequiredDocuments: number;
  hasRiskChange: boolean;
  names: Map<number, string>;
  isMainBroker: boolean;
};

/** What the wizard still needs before quoting (fields by body path). */
export const completenessOf = (i: Pick<ViewInput, 'row' | 'children' | 'hasRiskChange'>) => {
  const { row, children } = i;
  const missing: { Field: string; Message: string }[] = [];
  if (!row.insuredId) missing.push({ Field: 'InsuredId', Message: 'Informe o segurado.' });
  if (!row.startDate) missing.push({ Field: 'StartDate', Message: 'Informe o início de vigência.' });
  if (!row.endDate) missing.push({ Field: 'EndDate', Message: 'Informe o fim de vigência.' });
  if (!row.insuredAmount)
    missing.push({ Field: 'InsuredAmountValue', Message: 'Informe a importância segurada.' });
  if (row.kind !== 'property' && children.objects.length === 0)
    missing.push({ Field: 'ProposalObjects', Message: 'Descreva o objeto da garantia.' });
  if (!row.calculatedAt || !row.insurancePremium)
    missing.push({ Field: 'InsurancePremium', Message: 'Calcule o prêmio da proposta.' });
  else if (i.hasRiskChange)
    missing.push({
      Field: 'InsurancePremium',
      Message: 'O risco mudou desde o último cálculo: recalcule o prêmio ou desfaça a mudança.',
    });
  return missing;
};

/** Who may do what with the proposal now, and what it still needs before quoting and sending. */
const actionsOf = (ctx: UserContext, i: ViewInput) => {
  const { row } = i;
  const insurer = isInsurance(ctx.user.userType);
  const missing = completenessOf(i);
  const canQuote = missing.length === 0;
  const canWrite = insurer
    ? hasAny(ctx, P.GERENCIAR_PROPOSTAS_SEGURADORA)
    : hasAny(ctx, P.GERENCIAR_PROPOSTAS) && i.isMainBroker;
  return {
    Completeness: {
      CanQuote: canQuote,
      CanSendToAnalysis:
        canQuote && (row.statusId === 8 || row.statusId === 1) && i.pendingRequiredDocuments === 0,
      Missing: missing,
    },
    Permissions: {
      CanEdit: canWrite && EDITABLE_STATUSES.includes(row.statusId),
      CanSendToAnalysis: !insurer && canWrite && (row.statusId === 8 || row.statusId === 1),
      CanAnswerAdjustment: !insurer && canWrite && row.statusId === 6,
      CanRequestAdjustment: insurer && hasAny(ctx, P.GERENCIAR_PROPOSTAS_SEGURADORA) && row.statusId === 2,
      CanChangeLoadings: insurer && hasAny(ctx, P.GERENCIAR_PROPOSTAS_SEGURADORA),
    },
  };
};

/** A proposal as the wizard and the detail show it, section by section (proposals.view.sections.ts). */
export const toView = (ctx: UserContext, i: ViewInput): ProposalView => {
  const { row, children } = i;
  const coBrokers = coBrokersOf(row, children);
  const qars = qarsOf(row, children);
  const impact = impactOf(i);
  const obligation = obligationOf(row);
  // The obligation's legal rules block sending: GetProposalLegalRules says so once, where it matters.
  const warnings = impact?.message ? [impact.message] : [];
  const { Completeness, Permissions } = actionsOf(ctx, i);
  return {
    ...toSummary(row, children.coBrokers.length > 0),
    CompanyId: row.companyId,
    Version: row.version,
    ProposalPipeProcessId: null,
    ProposalTypeId: row.proposalTypeId,
    ExperienceTypeId: row.experienceTypeId,
    ...partiesOf(i),
    CoBrokers: coBrokers,
    ...pricingOf(i),
    ...coveragesOf(i),
    Beneficiaries: beneficiariesOf(i),
    ...clausesOf(i, qars),
    ProductQuote: productQuoteOf(row),
    CNAERates: i.cnaeRates.map((c) => ({ Id: c.id, Cnae: c.cnae, Description: c.description, Rate: c.rate })),
    BrokerQuote: brokerQuoteOf(i, coBrokers, qars),
    Obligation: obligation,
    Limit: limitOf(i, impact),
    CommissionDisclosure: disclosureOf(i),
    AcceptanceClock: clockOf(row),
    HasRiskChange: i.hasRiskChange,
    Completeness,
    Warnings: warnings,
    Permissions,
    CreatedByName: (row.createdByUserId && i.names.get(row.createdByUserId)) || null,
    UpdatedByName: (row.updatedByUserId && i.names.get(row.updatedByUserId)) || null,
  };
};

/** Required documents still without a file or rejected. */
export const pendingRequired = (docs: RequestDocumentView[]) =>
  docs.filter(
    (d) => d.IsRequired && !d.IsDeleted && d.StatusId !== 1 && (d.Archives.length === 0 || d.StatusId === 4),
  );

type LogRow = Awaited<ReturnType<typeof insertEngineLog>>;

/** One engine log as the wire shows it (inputs only to insurer staff). */
export const engineLogView = (l: LogRow, names: Map<number, string>, insurer: boolean) => ({
  Id: l.id,
  EngineExecutionTypeId: l.engineTypeId,
  EngineExecutionTypeName:
    engineExecutionTypeLabels[l.engineTypeId as Validation] ?? `Motor ${l.engineTypeId}`,
  Approved: l.approved,
  Message: l.message,
  CreatedAt: l.createdAt.toISOString(),
  Outcome: l.outcome,
  CardType: l.cardType,
  Round: l.round,
  CreatedByName: (l.createdByUserId && names.get(l.createdByUserId)) || null,
  Inputs: insurer ? (l.inputs ?? null) : null,
});
