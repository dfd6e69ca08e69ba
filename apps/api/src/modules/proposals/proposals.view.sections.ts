import type { ProposalView } from '@aval/contracts';
import {
  CoBrokerCommissionType,
  checkObligation,
  coBrokerCommissionValue,
  coBrokerRate,
  commissionDisclosureText,
  franchiseDescription,
  franchiseTypeLabels,
  isObligationTypeId,
  isPublicContractTierId,
  limitImpact,
  obligationTypeLabels,
  propertyRiskValue,
  qarItemLabels,
  qarItems,
  suggestObligation,
  toDec,
} from '@aval/domain';
import type { ProposalChildren, ProposalRow } from './proposals.repository.js';
import type { ViewInput } from './proposals.view.js';

/**
 * The sections of a proposal's view (toView in proposals.view.ts), one builder each, every one
 * giving its fields in the order the view shows them.
 */

const iso = (d: Date | null | undefined) => (d ? d.toISOString() : null);
const m2 = (v: ReturnType<typeof toDec>) => v.toFixed(2);

/** The policy holder (and its establishment), the insured (and the risk location) and the broker. */
export const partiesOf = ({ row, policyHolderBranches, insuredLocations }: ViewInput) => ({
  PolicyHolder: {
    Id: row.policyHolderId,
    UniqueId: row.policyHolderUniqueId,
    Name: row.policyHolderName,
    Document: row.policyHolderDocument,
  },
  PolicyHolderId: row.policyHolderId,
  PolicyHolderBranch: (policyHolderBranches ?? []).find((b) => b.Id === row.policyHolderBranchId) ?? null,
  PolicyHolderBranches: policyHolderBranches ?? [],
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
  InsuredLocation: insuredLocations.find((l) => l.Id === row.insuredLocationId) ?? null,
  InsuredLocations: insuredLocations,
  Broker: {
    Id: row.brokerId,
    UniqueId: row.brokerUniqueId,
    Name: row.brokerName,
    CpfCnpj: row.brokerDocument,
    SUSEPProtocol: row.brokerSusep,
  },
});

/** The co-brokers with their share of the commission rate and value. */
export const coBrokersOf = (row: ProposalRow, children: ProposalChildren) =>
  children.coBrokers.map((c) => ({
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

/** The QAR items with their names and groups. */
export const qarsOf = (row: ProposalRow, children: ProposalChildren) =>
  children.qars.map((q) => ({
    Id: q.id,
    QARItemId: q.qarItemId,
    QARItemName: qarItemLabels[q.qarItemId] ?? `Item ${q.qarItemId}`,
    QARGroup: qarItems.find((x) => x.Id === q.qarItemId)?.Group ?? row.qarGroup ?? '',
    Quantity: q.quantity,
    Value: q.value,
  }));

/** The modality's group, the term and the price as last calculated. */
export const pricingOf = ({ row, children, modality, commissionRange }: ViewInput) => ({
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
  CommissionRange: commissionRange,
});

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

/** The coverages (with their franchises) and the package coverages. */
export const coveragesOf = ({ row, children }: ViewInput) => ({
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
});

/** The beneficiaries with their chosen address (or the main one) and their registered ones. */
export const beneficiariesOf = ({ children, beneficiaries }: ViewInput) =>
  children.beneficiaries.map((b) => {
    const person = beneficiaries?.find((x) => x.Id === b.beneficiaryId);
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
  });

/** The modality's terms, the special and particular clauses, the QARs and the proposal's objects. */
export const clausesOf = ({ row, children, modality }: ViewInput, qars: ReturnType<typeof qarsOf>) => ({
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
});

/** A property proposal's quote: its risk values, CNAE and info types (null for surety). */
export const productQuoteOf = (row: ProposalRow) =>
  row.kind === 'property'
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
    : null;

/** The broker's side of the quote: premium, commission and its split among the co-brokers. */
export const brokerQuoteOf = (
  { row, children }: ViewInput,
  coBrokers: ReturnType<typeof coBrokersOf>,
  qars: ReturnType<typeof qarsOf>,
) => {
  const leader = children.coBrokers.find((c) => c.leader);
  return {
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
  };
};

/** The legal obligation behind the guarantee with the amounts and term it suggests, and its warnings. */
export const obligationOf = (row: ProposalRow): ProposalView['Obligation'] => {
  if (!row.obligationTypeId || !isObligationTypeId(row.obligationTypeId) || !row.obligationValue) return null;
  const input = {
    typeId: row.obligationTypeId,
    value: row.obligationValue,
    tierId:
      row.obligationTierId && isPublicContractTierId(row.obligationTierId) ? row.obligationTierId : null,
    startDate: row.startDate,
  };
  const s = suggestObligation(input);
  const found = checkObligation({ ...input, insuredAmount: row.insuredAmount, endDate: row.endDate });
  return {
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
};

/** What the insured amount does to the policy holder's (and its group's) available limit. */
export const impactOf = ({ row, credit }: ViewInput) =>
  credit
    ? limitImpact({
        policyHolderAvailable: credit.limits.Global.Available,
        groupAvailable: credit.limits.EconomicGroup?.Available ?? null,
        insuredAmount: row.insuredAmount ?? '0',
      })
    : undefined;

/** The credit limits and what remains of them after this proposal's insured amount. */
export const limitOf = ({ row, credit }: ViewInput, impact: ReturnType<typeof impactOf>) => ({
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
  InsuredAmountValue: toDec(row.insuredAmount ?? '0').toFixed(2),
  Remaining: impact ? m2(impact.remaining) : '0.00',
  PolicyHolderRemaining: impact ? m2(impact.policyHolderRemaining) : '0.00',
  GroupRemaining: impact?.groupRemaining ? m2(impact.groupRemaining) : null,
  Exceeds: impact?.exceeds ?? false,
  Message: impact?.message ?? null,
});

/** The commission disclosure (Res. CNSP 382/2020): confirmed when and by whom, and its text. */
export const disclosureOf = ({ row, names }: ViewInput) => ({
  Confirmed: row.commissionDisclosureAt !== null,
  ConfirmedAt: iso(row.commissionDisclosureAt),
  ConfirmedByName: (row.commissionDisclosureByUserId && names.get(row.commissionDisclosureByUserId)) || null,
  Text:
    row.commissionDisclosureText ??
    (row.comissionPercentage && row.comissionValue
      ? commissionDisclosureText(row.comissionPercentage, row.comissionValue)
      : null),
});
