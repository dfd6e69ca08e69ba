import type { UpdateProposalBody } from '@aval/contracts';
import {
  activityTypeLabels,
  buildingTypeLabels,
  checkRetroactivity,
  deadlineDays,
  mmuMmpApplies,
  propertyClassificationTypeLabels,
  propertyRiskValue,
  propertyTypeLabels,
  toDec,
  validateDays,
  validateMaxInsuredAmount,
  validateMinInsuredAmount,
  validateMmuMmp,
  validateRiskValueSum,
} from '@aval/domain';
import type { UserContext } from '../../context.js';
import { currentDay } from '../../lib/clock.js';
import type { FieldError } from '../../lib/errors.js';
import { resolveBroker } from '../brokers/index.js';
import * as insureds from '../insureds/index.js';
import { cnaeRatesOf, getBranchOr404 } from '../parameterisation/index.js';
import {
  getVisible as getVisiblePolicyHolder,
  branchesOf as policyHolderBranchesOf,
} from '../policy-holders/index.js';
import { commissionProblem } from './proposals.access.js';
import { messages } from './proposals.messages.js';
import { modalityOf } from './proposals.modality.js';
import type * as repo from './proposals.repository.js';

/**
 * The proposal an UpdateProposal is building: the stored row's values (or a new one's) with the
 * body's parts applied one by one, the field errors found on the way (all reported together) and
 * the collections to store.
 */

export type Modality = Awaited<ReturnType<typeof modalityOf>>;

/** The collections a save replaces, per child table (a table left out keeps its rows). */
export type DraftChildren = {
  -readonly [K in keyof typeof repo.tables]?: (typeof repo.tables)[K]['$inferInsert'][];
};

export type Draft = {
  ctx: UserContext;
  body: UpdateProposalBody;
  /** The stored proposal (undefined while creating one). */
  row: repo.ProposalRow | undefined;
  values: repo.ProposalInsert;
  errors: FieldError[];
  children: DraftChildren;
  modality: Modality;
  /** The body chose another modality than the stored one (or the first one). */
  modalityChanged: boolean;
};

/** A money value with two decimals (null stays null, undefined means "not sent"). */
export const moneyOrNull = (v: string | null | undefined) =>
  v === undefined ? undefined : v === null ? null : toDec(v).toFixed(2);

/** A new proposal's broker: the one the body names or the caller's own, and who quotes it. */
const applyBroker = async (ctx: UserContext, b: UpdateProposalBody, v: repo.ProposalInsert) => {
  const { broker, name } = await resolveBroker(ctx, b.BrokerUniqueId ? { uniqueId: b.BrokerUniqueId } : {});
  Object.assign(v, {
    brokerId: broker.id,
    brokerUniqueId: broker.uniqueId,
    brokerName: name,
    brokerDocument: broker.cnpj,
    brokerSusep: broker.susepProtocol,
    advisorUserId: ctx.user.actorUserId ?? null,
    createdByUserId: ctx.user.userId,
  });
};

/** Starts the draft from the stored row (or a new one with its broker) and loads its modality. */
export const startDraft = async (
  ctx: UserContext,
  body: UpdateProposalBody,
  row: repo.ProposalRow | undefined,
): Promise<Draft> => {
  const values: repo.ProposalInsert = row
    ? { ...row }
    : ({ companyId: ctx.company.id } as repo.ProposalInsert);
  if (!row) await applyBroker(ctx, body, values);
  const modalityChanged = body.ProductId !== undefined && body.ProductId !== row?.modalityId;
  const modality = await modalityOf(ctx, body.ProductId ?? row!.modalityId);
  return { ctx, body, row, values, errors: [], children: {}, modality, modalityChanged };
};

/** A chosen modality must be active and not only complementary; it brings its branch and kind. */
export const applyModality = async ({ ctx, values: v, errors, modality, modalityChanged }: Draft) => {
  if (!modalityChanged) return;
  if (!modality.IsActive) errors.push({ Field: 'ProductId', Message: messages.modalityInactive });
  if (modality.IsComplementary) errors.push({ Field: 'ProductId', Message: messages.modalityComplementary });
  const branch = await getBranchOr404(ctx, modality.BranchId);
  Object.assign(v, {
    modalityId: modality.Id,
    modalityName: modality.Name,
    modalityGroupId: modality.ModalityGroupId,
    modalityGroupName: modality.ModalityGroupName,
    branchId: branch.id,
    branchCode: branch.code,
    kind: branch.kind === 'property' ? 'property' : 'surety',
  });
};

/** The policy holder (a broker only quotes for the holders that nominated it). */
export const applyHolder = async ({ ctx, body: b, row, values: v }: Draft) => {
  if (!b.PolicyHolderUniqueId || b.PolicyHolderUniqueId === row?.policyHolderUniqueId) return;
  const holder = await getVisiblePolicyHolder(ctx, b.PolicyHolderUniqueId);
  Object.assign(v, {
    policyHolderId: holder.id,
    policyHolderUniqueId: holder.uniqueId,
    policyHolderName: holder.name,
    policyHolderDocument: holder.document,
    policyHolderBranchId: null,
  });
};

/** The holder's establishment: the head office (null) or one of its registered branches. */
export const applyHolderBranch = async ({ ctx, body: b, values: v, errors }: Draft) => {
  if (b.PolicyHolderBranchId === undefined) return;
  if (b.PolicyHolderBranchId === null) v.policyHolderBranchId = null;
  else if ((await policyHolderBranchesOf(ctx, v.policyHolderId)).some((x) => x.Id === b.PolicyHolderBranchId))
    v.policyHolderBranchId = b.PolicyHolderBranchId;
  else errors.push({ Field: 'PolicyHolderBranchId', Message: messages.holderBranch });
};

/** The insured (with its main address) and the risk location, one of the insured's addresses. */
export const applyInsured = async ({ ctx, body: b, row, values: v, errors }: Draft) => {
  if (b.InsuredId === null) {
    Object.assign(v, {
      insuredId: null,
      insuredUniqueId: null,
      insuredName: null,
      insuredDocument: null,
      insuredLocationId: null,
    });
  } else if (b.InsuredId !== undefined && b.InsuredId !== row?.insuredId) {
    const insured = await insureds.getInsuredById(ctx, b.InsuredId);
    Object.assign(v, {
      insuredId: insured.Id,
      insuredUniqueId: insured.UniqueId,
      insuredName: insured.Name,
      insuredDocument: insured.InsuredDocument,
      insuredLocationId: insured.Locations.find((l) => l.IsMain)?.Id ?? insured.Locations[0]?.Id ?? null,
    });
  }
  if (b.InsuredLocationId === undefined) return;
  if (b.InsuredLocationId === null) v.insuredLocationId = null;
  else {
    const insured = v.insuredId ? await insureds.getInsuredById(ctx, v.insuredId) : undefined;
    if (!insured?.Locations.some((l) => l.Id === b.InsuredLocationId))
      errors.push({ Field: 'InsuredLocationId', Message: messages.location });
    else v.insuredLocationId = b.InsuredLocationId;
  }
};

/** A commission asked is stored only within the range of the modality and the broker (issue 32). */
export const applyCommission = async ({ ctx, body: b, values: v, errors }: Draft) => {
  if (b.ComissionPercentage === undefined || b.ComissionPercentage === null || !v.brokerId || !v.modalityId)
    return;
  const problem = await commissionProblem(ctx, v.brokerId, v.modalityId, b.ComissionPercentage);
  if (problem) errors.push({ Field: 'ComissionPercentage', Message: problem });
};

/** The scalar terms (dates, amount, commission, installments, QAR group, clause) and the obligation. */
export const applyTerms = ({ body: b, values: v }: Draft) => {
  if (b.ExperienceTypeId !== undefined) v.experienceTypeId = b.ExperienceTypeId;
  if (b.StartDate !== undefined) v.startDate = b.StartDate;
  if (b.EndDate !== undefined) v.endDate = b.EndDate;
  v.deadlineDays = v.startDate && v.endDate ? deadlineDays(v.startDate, v.endDate) : null;
  if (b.InsuredAmountValue !== undefined) v.insuredAmount = moneyOrNull(b.InsuredAmountValue);
  if (b.ComissionPercentage !== undefined) v.comissionPercentage = b.ComissionPercentage;
  if (b.NumberOfInstallment !== undefined) v.numberOfInstallment = b.NumberOfInstallment;
  if (b.GracePeriod !== undefined) v.gracePeriod = b.GracePeriod;
  if (b.QARGroup !== undefined) v.qarGroup = b.QARGroup ?? null;
  if (b.ProposalSpecialClause !== undefined) v.specialClause = b.ProposalSpecialClause ?? null;
  if (b.Obligation !== undefined) {
    v.obligationTypeId = b.Obligation?.ObligationTypeId ?? null;
    v.obligationTierId = b.Obligation?.TierId ?? null;
    v.obligationValue = moneyOrNull(b.Obligation?.Value ?? null);
  }
};

/** The property info types of spec §3, from the catalogues the wizard offers. */
const propertyCatalogues = [
  ['ActivitieTypeId', 'activityTypeId', activityTypeLabels, 'Tipo de atividade inválido.'],
  ['BuildingTypeId', 'buildingTypeId', buildingTypeLabels, 'Tipo de construção inválido.'],
  ['PropertyTypeId', 'propertyTypeId', propertyTypeLabels, 'Tipo de imóvel inválido.'],
  [
    'PropertyClassificationTypeId',
    'propertyClassificationTypeId',
    propertyClassificationTypeLabels,
    'Classificação inválida.',
  ],
] as const;

/** The property's CNAE: one of the modality's active rates (null clears it). */
const applyCnae = async ({ ctx, values: v, errors }: Draft, cnaeRateId: number | null | undefined) => {
  if (cnaeRateId === undefined) return;
  if (cnaeRateId === null) {
    Object.assign(v, { cnaeRateId: null, cnae: null, cnaeDescription: null, cnaeRate: null });
    return;
  }
  const rate = (await cnaeRatesOf(ctx, v.modalityId)).find((c) => c.id === cnaeRateId && c.isActive);
  if (!rate) errors.push({ Field: 'Property.CNAERateId', Message: messages.cnae });
  else
    Object.assign(v, {
      cnaeRateId: rate.id,
      cnae: rate.cnae,
      cnaeDescription: rate.description,
      cnaeRate: rate.rate,
    });
};

/** A property quote's values, info types and CNAE; its limit is its risk value unless the IS was given. */
export const applyProperty = async (d: Draft) => {
  const { body: b, values: v, errors } = d;
  const p = b.Property;
  if (!p) return;
  const set = <K extends keyof repo.ProposalInsert>(k: K, value: repo.ProposalInsert[K] | undefined) => {
    if (value !== undefined) v[k] = value;
  };
  set('building', moneyOrNull(p.Building));
  set('content', moneyOrNull(p.Content));
  set('billing', moneyOrNull(p.Billing));
  set('mmu', moneyOrNull(p.MMU));
  set('mmp', moneyOrNull(p.MMP));
  set('lostProfit', moneyOrNull(p.LostProfit));
  set('lostProfitPeriod', p.LostProfitPeriod);
  set('lmiTypeId', p.LmiTypeId);
  set('contractTypeId', p.ContractTypeId);
  set('proposalTypeId', p.ProposalTypeId);
  for (const [field, column, labels, message] of propertyCatalogues) {
    const value = p[field];
    if (value !== undefined && value !== null && !labels[value])
      errors.push({ Field: `Property.${field}`, Message: message });
    else set(column, value);
  }
  await applyCnae(d, p.CNAERateId);
  if (b.InsuredAmountValue === undefined) {
    const risk = propertyRiskValue(v);
    if (!risk.isZero()) v.insuredAmount = risk.toFixed(2);
  }
};

/** The insured amount within the modality's minimum and maximum (surety only). */
const checkInsuredAmount = (v: repo.ProposalInsert, modality: Modality, errors: FieldError[]) => {
  if (!v.insuredAmount) return;
  const min = modality.MinInsuredAmountValue
    ? validateMinInsuredAmount({
        value: v.insuredAmount,
        modalityName: modality.Name,
        min: modality.MinInsuredAmountValue,
      })
    : undefined;
  const max = modality.MaxInsuredAmountValue
    ? validateMaxInsuredAmount({
        value: v.insuredAmount,
        modalityName: modality.Name,
        max: modality.MaxInsuredAmountValue,
      })
    : undefined;
  if (v.kind !== 'property' && (min ?? max))
    errors.push({ Field: 'InsuredAmountValue', Message: (min ?? max)! });
};

/** The period: end after start, within the modality's days, and a start date it may retroact to. */
const checkPeriod = ({ body: b, row, values: v, errors, modality }: Draft) => {
  if (v.startDate && v.endDate) {
    if (v.endDate <= v.startDate) errors.push({ Field: 'EndDate', Message: messages.endAfterStart });
    else {
      const days = validateDays(deadlineDays(v.startDate, v.endDate), {
        min: modality.MinPeriodInDays,
        max: modality.MaxPeriodInDays,
      });
      if (days) errors.push({ Field: 'EndDate', Message: days });
    }
  }
  const startTouched = b.StartDate !== undefined && b.StartDate !== row?.startDate;
  if (v.startDate && startTouched) {
    const retro = checkRetroactivity({
      startDate: v.startDate,
      today: currentDay(),
      retroactiveDays: modality.RetroactiveDays,
      futureDays: modality.FutureDays,
    });
    if (retro.message) errors.push({ Field: 'StartDate', Message: retro.message });
  }
};

/** A property quote's risk values within the modality's limits, and its MMU/MMP. */
const checkProperty = (v: repo.ProposalInsert, modality: Modality, errors: FieldError[]) => {
  if (v.kind !== 'property') return;
  const risk = propertyRiskValue(v);
  if (!risk.isZero() && (modality.MinInsuredAmountValue || modality.MaxInsuredAmountValue)) {
    const problem = validateRiskValueSum({
      values: [v.building, v.content, v.lostProfit],
      minLMGValue: modality.MinInsuredAmountValue ?? '0',
      maxLMGValue: modality.MaxInsuredAmountValue ?? '999999999999',
    });
    if (problem) errors.push({ Field: 'Property.Building', Message: problem });
  }
  if (mmuMmpApplies(v.mmu, v.mmp)) {
    const problem = validateMmuMmp({ mmu: v.mmu ?? '0', mmp: v.mmp ?? '0', content: v.content ?? '0' });
    if (problem) errors.push({ Field: 'Property.MMU', Message: problem });
  }
};

/** Spec §5 rules over the values about to be stored (each message on its field). */
export const checkRules = (d: Draft) => {
  checkInsuredAmount(d.values, d.modality, d.errors);
  checkPeriod(d);
  checkProperty(d.values, d.modality, d.errors);
};
