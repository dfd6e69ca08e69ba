import type { FinancialResultView, ModalityDetail } from '@aval/contracts';
import {
  calculateFinancials,
  calculateInstallments,
  commissionScenarios,
  deadlineDays,
  type FinancialInput,
  toDec,
} from '@aval/domain';
import type { UserContext } from '../../context.js';
import { unprocessable } from '../../lib/errors.js';
import { getBranchOr404 } from '../parameterisation/index.js';
import { creditForProposal } from '../policy-holders/index.js';
import { commissionRangeFor } from './proposals.access.js';
import type * as repo from './proposals.repository.js';

/**
 * Pricing a proposal: the rate (CNAE, holder or modality), the financial engine over the stored
 * values and the ones the caller simulates, the installments and grace it allows, the result as the
 * wire shows it and the columns a stored calculation writes.
 */

/** The values a caller simulates over the stored ones (left out or null: the stored one). */
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

/** The pt-BR messages of the financial calculation. */
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

/** The override when given, the stored value otherwise. */
const pick = <T>(override: T | null | undefined, stored: T | null) =>
  override === undefined || override === null ? stored : override;

/** The rate the premium is calculated with: the CNAE's (property), the holder's or the modality's. */
const rateOf = async (ctx: UserContext, row: repo.ProposalRow, modality: ModalityDetail) => {
  if (row.kind === 'property') {
    if (!row.cnaeRate) throw unprocessable(financialMessages.noCnae);
    return { rate: row.cnaeRate, source: 'Cnae' as const };
  }
  const rate = (await creditForProposal(ctx, row.policyHolderId, row.modalityId))?.rate ?? null;
  if (rate) return { rate, source: 'PolicyHolder' as const };
  if (modality.DefaultRate) return { rate: modality.DefaultRate, source: 'Modality' as const };
  throw unprocessable(financialMessages.noRate);
};

/** The installments the modality allows for the total premium, and the grace period (checked). */
const installmentsFor = (
  row: repo.ProposalRow,
  modality: ModalityDetail,
  o: PriceOverrides,
  v: { totalPremium: Parameters<typeof calculateInstallments>[0]['totalPremium']; deadlineDays: number },
) => {
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
  return { installments, grace };
};

type Calculation = Extract<ReturnType<typeof calculateFinancials>, { ok: true }>['value'];
type Nets = ({ coverageId: number; net: string } | { modalityId: number; net: string })[];

/** The calculation as the wire shows it (with the commission scenarios around it). */
const resultView = (
  c: { input: FinancialInput; v: Calculation; is: string; rate: string; source: string; nets: Nets },
  modality: ModalityDetail,
  range: { Min: string; Max: string },
  installments: ReturnType<typeof calculateInstallments>,
): FinancialResultView => {
  const { input, v, is, rate, source, nets } = c;
  return {
    Tax: v.tax.toFixed(6),
    InsurancePremium: v.insurancePremium.toFixed(2),
    ComissionValue: v.comissionValue.toFixed(2),
    ComissionPercentage: v.comissionPercentage.toFixed(6),
    InstallmentResult: installments,
    NetPremium: v.netPremium.toFixed(2),
    PureRate: v.pureRate.toFixed(6),
    PolicyHolderRate: toDec(rate).toFixed(6),
    RateSource: source as FinancialResultView['RateSource'],
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
};

/** The proposal's columns a stored calculation writes. */
const valuesOf = (
  result: FinancialResultView,
  t: { start: string; end: string; is: string; source: string; perRiskRate: boolean; grace: number | null },
): Partial<repo.ProposalInsert> => ({
  startDate: t.start,
  endDate: t.end,
  deadlineDays: deadlineDays(t.start, t.end),
  insuredAmount: toDec(t.is).toFixed(2),
  comissionPercentage: result.ComissionPercentage,
  comissionValue: result.ComissionValue,
  policyHolderRate: result.PolicyHolderRate,
  rateSource: t.source,
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
  calculatePerRiskRate: t.perRiskRate,
  numberOfInstallment: result.InstallmentResult.NumberOfInstallment,
  gracePeriod: t.grace,
  calculationError: null,
});

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
  const { rate, source } = await rateOf(ctx, row, modality);
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
  const { installments, grace } = installmentsFor(row, modality, o, v);
  const nets = [
    ...additional.map((c, i) => ({ coverageId: c.coverageId, net: v.coverageNets[i]!.toFixed(2) })),
    ...children.packages.map((p, i) => ({
      modalityId: p.modalityId,
      net: v.coverageNets[additional.length + i]!.toFixed(2),
    })),
  ];
  const result = resultView({ input, v, is, rate, source, nets }, modality, range, installments);
  const values = valuesOf(result, { start, end, is, source, perRiskRate, grace });
  return { result, values, nets };
};
