import type { FinancialPayload, FinancialResultView, ModalityDetail } from '@aval/contracts';
import {
  calculateFinancials,
  calculateInstallments,
  commissionScenarios,
  deadlineDays,
  type FinancialInput,
  isInsurance,
  Permission as P,
  toDec,
} from '@aval/domain';
import type { UserContext } from '../../context.js';
import { forbidden, unprocessable } from '../../lib/errors.js';
import { diffChanges, recordChanges } from '../change-history/index.js';
import { getBranchOr404, getModality } from '../parameterisation/index.js';
import { creditForProposal } from '../policy-holders/index.js';
import {
  assertCanWrite,
  assertVersion,
  baselineOf,
  commissionRangeFor,
  load,
  proposalHistory,
  versionConflict,
} from './proposals.access.js';
import * as repo from './proposals.repository.js';
import { EDITABLE_STATUSES } from './proposals.view.js';

export type PriceOverrides = {
  startDate?: string | null;
  endDate?: string | null;
  insuredAmount?: string | null;
  commission?: string | null;
  tax?: string | null;
  perRiskRate?: boolean;
  numberOfInstallment?: number | null;
  gracePeriod?: number | null;
  specialLoading?: string | null;
  lossHistory?: string | null;
};

export const financialMessages = {
  noRate:
    'O tomador não tem taxa para esta modalidade e a modalidade não tem taxa padrão: solicite a revisão de limite e taxa do tomador.',
  noCnae: 'Escolha o CNAE da atividade para calcular o prêmio.',
  missingDates: 'Informe o início e o fim de vigência para calcular o prêmio.',
  missingAmount: 'Informe a importância segurada para calcular o prêmio.',
  grace: 'Carência inválida: escolha uma das carências possíveis.',
  installments: 'Número de parcelas inválido: escolha um dos números de parcelas possíveis.',
  notCalculated: 'Calcule o prêmio antes de alterar parcelas, carência, agravo ou sinistralidade.',
  notEditable: 'A proposta não pode mais ser alterada neste status.',
  loadings: 'Só a seguradora altera o agravo e a sinistralidade.',
} as const;

const pick = <T>(override: T | null | undefined, stored: T | null) =>
  override === undefined || override === null ? stored : override;

/** The financial engine over a proposal (and the changes the caller is simulating). */
export const price = async (
  ctx: UserContext,
  row: repo.ProposalRow,
  children: repo.ProposalChildren,
  modality: ModalityDetail,
  o: PriceOverrides,
) => {
  const branch = await getBranchOr404(ctx, row.branchId);
  const range = await commissionRangeFor(ctx, row.brokerId, modality);
  let rate: string | null = null;
  let source: 'PolicyHolder' | 'Modality' | 'Cnae' = 'PolicyHolder';
  if (row.kind === 'property') {
    rate = row.cnaeRate;
    source = 'Cnae';
    if (!rate) throw unprocessable(financialMessages.noCnae);
  } else {
    rate = (await creditForProposal(ctx, row.policyHolderId, row.modalityId))?.rate ?? null;
    if (!rate && modality.DefaultRate) {
      rate = modality.DefaultRate;
      source = 'Modality';
    }
    if (!rate) throw unprocessable(financialMessages.noRate);
  }
  const start = pick(o.startDate, row.startDate);
  const end = pick(o.endDate, row.endDate);
  const is = pick(o.insuredAmount, row.insuredAmount);
  if (!start || !end) throw unprocessable(financialMessages.missingDates);
  if (!is) throw unprocessable(financialMessages.missingAmount);
  const perRiskRate = o.perRiskRate ?? false;
  const additional = children.coverages.filter((c) => c.isAdditional);
  const input: FinancialInput = {
    startDate: start,
    endDate: end,
    insuredAmount: is,
    rate,
    specialLoading: pick(o.specialLoading, row.specialLoading),
    lossHistory: pick(o.lossHistory, row.lossHistory),
    minInsurancePremium: modality.MinInsurancePremium,
    calculatePerComissionPercentage: !perRiskRate,
    calculatePerRiskRate: perRiskRate,
    comissionPercentage: perRiskRate ? null : (pick(o.commission, row.comissionPercentage) ?? range.Default),
    tax: perRiskRate ? pick(o.tax, row.tax) : null,
    commissionRanges: [{ min: range.Min, max: range.Max }],
    coverages: [
      ...additional.map((c) => ({ insuredAmount: c.insuredAmount, rate: c.rate })),
      ...children.packages.map((p) => ({ insuredAmount: p.insuredAmount, rate: p.rate })),
    ],
    branch: branch.code,
    iofRates: { [branch.code]: branch.iofRate },
  };
  const r = calculateFinancials(input);
  if (!r.ok) throw unprocessable(r.errors);
  const v = r.value;
  const parameters = modality.InstallmentParameter?.IsActive
    ? modality.InstallmentParameter.InstallmentParameter
    : undefined;
  const installments = calculateInstallments({
    totalPremium: v.totalPremium,
    parameters: {
      minimumInstallmentValue: parameters?.MinimumInstallmentValue ?? '0',
      maximumInstallments: parameters?.MaximumInstallments ?? 1,
      gracePeriodsInDays: parameters?.GracePeriodsInDays ?? [],
    },
    numberOfInstallment: pick(o.numberOfInstallment, row.numberOfInstallment),
    deadlineDays: v.deadlineDays,
  });
  if (o.numberOfInstallment && !installments.PossibleNumberOfInstallments.includes(o.numberOfInstallment))
    throw unprocessable(financialMessages.installments);
  const grace =
    o.gracePeriod !== undefined && o.gracePeriod !== null
      ? o.gracePeriod
      : row.gracePeriod !== null && installments.PossibleGracePeriodsInDays.includes(row.gracePeriod)
        ? row.gracePeriod
        : (installments.PossibleGracePeriodsInDays[0] ?? null);
  if (grace !== null && !installments.PossibleGracePeriodsInDays.includes(grace))
    throw unprocessable(financialMessages.grace);
  const nets = [
    ...additional.map((c, i) => ({ coverageId: c.coverageId, net: v.coverageNets[i]!.toFixed(2) })),
    ...children.packages.map((p, i) => ({
      modalityId: p.modalityId,
      net: v.coverageNets[additional.length + i]!.toFixed(2),
    })),
  ];
  const result: FinancialResultView = {
    Tax: v.tax.toFixed(6),
    InsurancePremium: v.insurancePremium.toFixed(2),
    ComissionValue: v.comissionValue.toFixed(2),
    ComissionPercentage: v.comissionPercentage.toFixed(6),
    InstallmentResult: installments,
    NetPremium: v.netPremium.toFixed(2),
    PureRate: v.pureRate.toFixed(6),
    PolicyHolderRate: toDec(rate).toFixed(6),
    RateSource: source,
    SpecialLoading: toDec(input.specialLoading ?? 0).toFixed(6),
    LossHistory: toDec(input.lossHistory ?? 0).toFixed(6),
    IOFRate: v.iofRate.toFixed(6),
    IOFValue: v.iofValue.toFixed(2),
    TotalPremium: v.totalPremium.toFixed(2),
    MinInsurancePremium: toDec(modality.MinInsurancePremium).toFixed(2),
    MinimumApplied: v.minimumApplied,
    DeadlineDays: v.deadlineDays,
    InsuredAmountValue: toDec(is).toFixed(2),
    CommissionRange: { Min: range.Min, Max: range.Max },
    CoverageNets: nets.map((n) => ({
      CoverageId: 'coverageId' in n ? (n.coverageId ?? null) : null,
      ModalityId: 'modalityId' in n ? (n.modalityId ?? null) : null,
      NetValue: n.net,
    })),
    CommissionScenarios: commissionScenarios(input, 5).map((s) => ({
      ComissionPercentage: s.comissionPercentage.toFixed(2),
      InsurancePremium: s.insurancePremium.toFixed(2),
      ComissionValue: s.comissionValue.toFixed(2),
      Tax: s.tax.toFixed(6),
      MinimumApplied: s.minimumApplied,
    })),
    Version: null,
  };
  const values: Partial<repo.ProposalInsert> = {
    startDate: start,
    endDate: end,
    deadlineDays: deadlineDays(start, end),
    insuredAmount: toDec(is).toFixed(2),
    comissionPercentage: result.ComissionPercentage,
    comissionValue: result.ComissionValue,
    policyHolderRate: result.PolicyHolderRate,
    rateSource: source,
    pureRate: result.PureRate,
    specialLoading: result.SpecialLoading,
    lossHistory: result.LossHistory,
    netPremium: result.NetPremium,
    insurancePremium: result.InsurancePremium,
    tax: result.Tax,
    iofRate: result.IOFRate,
    iofValue: result.IOFValue,
    totalPremium: result.TotalPremium,
    minInsurancePremium: result.MinInsurancePremium,
    minimumApplied: result.MinimumApplied,
    calculatePerRiskRate: perRiskRate,
    numberOfInstallment: installments.NumberOfInstallment,
    gracePeriod: grace,
    calculationError: null,
  };
  return { result, values, nets };
};

const overridesOf = (p: FinancialPayload): PriceOverrides => ({
  startDate: p.ProposalStartDate,
  endDate: p.ProposalEndDate,
  insuredAmount: p.InsuredAmountValue,
  commission: p.ComissionPercentage,
  tax: p.Tax,
  perRiskRate: p.CalculatePerRiskRate,
  numberOfInstallment: p.NumberOfInstallment || null,
});

/** CalculateFinancialData: a simulation, nothing stored. */
export const calculateFinancialData = async (ctx: UserContext, p: FinancialPayload) => {
  const row = await load(ctx, p.ProposalUniqueId);
  const children = await repo.childrenOf(ctx.db, row.id);
  const modality = await getModality(ctx, row.modalityId);
  return (await price(ctx, row, children, modality, overridesOf(p))).result;
};

const audited = (r: Partial<repo.ProposalRow>) => ({
  StartDate: r.startDate,
  EndDate: r.endDate,
  InsuredAmountValue: r.insuredAmount,
  ComissionPercentage: r.comissionPercentage,
  InsurancePremium: r.insurancePremium,
  NumberOfInstallment: r.numberOfInstallment,
  GracePeriod: r.gracePeriod,
  SpecialLoading: r.specialLoading,
  LossHistory: r.lossHistory,
});

/** Stores a calculation: values, First* once, the risk baseline; the version grows. */
const store = async (
  ctx: UserContext,
  row: repo.ProposalRow,
  children: repo.ProposalChildren,
  priced: Awaited<ReturnType<typeof price>>,
) => {
  const { result, values, nets } = priced;
  await repo.updateCoverageNets(ctx.db, row.id, nets);
  const after = { ...row, ...values } as repo.ProposalRow;
  const saved = await repo.updateVersioned(ctx.db, row.id, row.version, {
    ...values,
    firstComissionPercentage: row.firstComissionPercentage ?? result.ComissionPercentage,
    firstComissionValue: row.firstComissionValue ?? result.ComissionValue,
    firstTax: row.firstTax ?? result.Tax,
    firstInsurancePremium: row.firstInsurancePremium ?? result.InsurancePremium,
    calculatedAt: new Date(),
    riskBaseline: baselineOf(after, children),
    updatedByUserId: ctx.user.userId,
  });
  if (!saved) throw versionConflict(row);
  await recordChanges(
    ctx,
    proposalHistory.of(row.id),
    diffChanges(proposalHistory, audited(row), audited(values)),
  );
  return { ...result, Version: saved.version };
};

const assertEditable = (row: repo.ProposalRow) => {
  if (!EDITABLE_STATUSES.includes(row.statusId)) throw unprocessable(financialMessages.notEditable);
};

/** UpdateCalculateFinancialData: calculates and stores (dates and IS sent become the proposal's). */
export const updateCalculateFinancialData = async (ctx: UserContext, p: FinancialPayload) => {
  const row = await load(ctx, p.ProposalUniqueId);
  await assertCanWrite(ctx, row);
  assertVersion(row, p.Version);
  assertEditable(row);
  const modality = await getModality(ctx, row.modalityId);
  let children = await repo.childrenOf(ctx.db, row.id);
  const overrides = overridesOf(p);
  if (overrides.insuredAmount && !toDec(overrides.insuredAmount).equals(toDec(row.insuredAmount ?? '0'))) {
    children = await syncMainCoverages(ctx, row.id, children, modality, overrides.insuredAmount);
  }
  return store(ctx, row, children, await price(ctx, row, children, modality, overrides));
};

/** Main coverages follow the proposal's IS (× the coverage's share). */
export const syncMainCoverages = async (
  ctx: UserContext,
  proposalId: number,
  children: repo.ProposalChildren,
  modality: ModalityDetail,
  insuredAmount: string,
) => {
  const share = new Map(modality.Coverages.map((c) => [c.Id, c.InsuredAmountPercentage]));
  const coverages = children.coverages.map((c) =>
    c.isAdditional
      ? c
      : {
          ...c,
          insuredAmount: toDec(insuredAmount)
            .times(toDec(share.get(c.coverageId) ?? '100'))
            .dividedBy(100)
            .toFixed(2),
        },
  );
  await repo.replaceChildren(
    ctx.db,
    repo.tables.coverages,
    proposalId,
    coverages.map(({ id: _id, ...c }) => c),
  );
  return repo.childrenOf(ctx.db, proposalId);
};

/** UpdateFinancialData: installments and grace (broker), loadings (insurer 31), recalculated and stored. */
export const updateFinancialData = async (
  ctx: UserContext,
  b: {
    ProposalUniqueId: string;
    Version?: number;
    NumberOfInstallment?: number | null;
    GracePeriod?: number | null;
    SpecialLoading?: string | null;
    LossHistory?: string | null;
  },
) => {
  const row = await load(ctx, b.ProposalUniqueId);
  await assertCanWrite(ctx, row);
  const loadings = (b.SpecialLoading ?? null) !== null || (b.LossHistory ?? null) !== null;
  if (
    loadings &&
    !(isInsurance(ctx.user.userType) && ctx.user.permissions.has(P.GERENCIAR_PROPOSTAS_SEGURADORA))
  )
    throw forbidden(financialMessages.loadings);
  assertVersion(row, b.Version);
  if (!loadings) assertEditable(row);
  if (!row.calculatedAt) throw unprocessable(financialMessages.notCalculated);
  const children = await repo.childrenOf(ctx.db, row.id);
  const modality = await getModality(ctx, row.modalityId);
  const priced = await price(ctx, row, children, modality, {
    perRiskRate: row.calculatePerRiskRate,
    numberOfInstallment: b.NumberOfInstallment,
    gracePeriod: b.GracePeriod,
    specialLoading: b.SpecialLoading,
    lossHistory: b.LossHistory,
  });
  return store(ctx, row, children, priced);
};

/**
 * KanbanInsuranceUpdateProposal: the underwriter, on the proposal's card (status 2, 6 or 9),
 * changes the commercial rate or the loadings (the premium is recalculated and stored), or the IS
 * and vigência without recalculating (the broker sees a risk change and accepts or resets it).
 */
export const underwriterUpdate = async (
  ctx: UserContext,
  b: {
    ProposalUniqueId: string;
    Version?: number;
    Tax?: string | null;
    SpecialLoading?: string | null;
    LossHistory?: string | null;
    InsuredAmountValue?: string | null;
    ProposalStartDate?: string | null;
    ProposalEndDate?: string | null;
  },
) => {
  if (!isInsurance(ctx.user.userType) || !ctx.user.permissions.has(P.GERENCIAR_PROPOSTAS_SEGURADORA))
    throw forbidden();
  let row = await load(ctx, b.ProposalUniqueId);
  assertVersion(row, b.Version);
  if (![2, 6, 9].includes(row.statusId))
    throw unprocessable(
      'Só uma proposta em análise, aguardando o corretor ou em inspeção pode ser alterada no card.',
    );
  if (!row.calculatedAt) throw unprocessable(financialMessages.notCalculated);
  const risk = {
    ...(b.InsuredAmountValue ? { insuredAmount: b.InsuredAmountValue } : {}),
    ...(b.ProposalStartDate ? { startDate: b.ProposalStartDate } : {}),
    ...(b.ProposalEndDate ? { endDate: b.ProposalEndDate } : {}),
  };
  const modality = await getModality(ctx, row.modalityId);
  let children = await repo.childrenOf(ctx.db, row.id);
  if (Object.keys(risk).length) {
    const saved = await repo.updateVersioned(ctx.db, row.id, row.version, {
      ...risk,
      updatedByUserId: ctx.user.userId,
    });
    if (!saved) throw versionConflict(row);
    await recordChanges(
      ctx,
      proposalHistory.of(row.id),
      diffChanges(proposalHistory, audited(row), audited(risk)),
    );
    if (risk.insuredAmount)
      children = await syncMainCoverages(ctx, row.id, children, modality, risk.insuredAmount);
    row = saved;
  }
  const repricing =
    (b.Tax ?? null) !== null || (b.SpecialLoading ?? null) !== null || (b.LossHistory ?? null) !== null;
  if (!repricing) {
    const { result } = await price(ctx, row, children, modality, { perRiskRate: row.calculatePerRiskRate });
    return { ...result, Version: row.version };
  }
  const priced = await price(ctx, row, children, modality, {
    // The commission percentage stays the broker's; the rate drives the premium.
    ...(b.Tax
      ? { tax: b.Tax, perRiskRate: true, commission: row.comissionPercentage }
      : { perRiskRate: row.calculatePerRiskRate }),
    specialLoading: b.SpecialLoading,
    lossHistory: b.LossHistory,
  });
  // Repricing keeps the broker's risk baseline: an IS or vigência changed here stays a risk change.
  const baseline = row.riskBaseline;
  const stored = await store(ctx, row, children, priced);
  if (Object.keys(risk).length && baseline)
    await repo.updateVersioned(ctx.db, row.id, stored.Version, { riskBaseline: baseline });
  return { ...stored, Version: Object.keys(risk).length && baseline ? stored.Version + 1 : stored.Version };
};
