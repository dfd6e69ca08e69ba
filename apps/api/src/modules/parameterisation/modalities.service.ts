import type {
  Branch,
  ChangeHistoryEntry,
  ComplementaryModality,
  InsertModalityBody,
  ModalityDetail,
  ModalityGroup,
  ModalitySummary,
  UpdateModalityBody,
} from '@aval/contracts';
import { type ModalityLimits, modalityLimitErrors, Permission } from '@aval/domain';
import type { UserContext } from '../../context.js';
import { badRequest, conflict, notFound, unprocessable } from '../../lib/errors.js';
import * as coveragesRepo from './coverages.repository.js';
import * as installmentsRepo from './installments.repository.js';
import { insurerTagParty } from './insurer-record.service.js';
import { modalityHistory, recordChanges, recordEvent } from './parameterisation.history.js';
import {
  modalityAuditFields,
  toBranch,
  toClause,
  toComplementary,
  toCoverage,
  toInstallmentParameter,
  toModalitySummary,
  toRequestDocument,
  toTerm,
} from './parameterisation.mapper.js';
import * as repo from './parameterisation.repository.js';
import * as documentsRepo from './request-documents.repository.js';
import { sampleTagContext } from './rich-text.js';
import * as termsRepo from './terms.repository.js';

const canManage = (ctx: UserContext) => ctx.user.permissions.has(Permission.PARAMETRIZAR_SEGURADORA);

// ---------------------------------------------------------------- reads for other modules

type Scoped = Pick<UserContext, 'db' | 'company'>;

/** Active modalities in (sort order, name) order; `suretyRated`: those a policy holder gets a rate for. */
export const activeModalities = (ctx: Scoped, f: { suretyRated?: boolean } = {}) =>
  repo.listActiveModalities(ctx.db, ctx.company.id, f);

/** Name and branch code of modalities by id (inactive ones too), in catalogue order (branch, sort order, name). */
export const modalityLabels = async (ctx: Scoped, ids: readonly number[]) =>
  (await repo.listModalities(ctx.db, ctx.company.id, { ids: [...new Set(ids)], includeInactive: true })).map(
    (r) => ({ id: r.modality.id, name: r.modality.name, branchCode: r.branchCode }),
  );

// ---------------------------------------------------------------- branches and modalities

export const getBranchOr404 = async (ctx: UserContext, id: number) => {
  const branch = await repo.findBranch(ctx.db, ctx.company.id, id);
  if (!branch) throw notFound('Ramo não encontrado.');
  return branch;
};

export const getModalityOr404 = async (ctx: UserContext, id: number) => {
  const modality = await repo.findModality(ctx.db, ctx.company.id, id);
  if (!modality) throw notFound('Modalidade não encontrada.');
  return modality;
};

export const getModalityByUniqueIdOr404 = async (ctx: UserContext, uniqueId: string) => {
  const modality = await repo.findModalityByUniqueId(ctx.db, ctx.company.id, uniqueId);
  if (!modality) throw notFound('Modalidade não encontrada.');
  return modality;
};

export const getAllCompanyBranch = async (ctx: UserContext): Promise<Branch[]> =>
  (await repo.listBranches(ctx.db, ctx.company.id)).filter((b) => b.isActive || canManage(ctx)).map(toBranch);

export const getModalitiesByBranch = async (
  ctx: UserContext,
  branchId: number,
  includeInactive: boolean,
): Promise<ModalitySummary[]> => {
  await getBranchOr404(ctx, branchId);
  const rows = await repo.listModalities(ctx.db, ctx.company.id, {
    branchId,
    includeInactive: includeInactive && canManage(ctx),
  });
  return rows.map(toModalitySummary);
};

export const getModalitiesGroups = async (
  ctx: UserContext,
  branchId: number | undefined,
  includeInactive: boolean,
): Promise<ModalityGroup[]> => {
  const groups = await repo.listGroups(ctx.db, ctx.company.id, branchId);
  const mods = await repo.listModalities(ctx.db, ctx.company.id, {
    branchId,
    includeInactive: includeInactive && canManage(ctx),
  });
  return groups.map(({ group, branchCode }) => ({
    Id: group.id,
    ModalityGroupUniqueId: group.uniqueId,
    BranchId: group.branchId,
    BranchCode: branchCode,
    Name: group.name,
    Description: group.description,
    Order: group.sortOrder,
    Modalities: mods.filter((m) => m.group.id === group.id).map(toModalitySummary),
  }));
};

export const getModalitiesByGroup = async (
  ctx: UserContext,
  groupUniqueId: string,
  includeInactive: boolean,
): Promise<ModalitySummary[]> => {
  const group = await repo.findGroupByUniqueId(ctx.db, ctx.company.id, groupUniqueId);
  if (!group) throw notFound('Grupo de modalidades não encontrado.');
  const rows = await repo.listModalities(ctx.db, ctx.company.id, {
    groupId: group.id,
    includeInactive: includeInactive && canManage(ctx),
  });
  return rows.map(toModalitySummary);
};

/** The modality with every item the screens and the proposals need. */
export const getModality = async (ctx: UserContext, id: number): Promise<ModalityDetail> => {
  const joined = await repo.findModalityJoined(ctx.db, ctx.company.id, id);
  if (!joined) throw notFound('Modalidade não encontrada.');
  const cid = ctx.company.id;
  const tagContext = sampleTagContext(await insurerTagParty(ctx), joined.modality.name);
  const coverages = await coveragesRepo.listCoverages(ctx.db, cid, id);
  const complementary = await repo.listComplementary(ctx.db, cid, { modalityId: id });
  const terms = await termsRepo.listTerms(ctx.db, cid, { modalityId: id });
  const clauses = await termsRepo.listClauses(ctx.db, cid, id, false);
  const docs = await documentsRepo.listRequestDocuments(ctx.db, cid, {
    modalityId: id,
    includeDeleted: true,
  });
  const links = await installmentsRepo.listInstallmentLinks(ctx.db, cid, { modalityId: id });
  const link = links[0];
  const parameter = link
    ? await installmentsRepo.findInstallmentParameter(ctx.db, cid, link.link.installmentParameterId)
    : undefined;
  const { Modalities: _omit, ...installment } = parameter
    ? toInstallmentParameter(parameter, [])
    : { Modalities: [] };
  return {
    ...toModalitySummary(joined),
    Coverages: coverages.filter((c) => !c.isAdditional).map(toCoverage),
    AdditionalCoverages: coverages.filter((c) => c.isAdditional).map(toCoverage),
    ComplementaryModalities: complementary.map(toComplementary),
    ContractualTerms: terms.map((t) => toTerm(t, tagContext)),
    ParticularClauses: clauses.map((c) => toClause(c, tagContext)),
    RequestDocuments: docs.map(toRequestDocument),
    InstallmentParameter: parameter ? (installment as ModalityDetail['InstallmentParameter']) : null,
  };
};

/** Consistency of the limits (400 with every broken rule; the rules live in @aval/domain). */
const checkModality = (v: ModalityLimits) => {
  const errors = modalityLimitErrors(v);
  if (errors.length) throw badRequest(errors);
};

const resolveGroup = async (
  ctx: UserContext,
  branchId: number,
  groupId: number | undefined,
  newGroupName: string | undefined,
) => {
  if (groupId) {
    const group = await repo.findGroup(ctx.db, ctx.company.id, groupId);
    if (!group) throw notFound('Grupo de modalidades não encontrado.');
    if (group.branchId !== branchId)
      throw badRequest('O grupo informado não pertence ao ramo da modalidade.');
    return group;
  }
  const name = newGroupName as string;
  const existing = await repo.findGroupByName(ctx.db, ctx.company.id, branchId, name);
  if (existing) return existing;
  return repo.insertGroup(ctx.db, { companyId: ctx.company.id, branchId, name });
};

export const insertModality = async (ctx: UserContext, body: InsertModalityBody): Promise<ModalityDetail> => {
  const branch = await getBranchOr404(ctx, body.BranchId);
  const values = {
    name: body.Name,
    description: body.Description ?? null,
    susepCode: body.SusepCode ?? null,
    maxInsuredAmount: body.MaxInsuredAmountValue ?? null,
    minInsuredAmount: body.MinInsuredAmountValue ?? null,
    automaticApprovalLimit: body.AutomaticApprovalLimit ?? null,
    minPremium: body.MinInsurancePremium,
    defaultRate: body.DefaultRate ?? null,
    minCommissionPercentage: body.MinComissionPercentage,
    maxCommissionPercentage: body.MaxComissionPercentage,
    retroactiveDays: body.RetroactiveDays,
    futureDays: body.FutureDays,
    minPeriodDays: body.MinPeriodInDays,
    maxPeriodDays: body.MaxPeriodInDays,
    isComplementary: body.IsComplementary,
    automaticCancel: body.AutomaticCancel,
    daysAfterDueDate: body.DaysAfterDueDate ?? null,
    canHaveBeneficiaryPf: body.CanHaveBeneficiaryPF,
    isActive: body.IsActive,
    sortOrder: body.Order,
  };
  checkModality(values);
  if (await repo.findModalityByName(ctx.db, ctx.company.id, branch.id, body.Name))
    throw conflict(`Já existe uma modalidade "${body.Name}" no ramo ${branch.code}.`);
  const group = await resolveGroup(ctx, branch.id, body.ModalityGroupId, body.NewModalityGroupName);
  const created = await repo.insertModality(ctx.db, {
    ...values,
    companyId: ctx.company.id,
    branchId: branch.id,
    groupId: group.id,
  });
  await recordEvent(
    ctx,
    { entity: 'Modality', entityId: created.id, modalityId: created.id },
    'Created',
    created.name,
  );
  return getModality(ctx, created.id);
};

export const updateModality = async (ctx: UserContext, body: UpdateModalityBody): Promise<ModalityDetail> => {
  const current = await getModalityOr404(ctx, body.Id);
  const pick = <T>(v: T | undefined, fallback: T): T => (v === undefined ? fallback : v);
  const next = {
    name: pick(body.Name, current.name),
    description: pick(body.Description, current.description) ?? null,
    susepCode: pick(body.SusepCode, current.susepCode) ?? null,
    groupId: pick(body.ModalityGroupId, current.groupId),
    maxInsuredAmount: pick(body.MaxInsuredAmountValue, current.maxInsuredAmount) ?? null,
    minInsuredAmount: pick(body.MinInsuredAmountValue, current.minInsuredAmount) ?? null,
    automaticApprovalLimit: pick(body.AutomaticApprovalLimit, current.automaticApprovalLimit) ?? null,
    minPremium: pick(body.MinInsurancePremium, current.minPremium),
    defaultRate: pick(body.DefaultRate, current.defaultRate) ?? null,
    minCommissionPercentage: pick(body.MinComissionPercentage, current.minCommissionPercentage),
    maxCommissionPercentage: pick(body.MaxComissionPercentage, current.maxCommissionPercentage),
    retroactiveDays: pick(body.RetroactiveDays, current.retroactiveDays),
    futureDays: pick(body.FutureDays, current.futureDays),
    minPeriodDays: pick(body.MinPeriodInDays, current.minPeriodDays),
    maxPeriodDays: pick(body.MaxPeriodInDays, current.maxPeriodDays),
    isComplementary: pick(body.IsComplementary, current.isComplementary),
    automaticCancel: pick(body.AutomaticCancel, current.automaticCancel),
    daysAfterDueDate: pick(body.DaysAfterDueDate, current.daysAfterDueDate) ?? null,
    canHaveBeneficiaryPf: pick(body.CanHaveBeneficiaryPF, current.canHaveBeneficiaryPf),
    isActive: pick(body.IsActive, current.isActive),
    sortOrder: pick(body.Order, current.sortOrder),
  };
  checkModality(next);
  if (next.name !== current.name) {
    const clash = await repo.findModalityByName(ctx.db, ctx.company.id, current.branchId, next.name);
    if (clash && clash.id !== current.id)
      throw conflict(`Já existe uma modalidade "${next.name}" neste ramo.`);
  }
  const groupNames: Record<number, string> = {};
  if (next.groupId !== current.groupId) {
    const group = await resolveGroup(ctx, current.branchId, next.groupId, undefined);
    const old = await repo.findGroup(ctx.db, ctx.company.id, current.groupId);
    groupNames[current.groupId] = old?.name ?? String(current.groupId);
    groupNames[group.id] = group.name;
  }
  const updated = await repo.updateModality(ctx.db, ctx.company.id, current.id, next);
  if (!updated) throw notFound('Modalidade não encontrada.');
  await recordChanges(
    ctx,
    { entity: 'Modality', entityId: current.id, modalityId: current.id },
    modalityAuditFields(current),
    modalityAuditFields(updated),
    next.groupId !== current.groupId
      ? {
          ModalityGroupId: {
            old: groupNames[current.groupId] ?? null,
            new: groupNames[next.groupId] ?? null,
          },
        }
      : {},
  );
  return getModality(ctx, current.id);
};

export const getModalityChangeHistory = async (
  ctx: UserContext,
  modalityId: number,
): Promise<ChangeHistoryEntry[]> => {
  await getModalityOr404(ctx, modalityId);
  return modalityHistory(ctx, modalityId);
};

/* Complementary modalities */

export const getComplementaryModalities = async (
  ctx: UserContext,
  modalityId: number | undefined,
  onlyActive: boolean,
): Promise<ComplementaryModality[]> =>
  (await repo.listComplementary(ctx.db, ctx.company.id, { modalityId, onlyActive })).map(toComplementary);

const complementaryById = async (ctx: UserContext, id: number) => {
  const [row] = await repo.listComplementary(ctx.db, ctx.company.id, { id });
  if (!row) throw notFound('Vínculo de modalidade complementar não encontrado.');
  return row;
};

export const insertComplementaryModality = async (
  ctx: UserContext,
  modalityId: number,
  complementaryModalityId: number,
): Promise<ComplementaryModality> => {
  if (modalityId === complementaryModalityId)
    throw badRequest('Uma modalidade não pode complementar a si mesma.');
  const modality = await getModalityOr404(ctx, modalityId);
  const complementary = await repo.findModality(ctx.db, ctx.company.id, complementaryModalityId);
  if (!complementary) throw notFound('Modalidade complementar não encontrada.');
  if (!complementary.isComplementary)
    throw unprocessable(
      `A modalidade "${complementary.name}" não está marcada como modalidade complementar.`,
    );
  const audit = { entity: 'ComplementaryModality' as const, modalityId: modality.id };
  const existing = await repo.findComplementaryPair(ctx.db, ctx.company.id, modality.id, complementary.id);
  if (existing?.isActive) throw conflict('Esta modalidade complementar já está vinculada à modalidade.');
  if (existing) {
    await repo.setComplementaryActive(ctx.db, ctx.company.id, existing.id, true);
    await recordChanges(ctx, { ...audit, entityId: existing.id }, { IsActive: false }, { IsActive: true });
    return toComplementary(await complementaryById(ctx, existing.id));
  }
  const created = await repo.insertComplementary(ctx.db, {
    companyId: ctx.company.id,
    modalityId: modality.id,
    complementaryModalityId: complementary.id,
  });
  await recordEvent(ctx, { ...audit, entityId: created.id }, 'Created', complementary.name);
  return toComplementary(await complementaryById(ctx, created.id));
};

export const enableDisableComplementaryModality = async (
  ctx: UserContext,
  id: number,
): Promise<ComplementaryModality> => {
  const row = await complementaryById(ctx, id);
  const isActive = !row.link.isActive;
  await repo.setComplementaryActive(ctx.db, ctx.company.id, id, isActive);
  await recordChanges(
    ctx,
    { entity: 'ComplementaryModality', entityId: id, modalityId: row.link.modalityId },
    { IsActive: row.link.isActive },
    { IsActive: isActive },
  );
  return toComplementary(await complementaryById(ctx, id));
};

/** The CNAE rates of a (property) modality, for the proposals' property quote. */
export const cnaeRatesOf = (ctx: Scoped, modalityId: number) =>
  repo.listCnaeRates(ctx.db, ctx.company.id, modalityId);
