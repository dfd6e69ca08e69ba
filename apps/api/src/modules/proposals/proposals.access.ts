import type { ModalityDetail } from '@aval/contracts';
import {
  formatDate,
  formatMoney,
  isInsurance,
  Permission as P,
  toDec,
  validateCommissionRange,
} from '@aval/domain';
import type { UserContext } from '../../context.js';
import { conflict, forbidden, notFound } from '../../lib/errors.js';
import { hasAny } from '../../lib/permissions.js';
import { readOnce } from '../../lib/read-once.js';
import { proposalScope } from '../../lib/visibility.js';
import * as beneficiaries from '../beneficiaries/index.js';
import { getProposalCommissions } from '../brokers/index.js';
import * as history from '../change-history/index.js';
import * as documents from '../documents/index.js';
import * as insureds from '../insureds/index.js';
import { cnaeRatesOf } from '../parameterisation/index.js';
import { creditForProposal, branchesOf as policyHolderBranchesOf } from '../policy-holders/index.js';
import * as users from '../users/index.js';
import { modalityOf } from './proposals.modality.js';
import * as repo from './proposals.repository.js';
import type { RiskBaseline } from './proposals.table.js';
import { pendingRequired, toView } from './proposals.view.js';

/** The proposal as owner of a change history (fields by their wire names). */
export const proposalHistory = history.historyOwnerType('Proposal', 'Proposta', {
  Product: { label: 'Modalidade' },
  PolicyHolder: { label: 'Tomador' },
  Insured: { label: 'Segurado' },
  StartDate: { label: 'Início de vigência', kind: 'date' },
  EndDate: { label: 'Fim de vigência', kind: 'date' },
  InsuredAmountValue: { label: 'Importância segurada', kind: 'money' },
  ComissionPercentage: { label: 'Percentual de comissão', kind: 'percent' },
  InsurancePremium: { label: 'Prêmio', kind: 'money' },
  NumberOfInstallment: { label: 'Número de parcelas', kind: 'int' },
  GracePeriod: { label: 'Carência (dias)', kind: 'int' },
  SpecialLoading: { label: 'Agravo', kind: 'percent' },
  LossHistory: { label: 'Sinistralidade', kind: 'percent' },
  Status: { label: 'Status' },
  CoBrokers: { label: 'Cocorretores' },
});

/** The fields of a proposal's row that its change history follows on a save or a clear. */
export const audited = (r: Partial<repo.ProposalRow>) => ({
  Product: r.modalityName,
  PolicyHolder: r.policyHolderName,
  Insured: r.insuredName,
  StartDate: r.startDate,
  EndDate: r.endDate,
  InsuredAmountValue: r.insuredAmount,
  ComissionPercentage: r.comissionPercentage,
  NumberOfInstallment: r.numberOfInstallment,
  GracePeriod: r.gracePeriod,
});

/**
 * Broker side needs permission 6 (manage) or 7 (view), insurer side 31 or 32 (writes: 6 or 31).
 * The call's permission list admits either side; this check keeps each side to its own pair.
 */
export const assertSide = (ctx: UserContext, write = false) => {
  const insurer = isInsurance(ctx.user.userType);
  const ok = insurer
    ? write
      ? hasAny(ctx, P.GERENCIAR_PROPOSTAS_SEGURADORA)
      : hasAny(ctx, P.GERENCIAR_PROPOSTAS_SEGURADORA, P.VISUALIZAR_PROPOSTAS_SEGURADORA)
    : write
      ? hasAny(ctx, P.GERENCIAR_PROPOSTAS)
      : hasAny(ctx, P.GERENCIAR_PROPOSTAS, P.VISUALIZAR_PROPOSTAS);
  if (!ok) throw forbidden();
};

/** A proposal the caller may see (another company's or out of scope: 404, nothing revealed). */
export const load = async (ctx: UserContext, uniqueId: string) => {
  assertSide(ctx);
  const row = await repo.findProposal(ctx.db, ctx.company.id, { uniqueId }, await proposalScope(ctx));
  if (!row) throw notFound('Proposta não encontrada.');
  return row;
};

/** Whether the caller is (a user of) the proposal's main brokerage. */
export const isMainBroker = async (ctx: UserContext, row: repo.ProposalRow) =>
  !isInsurance(ctx.user.userType) && (await ctx.links()).brokerId === row.brokerId;

/** Writes: insurer staff with 31, or the main brokerage with 6 (co-brokers and policy holders read). */
export const assertCanWrite = async (ctx: UserContext, row: repo.ProposalRow) => {
  assertSide(ctx, true);
  if (!isInsurance(ctx.user.userType) && !(await isMainBroker(ctx, row)))
    throw forbidden('Só a corretora principal da proposta pode alterá-la.');
};

/** The version the caller read must still be the stored one. */
export const assertVersion = (row: repo.ProposalRow, version: number | undefined) => {
  if (version !== undefined && version !== row.version) throw versionConflict(row);
};

export const versionConflict = (row: Pick<repo.ProposalRow, 'number'>) =>
  conflict(
    `A proposta nº ${row.number} foi alterada por outra pessoa depois que você a abriu. Nada do que você enviou foi gravado: recarregue a proposta para ver as alterações e faça a sua de novo.`,
    'version_conflict',
  );

/**
 * Why a commission cannot be stored or sent (null when it can): outside the range of the modality
 * and the broker, by the rule pricing applies too (validateCommissionRange of @aval/domain).
 */
export const commissionProblem = async (
  ctx: UserContext,
  brokerId: number,
  modalityId: number,
  commission: string | null | undefined,
) => {
  if (commission === null || commission === undefined) return null;
  const range = await commissionRangeFor(ctx, brokerId, await modalityOf(ctx, modalityId));
  return validateCommissionRange(commission, { min: range.Min, max: range.Max }) ?? null;
};

/**
 * The commission range: the modality's intersected with the broker's own (when set). Read once per
 * transaction (lib/read-once.ts): a save checks it and answers with it; the proposals module never
 * changes a broker's table nor a modality.
 */
export const commissionRangeFor = (ctx: UserContext, brokerId: number, modality: ModalityDetail) =>
  readOnce(ctx.db, `commission-range:${brokerId}:${modality.Id}`, () =>
    readCommissionRange(ctx, brokerId, modality),
  );

const readCommissionRange = async (ctx: UserContext, brokerId: number, modality: ModalityDetail) => {
  let min = toDec(modality.MinComissionPercentage);
  let max = toDec(modality.MaxComissionPercentage);
  let preferred = max;
  try {
    const own = (await getProposalCommissions(ctx, brokerId)).find((c) => c.ModalityId === modality.Id);
    if (own) {
      min = min.greaterThan(own.MinComissionPercentage) ? min : toDec(own.MinComissionPercentage);
      max = max.lessThan(own.MaxComissionPercentage) ? max : toDec(own.MaxComissionPercentage);
      preferred = toDec(own.DefaultComissionPercentage);
    }
  } catch {
    // A co-broker or policy holder reading the proposal does not see the main broker's table.
  }
  const chosen = preferred.lessThan(min) ? min : preferred.greaterThan(max) ? max : preferred;
  return { Min: min.toFixed(2), Max: max.toFixed(2), Default: chosen.toFixed(2) };
};

// ---------------------------------------------------------------- risk change

export const baselineOf = (row: repo.ProposalRow, children: repo.ProposalChildren): RiskBaseline => ({
  ModalityId: row.modalityId,
  PolicyHolderId: row.policyHolderId,
  StartDate: row.startDate,
  EndDate: row.endDate,
  InsuredAmountValue: row.insuredAmount,
  Coverages: children.coverages.map((c) => ({
    CoverageId: c.coverageId,
    InsuredAmountValue: c.insuredAmount,
  })),
  Package: children.packages.map((p) => ({ ModalityId: p.modalityId, InsuredAmountValue: p.insuredAmount })),
  Property:
    row.kind === 'property'
      ? {
          Building: row.building,
          Content: row.content,
          LostProfit: row.lostProfit,
          CNAERateId: row.cnaeRateId,
        }
      : null,
});

const money = (v: string | null) => (v === null ? null : formatMoney(v));
const same = (a: string | null | undefined, b: string | null | undefined) =>
  (a ?? null) === (b ?? null) || (a != null && b != null && toDec(a).equals(toDec(b)));
const listText = (l: { InsuredAmountValue: string }[], key: (x: never) => number) =>
  l.map((x) => `${key(x as never)}: ${formatMoney(x.InsuredAmountValue)}`).join('; ');

/** Risk fields that differ from the ones the price was calculated for. */
export const riskChanges = (row: repo.ProposalRow, children: repo.ProposalChildren) => {
  const base = row.riskBaseline;
  if (!base || !row.calculatedAt) return [];
  const now = baselineOf(row, children);
  const out: { Field: string; FieldLabel: string; OldValue: string | null; NewValue: string | null }[] = [];
  const push = (Field: string, FieldLabel: string, OldValue: string | null, NewValue: string | null) =>
    out.push({ Field, FieldLabel, OldValue, NewValue });
  if (base.ModalityId !== now.ModalityId)
    push('ProductId', 'Modalidade', String(base.ModalityId), String(now.ModalityId));
  if (base.PolicyHolderId !== now.PolicyHolderId)
    push('PolicyHolderUniqueId', 'Tomador', String(base.PolicyHolderId), String(now.PolicyHolderId));
  const date = (d: string | null) => (d ? formatDate(d) : null);
  if (base.StartDate !== now.StartDate)
    push('StartDate', 'Início de vigência', date(base.StartDate), date(now.StartDate));
  if (base.EndDate !== now.EndDate) push('EndDate', 'Fim de vigência', date(base.EndDate), date(now.EndDate));
  if (!same(base.InsuredAmountValue, now.InsuredAmountValue))
    push(
      'InsuredAmountValue',
      'Importância segurada',
      money(base.InsuredAmountValue),
      money(now.InsuredAmountValue),
    );
  const cov = (l: RiskBaseline['Coverages']) =>
    listText(
      [...l].sort((a, b) => a.CoverageId - b.CoverageId),
      (x: { CoverageId: number }) => x.CoverageId,
    );
  if (cov(base.Coverages) !== cov(now.Coverages))
    push('CoverageLimits', 'Coberturas', cov(base.Coverages), cov(now.Coverages));
  const pkg = (l: RiskBaseline['Package']) =>
    listText(
      [...l].sort((a, b) => a.ModalityId - b.ModalityId),
      (x: { ModalityId: number }) => x.ModalityId,
    );
  if (pkg(base.Package) !== pkg(now.Package))
    push('PackageCoverages', 'Modalidades complementares', pkg(base.Package), pkg(now.Package));
  if (base.Property && now.Property) {
    const b = base.Property;
    const n = now.Property;
    if (!same(b.Building, n.Building))
      push('Property.Building', 'Prédio', money(b.Building), money(n.Building));
    if (!same(b.Content, n.Content)) push('Property.Content', 'Conteúdo', money(b.Content), money(n.Content));
    if (!same(b.LostProfit, n.LostProfit))
      push('Property.LostProfit', 'Lucros cessantes', money(b.LostProfit), money(n.LostProfit));
    if (b.CNAERateId !== n.CNAERateId)
      push('Property.CNAERateId', 'CNAE', String(b.CNAERateId ?? ''), String(n.CNAERateId ?? ''));
  }
  return out;
};

// ---------------------------------------------------------------- the view

/** Document-owner rule (documents/document-owners.ts): a proposal the caller may see. */
export const mayReadProposalDocuments = async (ctx: UserContext, proposalId: number) =>
  Boolean(await repo.findProposal(ctx.db, ctx.company.id, { id: proposalId }, await proposalScope(ctx)));

/** Document-owner rule for insureds: the insured of a proposal the caller may see. */
export const mayReadInsuredDocumentsThroughProposals = async (ctx: UserContext, insuredId: number) =>
  repo.anyProposalOfInsured(ctx.db, ctx.company.id, insuredId, await proposalScope(ctx));

export const ownerOfRow = (row: { id: number }): documents.Owner => ({ type: 'proposal', id: row.id });

export const buildView = async (ctx: UserContext, row: repo.ProposalRow) => {
  const children = await repo.childrenOf(ctx.db, row.id);
  const modality = await modalityOf(ctx, row.modalityId);
  const credit = await creditForProposal(ctx, row.policyHolderId, row.modalityId);
  const docs = await documents.listDocuments(ctx, ownerOfRow(row));
  const insured = await (row.insuredId ? insureds.getInsuredById(ctx, row.insuredId) : undefined);
  const commissionRange = await commissionRangeFor(ctx, row.brokerId, modality);
  const cnae = await (row.kind === 'property' ? cnaeRatesOf(ctx, row.modalityId) : []);
  const names = await users.userNames(ctx, [
    row.createdByUserId,
    row.updatedByUserId,
    row.commissionDisclosureByUserId,
  ]);
  const main = await isMainBroker(ctx, row);
  const people = await beneficiaries.findByIds(
    ctx,
    children.beneficiaries.map((b) => b.beneficiaryId),
  );
  const holderBranches = await policyHolderBranchesOf(ctx, row.policyHolderId);
  return {
    children,
    modality,
    docs,
    view: toView(ctx, {
      row,
      children,
      modality,
      insuredLocations: insured?.Locations ?? [],
      beneficiaries: people,
      policyHolderBranches: holderBranches,
      credit,
      commissionRange: { Min: commissionRange.Min, Max: commissionRange.Max },
      cnaeRates: cnae.filter((c) => c.isActive),
      pendingRequiredDocuments: pendingRequired(docs).length,
      hasRiskChange: riskChanges(row, children).length > 0,
      names,
      isMainBroker: main,
    }),
  };
};
