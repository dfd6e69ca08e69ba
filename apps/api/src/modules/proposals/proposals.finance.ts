import type { FinancialPayload, ModalityDetail } from '@aval/contracts';
import { isInsurance, Permission as P, toDec } from '@aval/domain';
import type { UserContext } from '../../context.js';
import { currentTime } from '../../lib/clock.js';
import { forbidden, unprocessable } from '../../lib/errors.js';
import { diffChanges, recordChanges } from '../change-history/index.js';
import { financialMessages, type PriceOverrides, price } from './price-proposal.js';
import {
  assertCanWrite,
  assertVersion,
  baselineOf,
  load,
  proposalHistory,
  versionConflict,
} from './proposals.access.js';
import { modalityOf } from './proposals.modality.js';
import * as repo from './proposals.repository.js';
import { EDITABLE_STATUSES } from './proposals.view.js';

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
  const modality = await modalityOf(ctx, row.modalityId);
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
    calculatedAt: currentTime(),
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
  const modality = await modalityOf(ctx, row.modalityId);
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
  const modality = await modalityOf(ctx, row.modalityId);
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
  const modality = await modalityOf(ctx, row.modalityId);
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
