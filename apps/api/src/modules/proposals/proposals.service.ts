import type { ProposalDetail, ProposalView, UpdateProposalBody } from '@aval/contracts';
import {
  activityTypeLabels,
  buildingTypeLabels,
  checkRetroactivity,
  commissionDisclosureText,
  DocumentStatus,
  deadlineDays,
  financialMessages as engineMessages,
  FranchiseType,
  isInsurance,
  mmuMmpApplies,
  propertyClassificationTypeLabels,
  propertyRiskValue,
  propertyTypeLabels,
  proposalMessages,
  qarItemLabels,
  RequestDocumentType,
  TimelineGroup,
  TimelineSituation,
  TimelineStatus,
  toDec,
  todayInBrazil,
  unmaskCpfCnpj,
  validateCoBrokers,
  validateDays,
  validateMaxInsuredAmount,
  validateMinInsuredAmount,
  validateMmuMmp,
  validateRiskValueSum,
  validationMessages,
} from '@aval/domain';
import type { UserContext } from '../../context.js';
import { type FieldError, forbidden, invalidFields, unprocessable } from '../../lib/errors.js';
import { proposalScope } from '../../lib/visibility.js';
import * as beneficiaries from '../beneficiaries/index.js';
import { findBroker, resolveBroker } from '../brokers/index.js';
import * as history from '../change-history/index.js';
import * as documents from '../documents/index.js';
import * as insureds from '../insureds/index.js';
import { cnaeRatesOf, getBranchOr404, getModality } from '../parameterisation/index.js';
import {
  getVisible as getVisiblePolicyHolder,
  branchesOf as policyHolderBranchesOf,
} from '../policy-holders/index.js';
import * as users from '../users/index.js';
import {
  assertCanWrite,
  assertSide,
  buildView,
  load,
  ownerOfRow,
  proposalHistory,
  riskChanges,
  versionConflict,
} from './proposals.access.js';
import { engineLogView, startAnalysis } from './proposals.analysis.js';
import { syncMainCoverages } from './proposals.finance.js';
import { recordTimeline, transitionProposal } from './proposals.lifecycle.js';
import * as repo from './proposals.repository.js';

export { acceptanceDue, pendingDocuments, statusCounts } from './proposals.home.js';

import {
  completenessOf,
  EDITABLE_STATUSES,
  pendingRequired,
  toSummary,
  toTimelineEntry,
} from './proposals.view.js';

const today = () => todayInBrazil();

// ---------------------------------------------------------------- reads

export const getProposal = async (ctx: UserContext, uniqueId: string): Promise<ProposalView> =>
  (await buildView(ctx, await load(ctx, uniqueId))).view;

export const timelineOf = async (ctx: UserContext, row: repo.ProposalRow) => {
  const rows = await repo.timelineOf(ctx.db, row.id);
  const names = await users.userNames(
    ctx,
    rows.map((r) => r.createdByUserId),
  );
  return rows.map((t) => toTimelineEntry(t, names, row.kind));
};

export const getProposalDetail = async (ctx: UserContext, uniqueId: string): Promise<ProposalDetail> => {
  const row = await load(ctx, uniqueId);
  const { view, docs } = await buildView(ctx, row);
  const insurer = isInsurance(ctx.user.userType);
  const observations = await repo.observationsOf(ctx.db, row.id);
  const logs = await repo.engineLogsOf(ctx.db, row.id);
  const deleted = await documents.listDocuments(ctx, ownerOfRow(row), { deleted: true });
  const timeline = await timelineOf(ctx, row);
  const changes = await history.listChangeHistory(ctx, { types: [proposalHistory], ownerIds: [row.id] });
  const visibleObservations = observations.filter((o) => insurer || !o.isInternal);
  const names = await users.userNames(ctx, [
    ...visibleObservations.map((o) => o.createdByUserId),
    ...logs.map((l) => l.createdByUserId),
  ]);
  return {
    ...view,
    Observations: visibleObservations.map((o) => ({
      Id: o.id,
      Text: o.text,
      IsInternal: o.isInternal,
      CreatedByName: (o.createdByUserId && names.get(o.createdByUserId)) || null,
      CreatedAt: o.createdAt.toISOString(),
    })),
    ProposalEngineExecutionLogs: logs.map((l) => engineLogView(l, names, insurer)),
    RequestDocuments: docs,
    DeletedRequestDocuments: deleted.filter((d) => d.IsDeleted),
    TimelineHistory: timeline,
    Endorsement: null,
    History: changes,
  };
};

type ListQuery = {
  Number?: number;
  PolicyHolderName?: string;
  PolicyHolderCpfCnpj?: string;
  InsuredName?: string;
  InsuredCpfCnpj?: string;
  StartDate?: string;
  EndDate?: string;
  OrderBy?: string;
  OrderDirection?: 'asc' | 'desc';
  currentPage: number;
  rowsPerPage: number;
};

const page = async (ctx: UserContext, q: ListQuery, extra: Partial<repo.ListFilters>) => {
  assertSide(ctx);
  const { rows, total } = await repo.listProposals(ctx.db, ctx.company.id, await proposalScope(ctx), {
    number: q.Number,
    policyHolderName: q.PolicyHolderName,
    policyHolderDocument: q.PolicyHolderCpfCnpj ? unmaskCpfCnpj(q.PolicyHolderCpfCnpj) : undefined,
    insuredName: q.InsuredName,
    insuredDocument: q.InsuredCpfCnpj ? unmaskCpfCnpj(q.InsuredCpfCnpj) : undefined,
    startFrom: q.StartDate,
    endUntil: q.EndDate,
    orderBy: q.OrderBy,
    direction: q.OrderDirection,
    page: q.currentPage,
    rows: q.rowsPerPage,
    ...extra,
  });
  const shared = await repo.coBrokered(
    ctx.db,
    rows.map((r) => r.id),
  );
  return {
    Data: rows.map((r) => toSummary(r, shared.has(r.id))),
    Total: total,
    CurrentPage: q.currentPage,
    RowsPerPage: q.rowsPerPage,
  };
};

export const getProposals = (ctx: UserContext, q: ListQuery & { Status?: number[] }) =>
  page(ctx, q, { statusIds: q.Status });

export const searchProposals = (
  ctx: UserContext,
  q: ListQuery & { StatusId?: number; BrokerName?: string; ProductId?: number },
) =>
  page(ctx, q, {
    statusIds: q.StatusId ? [q.StatusId] : undefined,
    brokerName: q.BrokerName,
    productId: q.ProductId,
  });

export const searchByText = async (ctx: UserContext, text: string) =>
  (
    await page(
      ctx,
      { currentPage: 1, rowsPerPage: 20, OrderBy: 'UpdatedAt' },
      { text, textDigits: unmaskCpfCnpj(text) },
    )
  ).Data;

// ---------------------------------------------------------------- UpdateProposal

const messages = {
  productRequired: 'Escolha a modalidade.',
  holderRequired: 'Informe o tomador.',
  versionRequired: 'Informe a versão da proposta que você leu (Version) para alterá-la.',
  notEditable: 'A proposta não pode mais ser alterada neste status.',
  modalityInactive: 'Esta modalidade não está ativa.',
  modalityComplementary: 'Esta modalidade só pode ser contratada como complementar de outra.',
  location: 'Localização inválida: escolha um endereço do segurado.',
  holderBranch: 'Filial inválida: escolha a matriz ou uma filial cadastrada deste tomador.',
  beneficiary: 'Beneficiário não encontrado.',
  beneficiaryPf: 'Esta modalidade não admite beneficiário pessoa física.',
  beneficiaryLocation: 'Endereço inválido: escolha um endereço cadastrado deste beneficiário.',
  qarItem: 'Item do QAR inválido.',
  franchisePercent: 'Informe o percentual e o valor mínimo da franquia.',
  franchiseValue: 'Informe o valor da franquia.',
  franchiseDays: 'Informe os dias de franquia.',
  franchiseRange: 'O valor máximo da franquia não pode ser menor que o valor mínimo.',
  coverage: 'Cobertura inválida para esta modalidade.',
  complementary: 'Modalidade complementar inválida para esta modalidade.',
  clause: 'Cláusula particular inválida para esta modalidade.',
  coBroker: 'Corretor não encontrado.',
  cnae: 'CNAE inválido para esta modalidade.',
  endAfterStart: engineMessages.invalidPeriod,
  quoteIncomplete: 'Complete a cotação antes de concluí-la:',
  sendStatus: 'Só uma cotação (status Cotação) pode ser enviada para análise.',
  clearStatus: 'Só uma cotação (Em Cotação ou Cotação) pode ser limpa.',
  clearNeedsProposal: 'Informe a cotação a limpar (UniqueId e Version).',
  pendingDocuments: (names: string[]) =>
    `Anexe os documentos obrigatórios antes de enviar a proposta para análise: ${names.join(', ')}.`,
} as const;

type Modality = Awaited<ReturnType<typeof getModality>>;

/** The address each beneficiary of a stored proposal has (kept when a save leaves LocationId out). */
const beneficiaryLocationsOf = async (ctx: UserContext, row: repo.ProposalRow | undefined) =>
  new Map(
    row
      ? (await repo.childrenOf(ctx.db, row.id)).beneficiaries.map((x) => [x.beneficiaryId, x.locationId])
      : [],
  );

/** Spec §5 rules over the values about to be stored (422 with each message on its field). */
const validateRules = (
  v: repo.ProposalInsert,
  modality: Modality,
  touched: { startDate: boolean },
  errors: FieldError[],
) => {
  if (v.insuredAmount) {
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
  }
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
  if (v.startDate && touched.startDate) {
    const retro = checkRetroactivity({
      startDate: v.startDate,
      today: today(),
      retroactiveDays: modality.RetroactiveDays,
      futureDays: modality.FutureDays,
    });
    if (retro.message) errors.push({ Field: 'StartDate', Message: retro.message });
  }
  if (v.kind === 'property') {
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
  }
};

const audited = (r: Partial<repo.ProposalRow>) => ({
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

/** A coverage's franchise must carry what its type needs (percent + minimum, a value, or days). */
const franchiseProblems = (c: NonNullable<UpdateProposalBody['CoverageLimits']>[number]) => {
  const problems: { field: string; message: string }[] = [];
  if (
    c.FranchiseTypeId === FranchiseType.PERCENT_WITH_MINIMUM &&
    (!c.FranchisePercent || !c.FranchiseValueStart)
  )
    problems.push({
      field: c.FranchisePercent ? 'FranchiseValueStart' : 'FranchisePercent',
      message: messages.franchisePercent,
    });
  if (c.FranchiseTypeId === FranchiseType.FIXED_VALUE && !c.FranchiseValueStart)
    problems.push({ field: 'FranchiseValueStart', message: messages.franchiseValue });
  if (c.FranchiseTypeId === FranchiseType.DAYS && !c.FranchiseDays)
    problems.push({ field: 'FranchiseDays', message: messages.franchiseDays });
  if (
    c.FranchiseValueStart &&
    c.FranchiseValueEnd &&
    toDec(c.FranchiseValueEnd).lessThan(toDec(c.FranchiseValueStart))
  )
    problems.push({ field: 'FranchiseValueEnd', message: messages.franchiseRange });
  return problems;
};

const moneyOrNull = (v: string | null | undefined) =>
  v === undefined ? undefined : v === null ? null : toDec(v).toFixed(2);

/**
 * UpdateProposal: creates a quote (status 8) or changes one (optimistic concurrency by Version),
 * then quotes it (8 → 1) or sends it to analysis (1 → 2) when the body asks.
 */
export const updateProposal = async (ctx: UserContext, b: UpdateProposalBody): Promise<ProposalView> => {
  let row: repo.ProposalRow | undefined;
  if (b.UniqueId) {
    row = await load(ctx, b.UniqueId);
    await assertCanWrite(ctx, row);
    if (b.Version === undefined)
      throw invalidFields(400, [{ Field: 'Version', Message: messages.versionRequired }]);
    if (b.Version !== row.version) throw versionConflict(row);
    if (!EDITABLE_STATUSES.includes(row.statusId)) throw unprocessable(messages.notEditable);
    if (b.Action === 'ClearQuote') return clearQuote(ctx, row);
  } else {
    assertSide(ctx, true);
    if (b.Action === 'ClearQuote')
      throw invalidFields(400, [{ Field: 'UniqueId', Message: messages.clearNeedsProposal }]);
    const missing: FieldError[] = [];
    if (!b.ProductId) missing.push({ Field: 'ProductId', Message: messages.productRequired });
    if (!b.PolicyHolderUniqueId)
      missing.push({ Field: 'PolicyHolderUniqueId', Message: messages.holderRequired });
    if (missing.length) throw invalidFields(400, missing);
  }
  const errors: FieldError[] = [];
  const v: repo.ProposalInsert = row ? { ...row } : ({ companyId: ctx.company.id } as repo.ProposalInsert);

  // broker (creation only)
  if (!row) {
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
  }

  // modality
  const modalityChanged = b.ProductId !== undefined && b.ProductId !== row?.modalityId;
  const modality = await getModality(ctx, b.ProductId ?? row!.modalityId);
  if (modalityChanged) {
    if (!modality.IsActive) errors.push({ Field: 'ProductId', Message: messages.modalityInactive });
    if (modality.IsComplementary)
      errors.push({ Field: 'ProductId', Message: messages.modalityComplementary });
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
  }

  // policy holder (a broker only quotes for the holders that nominated it)
  if (b.PolicyHolderUniqueId && b.PolicyHolderUniqueId !== row?.policyHolderUniqueId) {
    const holder = await getVisiblePolicyHolder(ctx, b.PolicyHolderUniqueId);
    Object.assign(v, {
      policyHolderId: holder.id,
      policyHolderUniqueId: holder.uniqueId,
      policyHolderName: holder.name,
      policyHolderDocument: holder.document,
      policyHolderBranchId: null,
    });
  }
  // the holder's establishment: the head office (null) or one of its registered branches
  if (b.PolicyHolderBranchId !== undefined) {
    if (b.PolicyHolderBranchId === null) v.policyHolderBranchId = null;
    else if (
      (await policyHolderBranchesOf(ctx, v.policyHolderId)).some((x) => x.Id === b.PolicyHolderBranchId)
    )
      v.policyHolderBranchId = b.PolicyHolderBranchId;
    else errors.push({ Field: 'PolicyHolderBranchId', Message: messages.holderBranch });
  }

  // insured and its location
  if (b.InsuredId !== undefined) {
    if (b.InsuredId === null) {
      Object.assign(v, {
        insuredId: null,
        insuredUniqueId: null,
        insuredName: null,
        insuredDocument: null,
        insuredLocationId: null,
      });
    } else if (b.InsuredId !== row?.insuredId) {
      const insured = await insureds.getInsuredById(ctx, b.InsuredId);
      Object.assign(v, {
        insuredId: insured.Id,
        insuredUniqueId: insured.UniqueId,
        insuredName: insured.Name,
        insuredDocument: insured.InsuredDocument,
        insuredLocationId: insured.Locations.find((l) => l.IsMain)?.Id ?? insured.Locations[0]?.Id ?? null,
      });
    }
  }
  if (b.InsuredLocationId !== undefined) {
    if (b.InsuredLocationId === null) v.insuredLocationId = null;
    else {
      const insured = v.insuredId ? await insureds.getInsuredById(ctx, v.insuredId) : undefined;
      if (!insured?.Locations.some((l) => l.Id === b.InsuredLocationId))
        errors.push({ Field: 'InsuredLocationId', Message: messages.location });
      else v.insuredLocationId = b.InsuredLocationId;
    }
  }

  // scalar fields
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
  if (b.Property) {
    const p = b.Property;
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
    // The property info types of spec §3, from the catalogues the wizard offers.
    const catalogue = [
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
    for (const [field, column, labels, message] of catalogue) {
      const value = p[field];
      if (value !== undefined && value !== null && !labels[value])
        errors.push({ Field: `Property.${field}`, Message: message });
      else set(column, value);
    }
    if (p.CNAERateId !== undefined) {
      if (p.CNAERateId === null)
        Object.assign(v, { cnaeRateId: null, cnae: null, cnaeDescription: null, cnaeRate: null });
      else {
        const rate = (await cnaeRatesOf(ctx, v.modalityId)).find((c) => c.id === p.CNAERateId && c.isActive);
        if (!rate) errors.push({ Field: 'Property.CNAERateId', Message: messages.cnae });
        else
          Object.assign(v, {
            cnaeRateId: rate.id,
            cnae: rate.cnae,
            cnaeDescription: rate.description,
            cnaeRate: rate.rate,
          });
      }
    }
    // The property quote's limit is its risk value unless the IS was given.
    if (b.InsuredAmountValue === undefined) {
      const risk = propertyRiskValue(v);
      if (!risk.isZero()) v.insuredAmount = risk.toFixed(2);
    }
  }
  validateRules(
    v,
    modality,
    { startDate: b.StartDate !== undefined && b.StartDate !== row?.startDate },
    errors,
  );

  // collections
  const children: { -readonly [K in keyof typeof repo.tables]?: (typeof repo.tables)[K]['$inferInsert'][] } =
    {};
  const base = { companyId: ctx.company.id, proposalId: 0 };
  if (b.Beneficiaries) {
    const ids = b.Beneficiaries.map((x) => x.BeneficiaryId);
    ids.forEach((id, i) => {
      if (ids.indexOf(id) !== i)
        errors.push({ Field: `Beneficiaries.${i}.BeneficiaryId`, Message: validationMessages.duplicate });
    });
    const found = await beneficiaries.findByIds(ctx, [...new Set(ids)]);
    const kept = await beneficiaryLocationsOf(ctx, row);
    const chosen = new Map<number, number | null>();
    b.Beneficiaries.forEach(({ BeneficiaryId: id, LocationId }, i) => {
      const f = found.find((x) => x.Id === id);
      if (!f) errors.push({ Field: `Beneficiaries.${i}.BeneficiaryId`, Message: messages.beneficiary });
      else if (f.IsNaturalPerson && !modality.CanHaveBeneficiaryPF)
        errors.push({ Field: `Beneficiaries.${i}.BeneficiaryId`, Message: messages.beneficiaryPf });
      // The address must be one of this beneficiary's; left out, the one stored stays (or the main one).
      if (f && LocationId && !f.Locations.some((l) => l.Id === LocationId))
        errors.push({ Field: `Beneficiaries.${i}.LocationId`, Message: messages.beneficiaryLocation });
      if (!chosen.has(id))
        chosen.set(id, LocationId === undefined ? (kept.get(id) ?? null) : (LocationId ?? null));
    });
    children.beneficiaries = [...new Set(ids)].flatMap((id, i) => {
      const f = found.find((x) => x.Id === id);
      return f
        ? [
            {
              ...base,
              beneficiaryId: id,
              name: f.Name,
              document: f.Document,
              locationId: chosen.get(id) ?? null,
              sortOrder: i,
            },
          ]
        : [];
    });
  }
  const all = [...modality.Coverages, ...modality.AdditionalCoverages].filter((c) => c.IsActive);
  const isValue = v.insuredAmount ?? '0';
  const share = (pct: string) => toDec(isValue).times(toDec(pct)).dividedBy(100).toFixed(2);
  if (b.CoverageLimits) {
    const coverageIds = b.CoverageLimits.map((c) => c.CoverageId);
    children.coverages = b.CoverageLimits.flatMap((c, i) => {
      const def = all.find((x) => x.Id === c.CoverageId);
      if (!def) {
        errors.push({ Field: `CoverageLimits.${i}.CoverageId`, Message: messages.coverage });
        return [];
      }
      if (coverageIds.indexOf(c.CoverageId) !== i) {
        errors.push({ Field: `CoverageLimits.${i}.CoverageId`, Message: validationMessages.duplicate });
        return [];
      }
      for (const problem of franchiseProblems(c))
        errors.push({ Field: `CoverageLimits.${i}.${problem.field}`, Message: problem.message });
      return [
        {
          ...base,
          coverageId: def.Id,
          name: def.Name,
          isAdditional: def.IsAdditional,
          insuredAmount:
            def.IsAdditional && c.InsuredAmountValue
              ? toDec(c.InsuredAmountValue).toFixed(2)
              : share(def.InsuredAmountPercentage),
          rate: def.Rate,
          franchiseTypeId: c.FranchiseTypeId ?? null,
          franchisePercent: c.FranchisePercent ?? null,
          franchiseValueStart: moneyOrNull(c.FranchiseValueStart) ?? null,
          franchiseValueEnd: moneyOrNull(c.FranchiseValueEnd) ?? null,
          franchiseDays: c.FranchiseDays ?? null,
          franchiseRequireInsuredParticipation: c.FranchiseRequireInsuredParticipation ?? false,
          specialClause: c.ProposalSpecialClause ?? null,
          sortOrder: i,
        },
      ];
    });
    if (!children.coverages.some((c) => !c.isAdditional))
      children.coverages.unshift(
        ...modality.Coverages.filter((c) => c.IsActive).map((def) => ({
          ...base,
          coverageId: def.Id,
          name: def.Name,
          isAdditional: false,
          insuredAmount: share(def.InsuredAmountPercentage),
          rate: def.Rate,
        })),
      );
  } else if (!row || modalityChanged) {
    children.coverages = modality.Coverages.filter((c) => c.IsActive).map((def, i) => ({
      ...base,
      coverageId: def.Id,
      name: def.Name,
      isAdditional: false,
      insuredAmount: share(def.InsuredAmountPercentage),
      rate: def.Rate,
      sortOrder: i,
    }));
  }
  if (b.PackageCoverages) {
    const complementary = modality.ComplementaryModalities.filter((c) => c.IsActive);
    children.packages = [];
    const packageIds = b.PackageCoverages.map((p) => p.ModalityId);
    for (const [i, p] of b.PackageCoverages.entries()) {
      const def = complementary.find((c) => c.ComplementaryModalityId === p.ModalityId);
      if (!def) {
        errors.push({ Field: `PackageCoverages.${i}.ModalityId`, Message: messages.complementary });
        continue;
      }
      if (packageIds.indexOf(p.ModalityId) !== i) {
        errors.push({ Field: `PackageCoverages.${i}.ModalityId`, Message: validationMessages.duplicate });
        continue;
      }
      const other = await getModality(ctx, p.ModalityId);
      children.packages.push({
        ...base,
        modalityId: p.ModalityId,
        modalityName: def.ComplementaryModalityName,
        insuredAmount: toDec(p.InsuredAmountValue).toFixed(2),
        rate: other.DefaultRate ?? '0',
      });
    }
  } else if (modalityChanged && row) children.packages = [];
  if (b.CoBrokers) {
    const list = [];
    for (const [i, c] of b.CoBrokers.entries()) {
      const leader = c.CoBrokerId === undefined || c.CoBrokerId === null || c.CoBrokerId === v.brokerId;
      const broker = await findBroker(ctx, leader ? v.brokerId : c.CoBrokerId!);
      if (!broker) {
        errors.push({ Field: `CoBrokers.${i}.CoBrokerId`, Message: messages.coBroker });
        continue;
      }
      list.push({
        ...base,
        brokerId: broker.broker.id,
        brokerUniqueId: broker.broker.uniqueId,
        name: broker.name,
        document: broker.broker.cnpj,
        susep: broker.broker.susepProtocol,
        commissionTypeId: c.CommissionTypeId,
        leader,
        participation: c.Participation,
        sortOrder: leader ? 0 : i + 1,
      });
    }
    const ids = list.map((x) => x.brokerId);
    if (new Set(ids).size !== ids.length)
      errors.push({ Field: 'CoBrokers', Message: validationMessages.duplicate });
    for (const m of validateCoBrokers(list)) errors.push({ Field: 'CoBrokers', Message: m });
    children.coBrokers = list;
  }
  if (b.ProposalObjects)
    children.objects = b.ProposalObjects.map((o, i) => ({
      ...base,
      description: o.Description,
      contractNumber: o.ContractNumber ?? null,
      contractValue: moneyOrNull(o.ContractValue) ?? null,
      sortOrder: i,
    }));
  if (b.QARs) {
    const qarIds = b.QARs.map((q) => q.QARItemId);
    children.qars = b.QARs.flatMap((q, i) => {
      if (!qarItemLabels[q.QARItemId]) {
        errors.push({ Field: `QARs.${i}.QARItemId`, Message: messages.qarItem });
        return [];
      }
      if (qarIds.indexOf(q.QARItemId) !== i) {
        errors.push({ Field: `QARs.${i}.QARItemId`, Message: validationMessages.duplicate });
        return [];
      }
      return [{ ...base, qarItemId: q.QARItemId, quantity: q.Quantity, value: moneyOrNull(q.Value) ?? null }];
    });
  }
  if (b.ProposalParticularClauseIds) {
    const clauses = modality.ParticularClauses.filter((c) => c.IsActive);
    children.clauses = b.ProposalParticularClauseIds.flatMap((id, i) => {
      const c = clauses.find((x) => x.Id === id);
      if (!c) {
        errors.push({ Field: `ProposalParticularClauseIds.${i}`, Message: messages.clause });
        return [];
      }
      return [{ ...base, particularClauseId: c.Id, title: c.Title, text: c.Text, sortOrder: i }];
    });
  } else if (modalityChanged && row) children.clauses = [];
  if (errors.length) throw invalidFields(422, errors);

  // store
  v.updatedByUserId = ctx.user.userId;
  let saved: repo.ProposalRow;
  if (!row) {
    const { id: _id, uniqueId: _u, ...values } = v as repo.ProposalRow;
    saved = await repo.insertProposal(ctx.db, {
      ...values,
      number: await repo.nextNumber(ctx.db, ctx.company.id),
      statusId: 8,
      version: 1,
    });
    await history.recordEvent(ctx, proposalHistory.of(saved.id), 'Created', `Proposta nº ${saved.number}`);
    await recordTimeline(ctx, saved, {
      group: TimelineGroup.COTACAO,
      situation: TimelineSituation.COTACAO,
      status: TimelineStatus.CORRETOR,
      text: 'Cotação iniciada.',
    });
    // The holder's own documents (type Tomador) already on its record and Conforme are not asked
    // again on each proposal: the registration validation reads them from the holder.
    const onFile = new Set(
      (await documents.listDocuments(ctx, { type: 'policy_holder', id: saved.policyHolderId }))
        .filter((d) => d.StatusId === DocumentStatus.CONFORME && !d.IsDeleted)
        .map((d) => d.Name.trim().toLowerCase()),
    );
    await documents.ensureDefaultDocuments(
      ctx,
      ownerOfRow(saved),
      modality.RequestDocuments.filter(
        (d) =>
          !d.IsDeleted &&
          !(
            d.RequestDocumentTypeId === RequestDocumentType.POLICY_HOLDER &&
            onFile.has(d.Name.trim().toLowerCase())
          ),
      ).map((d) => ({
        Name: d.Name,
        RequestDocumentTypeId: d.RequestDocumentTypeId,
        IsRequired: d.IsRequired,
      })),
    );
  } else {
    const {
      id: _id,
      uniqueId: _u,
      version: _v,
      createdAt: _c,
      updatedAt: _up,
      number: _n,
      companyId: _co,
      ...values
    } = v as repo.ProposalRow;
    const updated = await repo.updateVersioned(ctx.db, row.id, row.version, values);
    if (!updated) throw versionConflict(row);
    saved = updated;
    const changes = history.diffChanges(proposalHistory, audited(row), audited(saved));
    if (children.coBrokers) {
      const before = (await repo.childrenOf(ctx.db, row.id)).coBrokers
        .map((c) => `${c.name} (${toDec(c.participation).toFixed(2)}%)`)
        .join('; ');
      const after = children.coBrokers
        .map((c) => `${c.name} (${toDec(c.participation).toFixed(2)}%)`)
        .join('; ');
      if (before !== after) changes.push({ field: 'CoBrokers', old: before || null, new: after || null });
    }
    await history.recordChanges(ctx, proposalHistory.of(row.id), changes);
  }
  for (const [key, values] of Object.entries(children) as [
    keyof typeof repo.tables,
    { proposalId: number }[],
  ][]) {
    await repo.replaceChildren(
      ctx.db,
      repo.tables[key],
      saved.id,
      values.map((x) => ({ ...x, proposalId: saved.id })) as never[],
    );
  }
  if (row && !children.coverages && saved.insuredAmount && saved.insuredAmount !== row.insuredAmount) {
    await syncMainCoverages(
      ctx,
      saved.id,
      await repo.childrenOf(ctx.db, saved.id),
      modality,
      saved.insuredAmount,
    );
  }
  if (b.Observation) {
    await repo.insertObservation(ctx.db, {
      companyId: ctx.company.id,
      proposalId: saved.id,
      text: b.Observation,
      isInternal: isInsurance(ctx.user.userType),
      createdByUserId: ctx.user.userId,
    });
  }
  if (b.Action === 'Quote' || b.Action === 'SendToAnalysis') saved = await advance(ctx, saved, b);
  return (await buildView(ctx, saved)).view;
};

/**
 * Spec §4 partial clear: what the wizard collected goes, except the branch, the modality (product),
 * the insured (with the risk location) and the policy holder, which every proposal needs. The
 * price goes with the risk, so a quote (1) returns to 8; the insurer's loadings and the request
 * documents stay. The change history and the timeline record it.
 */
const clearQuote = async (ctx: UserContext, row: repo.ProposalRow): Promise<ProposalView> => {
  if (row.statusId !== 8 && row.statusId !== 1) throw unprocessable(messages.clearStatus);
  const modality = await getModality(ctx, row.modalityId);
  const cleared = await repo.updateVersioned(ctx.db, row.id, row.version, {
    experienceTypeId: null,
    proposalTypeId: null,
    startDate: null,
    endDate: null,
    deadlineDays: null,
    insuredAmount: null,
    comissionPercentage: null,
    comissionValue: null,
    policyHolderRate: null,
    rateSource: null,
    pureRate: null,
    netPremium: null,
    insurancePremium: null,
    tax: null,
    iofRate: null,
    iofValue: null,
    totalPremium: null,
    minInsurancePremium: null,
    minimumApplied: false,
    calculatePerRiskRate: false,
    numberOfInstallment: null,
    gracePeriod: null,
    firstComissionValue: null,
    firstComissionPercentage: null,
    firstTax: null,
    firstInsurancePremium: null,
    calculationError: null,
    calculatedAt: null,
    riskBaseline: null,
    qarGroup: null,
    specialClause: null,
    building: null,
    content: null,
    billing: null,
    mmu: null,
    mmp: null,
    lostProfit: null,
    lostProfitPeriod: null,
    cnaeRateId: null,
    cnae: null,
    cnaeDescription: null,
    cnaeRate: null,
    lmiTypeId: null,
    contractTypeId: null,
    activityTypeId: null,
    buildingTypeId: null,
    propertyTypeId: null,
    propertyClassificationTypeId: null,
    obligationTypeId: null,
    obligationTierId: null,
    obligationValue: null,
    updatedByUserId: ctx.user.userId,
  });
  if (!cleared) throw versionConflict(row);
  const base = { companyId: ctx.company.id, proposalId: row.id };
  const empty = ['beneficiaries', 'packages', 'coBrokers', 'objects', 'qars', 'clauses'] as const;
  for (const key of empty) await repo.replaceChildren(ctx.db, repo.tables[key], row.id, []);
  await repo.replaceChildren(
    ctx.db,
    repo.tables.coverages,
    row.id,
    modality.Coverages.filter((c) => c.IsActive).map((def, i) => ({
      ...base,
      coverageId: def.Id,
      name: def.Name,
      isAdditional: false,
      insuredAmount: '0.00',
      rate: def.Rate,
      sortOrder: i,
    })),
  );
  await history.recordChanges(
    ctx,
    proposalHistory.of(row.id),
    history.diffChanges(proposalHistory, audited(row), audited(cleared)),
  );
  const entry = {
    group: TimelineGroup.COTACAO,
    situation: TimelineSituation.COTACAO,
    status: TimelineStatus.CORRETOR,
    text: 'Cotação limpa: ficaram o ramo, a modalidade, o tomador e o segurado.',
  };
  // A quote (1) goes back to Em Cotação: its price went with the risk.
  let final = cleared;
  if (cleared.statusId === 1) final = await transitionProposal(ctx, cleared, 8, entry);
  else await recordTimeline(ctx, cleared, entry);
  return (await buildView(ctx, final)).view;
};

/** 8 → 1 (quote) and, for SendToAnalysis, 1 → 2 with the commission disclosure. */
const advance = async (ctx: UserContext, row: repo.ProposalRow, b: UpdateProposalBody) => {
  if (isInsurance(ctx.user.userType) && b.Action === 'SendToAnalysis')
    throw forbidden('Só a corretora envia a proposta para análise.');
  const children = await repo.childrenOf(ctx.db, row.id);
  const missing = completenessOf({ row, children, hasRiskChange: riskChanges(row, children).length > 0 });
  if (missing.length) throw invalidFields(422, missing);
  let current = row;
  if (current.statusId === 8)
    current = await transitionProposal(ctx, current, 1, {
      group: TimelineGroup.COTACAO,
      situation: TimelineSituation.COTACAO,
      status: TimelineStatus.APROVADO,
      text: 'Cotação concluída.',
    });
  if (b.Action !== 'SendToAnalysis') return current;
  if (current.statusId !== 1) throw unprocessable(messages.sendStatus);
  if (b.CommissionDisclosureConfirmed !== true)
    throw invalidFields(422, [
      { Field: 'CommissionDisclosureConfirmed', Message: proposalMessages.commissionDisclosure },
    ]);
  const pending = pendingRequired(await documents.listDocuments(ctx, ownerOfRow(current)));
  if (pending.length) throw unprocessable(messages.pendingDocuments(pending.map((d) => d.Name)));
  const sent = await transitionProposal(
    ctx,
    current,
    2,
    {
      group: TimelineGroup.PROPOSTA,
      situation: TimelineSituation.CADASTRO,
      status: TimelineStatus.SEGURADORA,
      text: 'Proposta enviada para análise da seguradora; comissão informada ao tomador (Res. CNSP 382/2020).',
    },
    {
      commissionDisclosureAt: new Date(),
      commissionDisclosureByUserId: ctx.user.userId,
      commissionDisclosureText: commissionDisclosureText(
        current.comissionPercentage ?? '0',
        current.comissionValue ?? '0',
      ),
      analysisStartedAt: current.analysisStartedAt ?? new Date(),
    },
  );
  // Sending the proposal sends the files attached to its documents to the insurer's analysis.
  await documents.submitAttached(ctx, ownerOfRow(sent));
  await startAnalysis(ctx, sent);
  return sent;
};
