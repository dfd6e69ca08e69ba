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
  CoBrokerCommissionType,
  checkObligation,
  coBrokerCommissionValue,
  coBrokerRate,
  commissionDisclosureText,
  franchiseDescription,
  franchiseTypeLabels,
  isInsurance,
  isObligationTypeId,
  isPublicContractTierId,
  limitImpact,
  obligationTypeLabels,
  Permission as P,
  propertyRiskValue,
  proposalStatusLabel,
  qarItemLabels,
  qarItems,
  suggestObligation,
  type TimelineGroupId,
  type TimelineSituationId,
  type TimelineStatusId,
  timelineGroupLabels,
  timelineSituationLabels,
  timelineStatusLabels,
  toDec,
} from '@aval/domain';
import type { UserContext } from '../../context.js';
import { hasAny } from '../../lib/permissions.js';
import type { ProposalChildren, ProposalRow, TimelineRow } from './proposals.repository.js';

const iso = (d: Date | null | undefined) => (d ? d.toISOString() : null);
/** Statuses a proposal is still edited in (draft, quote, waiting for the broker). */
/** The coverage's franchise as the spec's Franchises list (empty while its type's values are missing). */
const franchisesOf = (c: ProposalChildren['coverages'][number]) => {
  const typeId = c.franchiseTypeId ?? (c.franchisePercent && c.franchiseValueStart ? 1 : null);
  const text = franchiseDescription({
    typeId,
    percent: c.franchisePercent,
    valueStart: c.franchiseValueStart,
    days: c.franchiseDays,
  });
  return typeId && text
    ? [
        {
          FranchiseTypeId: typeId,
          FranchiseTypeName: franchiseTypeLabels[typeId] ?? '',
          Percent: c.franchisePercent,
          MinimumValue: c.franchiseValueStart,
          Days: c.franchiseDays,
          Text: text,
        },
      ]
    : [];
};

export const EDITABLE_STATUSES = [8, 1, 6];

export const statusName = (row: Pick<ProposalRow, 'statusId' | 'kind'>) =>
  proposalStatusLabel(row.statusId, { property: row.kind === 'property' }) ?? `Status ${row.statusId}`;

export const clockOf = (row: ProposalRow, now = new Date()) =>
  acceptanceClock({
    startedAt: row.analysisStartedAt,
    pausedMs: row.clockPausedSeconds * 1000,
    pausedSince: row.clockPausedSince,
    stoppedAt: row.clockStoppedAt,
    now,
  });

export const toSummary = (row: ProposalRow, coBrokered: boolean): ProposalSummary => {
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

const m2 = (v: ReturnType<typeof toDec>) => v.toFixed(2);

export const toView = (ctx: UserContext, i: ViewInput): ProposalView => {
  const { row, children, modality } = i;
  const insurer = isInsurance(ctx.user.userType);
  const missing = completenessOf(i);
  const canQuote = missing.length === 0;
  const editable = EDITABLE_STATUSES.includes(row.statusId);
  const canWrite = insurer
    ? hasAny(ctx, P.GERENCIAR_PROPOSTAS_SEGURADORA)
    : hasAny(ctx, P.GERENCIAR_PROPOSTAS) && i.isMainBroker;
  const coBrokers = children.coBrokers.map((c) => ({
    Id: c.id,
    CoBrokerId: c.brokerId,
    CoBrokerUniqueId: c.brokerUniqueId,
    Name: c.name,
    CpfCnpj: c.document,
    SUSEPProtocol: c.susep,
    CommissionTypeId: c.commissionTypeId,
    CommissionTypeName:
      c.commissionTypeId === CoBrokerCommissionType.CO_FOR_LABOR ? 'Co-for-labor' : 'Cocorretagem',
    Leader: c.leader,
    Participation: toDec(c.participation).toFixed(2),
    Rate: row.comissionPercentage
      ? coBrokerRate(row.comissionPercentage, c.participation).toFixed(6)
      : '0.000000',
    ComissionValue: row.comissionValue
      ? m2(coBrokerCommissionValue(row.comissionValue, c.participation))
      : null,
  }));
  const leader = children.coBrokers.find((c) => c.leader);
  const qars = children.qars.map((q) => ({
    Id: q.id,
    QARItemId: q.qarItemId,
    QARItemName: qarItemLabels[q.qarItemId] ?? `Item ${q.qarItemId}`,
    QARGroup: qarItems.find((x) => x.Id === q.qarItemId)?.Group ?? row.qarGroup ?? '',
    Quantity: q.quantity,
    Value: q.value,
  }));
  const is = row.insuredAmount ?? '0';
  const credit = i.credit;
  const impact = credit
    ? limitImpact({
        policyHolderAvailable: credit.limits.Global.Available,
        groupAvailable: credit.limits.EconomicGroup?.Available ?? null,
        insuredAmount: is,
      })
    : undefined;
  let obligation: ProposalView['Obligation'] = null;
  const warnings: string[] = [];
  if (row.obligationTypeId && isObligationTypeId(row.obligationTypeId) && row.obligationValue) {
    const input = {
      typeId: row.obligationTypeId,
      value: row.obligationValue,
      tierId:
        row.obligationTierId && isPublicContractTierId(row.obligationTierId) ? row.obligationTierId : null,
      startDate: row.startDate,
    };
    const s = suggestObligation(input);
    const found = checkObligation({ ...input, insuredAmount: row.insuredAmount, endDate: row.endDate });
    obligation = {
      ObligationTypeId: row.obligationTypeId,
      ObligationTypeName: obligationTypeLabels[row.obligationTypeId],
      TierId: row.obligationTierId,
      Value: row.obligationValue,
      SuggestedInsuredAmount: s.suggestedInsuredAmount,
      MaxInsuredAmount: s.maxInsuredAmount,
      MinInsuredAmount: s.minInsuredAmount,
      MinTermYears: s.minTermYears,
      MinEndDate: s.minEndDate,
      MinTermDays: s.minTermDays,
      Rule: s.rule,
      LegalBasis: s.legalBasis,
      Warnings: found,
    };
    warnings.push(...found.map((w) => w.Message));
  }
  if (impact?.message) warnings.push(impact.message);
  const property = row.kind === 'property';
  const disclosureText =
    row.commissionDisclosureText ??
    (row.comissionPercentage && row.comissionValue
      ? commissionDisclosureText(row.comissionPercentage, row.comissionValue)
      : null);
  return {
    ...toSummary(row, children.coBrokers.length > 0),
    CompanyId: row.companyId,
    Version: row.version,
    ProposalPipeProcessId: null,
    ProposalTypeId: row.proposalTypeId,
    ExperienceTypeId: row.experienceTypeId,
    PolicyHolder: {
      Id: row.policyHolderId,
      UniqueId: row.policyHolderUniqueId,
      Name: row.policyHolderName,
      Document: row.policyHolderDocument,
    },
    PolicyHolderId: row.policyHolderId,
    PolicyHolderBranch: (i.policyHolderBranches ?? []).find((b) => b.Id === row.policyHolderBranchId) ?? null,
    PolicyHolderBranches: i.policyHolderBranches ?? [],
    Insured:
      row.insuredId && row.insuredUniqueId
        ? {
            Id: row.insuredId,
            UniqueId: row.insuredUniqueId,
            Name: row.insuredName ?? '',
            Document: row.insuredDocument ?? '',
          }
        : null,
    InsuredId: row.insuredId,
    InsuredLocation: i.insuredLocations.find((l) => l.Id === row.insuredLocationId) ?? null,
    InsuredLocations: i.insuredLocations,
    Broker: {
      Id: row.brokerId,
      UniqueId: row.brokerUniqueId,
      Name: row.brokerName,
      CpfCnpj: row.brokerDocument,
      SUSEPProtocol: row.brokerSusep,
    },
    CoBrokers: coBrokers,
    ProductBranchId: row.branchId,
    InsuranceTypeId: row.modalityGroupId,
    InsuranceTypeName: row.modalityGroupName,
    ValidityStart: row.startDate,
    ValidityEnd: row.endDate,
    DeadlineDays: row.deadlineDays,
    NetPremium: row.netPremium,
    ComissionPercentage: row.comissionPercentage,
    ComissionValue: row.comissionValue,
    PolicyHolderRate: row.policyHolderRate,
    RateSource: (row.rateSource as ProposalView['RateSource']) ?? null,
    PureRate: row.pureRate,
    RiskRate: row.tax,
    Tax: row.tax,
    IOFRate: row.iofRate,
    IOFValue: row.iofValue,
    TotalPremium: row.totalPremium,
    CoverageLMG: children.coverages.length
      ? m2(children.coverages.reduce((s, c) => s.plus(toDec(c.insuredAmount)), toDec(0)))
      : row.insuredAmount,
    CoverageIOF: row.iofValue,
    SpecialLoading: row.specialLoading,
    LossHistory: row.lossHistory,
    MinInsurancePremium: row.minInsurancePremium ?? modality.MinInsurancePremium,
    MinimumApplied: row.minimumApplied,
    NumberOfInstallment: row.numberOfInstallment,
    GracePeriod: row.gracePeriod,
    CalculatePerRiskRate: row.calculatePerRiskRate,
    CalculatedAt: iso(row.calculatedAt),
    CommissionRange: i.commissionRange,
    CoverageLimits: children.coverages.map((c) => ({
      Id: c.id,
      CoverageId: c.coverageId,
      Name: c.name,
      IsAdditional: c.isAdditional,
      InsuredAmountValue: c.insuredAmount,
      RateValue: c.isAdditional ? c.rate : (row.pureRate ?? c.rate),
      NetValue: c.netValue,
      FranchiseDays: c.franchiseDays,
      FranchisePercent: c.franchisePercent,
      FranchiseValueStart: c.franchiseValueStart,
      FranchiseValueEnd: c.franchiseValueEnd,
      FranchiseRequireInsuredParticipation: c.franchiseRequireInsuredParticipation,
      FranchiseTypeId: c.franchiseTypeId,
      Franchises: franchisesOf(c),
      ProposalSpecialClause: c.specialClause,
    })),
    PackageCoverages: children.packages.map((p) => ({
      Id: p.id,
      ModalityId: p.modalityId,
      ModalityName: p.modalityName,
      InsuredAmountValue: p.insuredAmount,
      RateValue: p.rate,
      NetValue: p.netValue,
    })),
    Beneficiaries: children.beneficiaries.map((b) => {
      const person = i.beneficiaries?.find((x) => x.Id === b.beneficiaryId);
      return {
        Id: b.id,
        BeneficiaryId: b.beneficiaryId,
        Name: b.name,
        Document: b.document,
        IsNaturalPerson: person?.IsNaturalPerson ?? b.document.length === 11,
        Location:
          person?.Locations.find((l) => l.Id === b.locationId) ??
          person?.Locations.find((l) => l.IsMain) ??
          person?.Locations[0] ??
          null,
        LocationId: b.locationId,
        Locations: person?.Locations ?? [],
      };
    }),
    TermsConditions: modality.ContractualTerms.filter((t) => t.IsActive).map((t) => ({
      Id: t.Id,
      TermType: t.TermType,
      TermTypeName: t.TermTypeName,
      Title: t.Title,
      Text: t.Text,
    })),
    ProposalSpecialClause: row.specialClause,
    ProposalParticularClause: children.clauses.map((c) => ({
      Id: c.id,
      ParticularClauseId: c.particularClauseId,
      Title: c.title,
      Text: c.text,
    })),
    QARs: qars,
    QARGroup: row.qarGroup,
    ProposalObjects: children.objects.map((o) => ({
      Id: o.id,
      Description: o.description,
      ContractNumber: o.contractNumber,
      ContractValue: o.contractValue,
      Order: o.sortOrder,
    })),
    ProductQuote: property
      ? {
          DateStart: row.startDate,
          DateEnd: row.endDate,
          CoverageLMI: row.insuredAmount,
          RiskValue: m2(propertyRiskValue(row)),
          Building: row.building,
          Content: row.content,
          Billing: row.billing,
          MMU: row.mmu,
          MMP: row.mmp,
          LostProfit: row.lostProfit,
          LostProfitPeriod: row.lostProfitPeriod,
          CNAERateId: row.cnaeRateId,
          CNAE: row.cnae,
          CNAEDescription: row.cnaeDescription,
          CNAERate: row.cnaeRate,
          LmiTypeId: row.lmiTypeId,
          ContractTypeId: row.contractTypeId,
          ActivitieTypeId: row.activityTypeId,
          BuildingTypeId: row.buildingTypeId,
          PropertyTypeId: row.propertyTypeId,
          PropertyClassificationTypeId: row.propertyClassificationTypeId,
        }
      : null,
    CNAERates: i.cnaeRates.map((c) => ({ Id: c.id, Cnae: c.cnae, Description: c.description, Rate: c.rate })),
    BrokerQuote: {
      Billing: row.billing,
      InsurancePremium: row.insurancePremium,
      ComissionValue: row.comissionValue,
      ComissionPercentage: row.comissionPercentage,
      CoBrokerage: coBrokers.length > 0 ? 1 : 0,
      CoParticipation: leader ? toDec(leader.participation).toFixed(2) : '100.00',
      CoBrokers: coBrokers,
      CoForLabor: children.coBrokers.some((c) => c.commissionTypeId === CoBrokerCommissionType.CO_FOR_LABOR),
      Error: row.calculationError,
      QARs: qars,
    },
    Obligation: obligation,
    Limit: {
      PolicyHolder: credit?.limits.Global ?? { Limit: '0.00', Used: '0.00', Available: '0.00' },
      EconomicGroup: credit?.limits.EconomicGroup
        ? {
            Name: credit.limits.EconomicGroup.Name,
            Limit: credit.limits.EconomicGroup.Limit,
            Used: credit.limits.EconomicGroup.Used,
            Available: credit.limits.EconomicGroup.Available,
          }
        : null,
      EffectiveAvailable: impact ? m2(impact.effectiveAvailable) : '0.00',
      InsuredAmountValue: toDec(is).toFixed(2),
      Remaining: impact ? m2(impact.remaining) : '0.00',
      PolicyHolderRemaining: impact ? m2(impact.policyHolderRemaining) : '0.00',
      GroupRemaining: impact?.groupRemaining ? m2(impact.groupRemaining) : null,
      Exceeds: impact?.exceeds ?? false,
      Message: impact?.message ?? null,
    },
    CommissionDisclosure: {
      Confirmed: row.commissionDisclosureAt !== null,
      ConfirmedAt: iso(row.commissionDisclosureAt),
      ConfirmedByName:
        (row.commissionDisclosureByUserId && i.names.get(row.commissionDisclosureByUserId)) || null,
      Text: disclosureText,
    },
    AcceptanceClock: clockOf(row),
    HasRiskChange: i.hasRiskChange,
    Completeness: {
      CanQuote: canQuote,
      CanSendToAnalysis:
        canQuote && (row.statusId === 8 || row.statusId === 1) && i.pendingRequiredDocuments === 0,
      Missing: missing,
    },
    Warnings: warnings,
    Permissions: {
      CanEdit: canWrite && editable,
      CanSendToAnalysis: !insurer && canWrite && (row.statusId === 8 || row.statusId === 1),
      CanAnswerAdjustment: !insurer && canWrite && row.statusId === 6,
      CanRequestAdjustment: insurer && hasAny(ctx, P.GERENCIAR_PROPOSTAS_SEGURADORA) && row.statusId === 2,
      CanChangeLoadings: insurer && hasAny(ctx, P.GERENCIAR_PROPOSTAS_SEGURADORA),
    },
    CreatedByName: (row.createdByUserId && i.names.get(row.createdByUserId)) || null,
    UpdatedByName: (row.updatedByUserId && i.names.get(row.updatedByUserId)) || null,
  };
};

/** Required documents still without a file or rejected. */
export const pendingRequired = (docs: RequestDocumentView[]) =>
  docs.filter(
    (d) => d.IsRequired && !d.IsDeleted && d.StatusId !== 1 && (d.Archives.length === 0 || d.StatusId === 4),
  );
