import type {
  FinancialStatementInput,
  PolicyHolderBranch,
  PolicyHolderDetail,
  PolicyHolderSummary,
  SaveComplementarDataBody,
} from '@aval/contracts';
import { formatMoney, isInsurance, maskCep, Permission as P } from '@aval/domain';
import type { TenantContext, UserContext } from '../../context.js';
import { badRequest, forbidden, notFound } from '../../lib/errors.js';
import { hasAny } from '../../lib/permissions.js';
import { policyHolderScope } from '../../lib/visibility.js';
import * as history from '../change-history/index.js';
import { addressValues, toLocationView } from '../locations/index.js';
import { limitsOf, usedOf } from './policy-holders.limits.js';

export { limitsOverview } from './policy-holders.limits.js';

import * as repo from './policy-holders.repository.js';

type Row = repo.PolicyHolderRow;

// ---------------------------------------------------------------- access

/** The policy holder if the user may see it; 404 otherwise (existence is not revealed). */
/** Document-owner rule (documents/document-owners.ts): a policy holder the caller may see. */
export const mayReadDocuments = async (ctx: UserContext, policyHolderId: number) =>
  repo.isVisible(ctx.db, ctx.company.id, await policyHolderScope(ctx), policyHolderId);

export const getVisible = async (ctx: UserContext, uniqueId: string): Promise<Row> => {
  const row = await repo.findByUniqueId(ctx.db, ctx.company.id, uniqueId);
  if (!row || !(await repo.isVisible(ctx.db, ctx.company.id, await policyHolderScope(ctx), row.id))) {
    throw notFound('Tomador não encontrado.');
  }
  return row;
};

const canEdit = (ctx: UserContext) => hasAny(ctx, P.GERENCIAR_TOMADORES, P.GERENCIAR_TOMADORES_SEGURADORA);

// ---------------------------------------------------------------- history

/** The policy holder as owner of a change history. */
export const policyHolderHistory = history.historyOwnerType('PolicyHolder', 'Tomador', {
  Name: { label: 'Razão social' },
  TradeName: { label: 'Nome fantasia' },
  Email: { label: 'E-mail' },
  Phone: { label: 'Telefone' },
  Cnae: { label: 'CNAE' },
  CnaeDescription: { label: 'Descrição do CNAE' },
  FoundingDate: { label: 'Data de fundação', kind: 'date' },
  AnnualRevenue: { label: 'Faturamento anual', kind: 'money' },
  ShareCapital: { label: 'Capital social', kind: 'money' },
  Website: { label: 'Site' },
  IsBlocked: { label: 'Bloqueado', kind: 'bool' },
  IsRestrictiveBlocked: { label: 'Bloqueado por restritivos', kind: 'bool' },
  IgnoreCCGSignature: { label: 'Dispensa de assinatura de CCG', kind: 'bool' },
  Justification: { label: 'Justificativa' },
  Location: { label: 'Localização' },
  Branch: { label: 'Filial' },
  FinancialStatement: { label: 'Demonstrativo financeiro' },
  Limit: { label: 'Limite global', kind: 'money' },
  Rating: { label: 'Rating' },
  Nomination: { label: 'Nomeação' },
  LimitObservation: { label: 'Observação da solicitação de limite' },
  BranchActivity: { label: 'Ramo de atividade' },
  CCG: { label: 'CCG' },
  EconomicGroupLimit: { label: 'Limite do grupo econômico' },
});

const yesNo = (v: boolean) => (v ? 'Sim' : 'Não');

export const record = (ctx: UserContext, policyHolderId: number, changes: history.FieldChange[]) =>
  history.recordChanges(ctx, policyHolderHistory.of(policyHolderId), changes);

// ---------------------------------------------------------------- mapping

const toSummary = (r: repo.SummaryRow): PolicyHolderSummary => ({
  Id: r.holder.id,
  UniqueId: r.holder.uniqueId,
  Name: r.holder.name,
  Document: r.holder.document,
  TradeName: r.holder.tradeName,
  IsBlocked: r.holder.isBlocked,
  IsRestrictiveBlocked: r.holder.isRestrictiveBlocked,
  IgnoreCCGSignature: r.holder.ignoreCcgSignature,
  IsActive: r.holder.isActive,
  EconomicGroupId: r.holder.economicGroupId,
  EconomicGroupName: r.groupName,
  Rating: r.rating,
  CreatedAt: r.holder.createdAt.toISOString(),
});

const summaryOf = async (ctx: UserContext, id: number) => {
  const row = await repo.findSummary(ctx.db, ctx.company.id, id);
  if (!row) throw notFound('Tomador não encontrado.');
  return toSummary(row);
};

export const toBranch = (b: repo.BranchRow): PolicyHolderBranch => ({
  Id: b.id,
  UniqueId: b.uniqueId,
  BranchCnpj: b.branchCnpj,
  Branch: `${b.branchCnpj.slice(8, 12)}-${b.branchCnpj.slice(12)}`,
  CreatedAt: b.createdAt.toISOString(),
});

/** The registered branches (filiais) of a policy holder of the caller's company (for proposals). */
export const branchesOf = async (ctx: UserContext, policyHolderId: number) =>
  (await repo.listBranches(ctx.db, ctx.company.id, policyHolderId)).map(toBranch);

export const locationText = (l: {
  addressName: string;
  number?: string | null;
  cityId: number;
  zipCode: string;
}) => `${l.addressName}${l.number ? `, ${l.number}` : ''} — CEP ${maskCep(l.zipCode)} (cidade ${l.cityId})`;

// ---------------------------------------------------------------- reads

export const statementsOf = async (ctx: UserContext, id: number) =>
  (await repo.listStatements(ctx.db, ctx.company.id, id)).map((s) => ({
    Id: s.id,
    Year: s.year,
    Revenue: s.revenue,
    Equity: s.equity,
    NetIncome: s.netIncome,
    Indebtedness: s.indebtedness,
  }));

export const getPolicyHolderDetail = async (
  ctx: UserContext,
  uniqueId: string,
): Promise<PolicyHolderDetail> => {
  const holder = await getVisible(ctx, uniqueId);
  return detailOf(ctx, holder);
};

const detailOf = async (ctx: UserContext, holder: Row): Promise<PolicyHolderDetail> => {
  const [summary, locations, branches, limits, statements] = [
    await summaryOf(ctx, holder.id),
    await repo.listLocations(ctx.db, ctx.company.id, holder.id),
    await repo.listBranches(ctx.db, ctx.company.id, holder.id),
    await limitsOf(ctx, holder),
    await statementsOf(ctx, holder.id),
  ];
  const insurer = isInsurance(ctx.user.userType);
  return {
    ...summary,
    Email: holder.email,
    Phone: holder.phone,
    Cnae: holder.cnae,
    CnaeDescription: holder.cnaeDescription,
    FoundingDate: holder.foundingDate,
    AnnualRevenue: holder.annualRevenue,
    ShareCapital: holder.shareCapital,
    Website: holder.website,
    Locations: locations.map((l) => ({ ...toLocationView(l), UniqueId: l.uniqueId })),
    Branches: branches.map(toBranch),
    LimitsAndRates: limits,
    FinancialStatements: statements,
    Permissions: {
      CanEdit: canEdit(ctx),
      CanToggleBlocked: insurer && hasAny(ctx, P.GERENCIAR_TOMADORES_SEGURADORA),
      CanToggleRestrictive: insurer && hasAny(ctx, P.BLOQUEAR_RESTRITIVOS_DO_TOMADOR),
      CanToggleIgnoreCCG: insurer && hasAny(ctx, P.IGNORAR_ASSINATURA_DE_CCG),
      CanCalculateLimits: insurer && hasAny(ctx, P.GERENCIAR_TOMADORES_SEGURADORA),
    },
  };
};

export const searchRelated = async (
  ctx: UserContext,
  q: {
    policyHolderName?: string;
    policyHolderDocument?: string;
    isBlocked?: boolean;
    isActive?: boolean;
    economicGroupId?: number;
    orderBy?: repo.SortColumn;
    orderDirection?: 'asc' | 'desc';
    currentPage: number;
    rowsPerPage: number;
  },
) => {
  const { rows, total } = await repo.searchPolicyHolders(
    ctx.db,
    ctx.company.id,
    await policyHolderScope(ctx),
    {
      name: q.policyHolderName,
      document: q.policyHolderDocument,
      isBlocked: q.isBlocked,
      isActive: q.isActive,
      economicGroupId: q.economicGroupId,
    },
    { offset: (q.currentPage - 1) * q.rowsPerPage, limit: q.rowsPerPage },
    { column: q.orderBy, direction: q.orderDirection },
  );
  return { Data: rows.map(toSummary), Total: total, CurrentPage: q.currentPage, RowsPerPage: q.rowsPerPage };
};

export const searchByText = async (ctx: UserContext, text: string, ignoreInactive: boolean) => {
  const { rows } = await repo.searchPolicyHolders(
    ctx.db,
    ctx.company.id,
    await policyHolderScope(ctx),
    { text, isActive: ignoreInactive ? true : undefined },
    { offset: 0, limit: 20 },
  );
  return rows.map(toSummary);
};

const resolveHolderRef = async (ctx: UserContext, ref: string) => {
  const row = /^\d+$/.test(ref)
    ? await repo.findById(ctx.db, ctx.company.id, Number(ref))
    : /^[0-9a-f-]{36}$/i.test(ref)
      ? await repo.findByUniqueId(ctx.db, ctx.company.id, ref)
      : undefined;
  if (!row) throw notFound('Tomador não encontrado.');
  return getVisible(ctx, row.uniqueId);
};

export const getHistory = async (ctx: UserContext, ref: string) => {
  const holder = await resolveHolderRef(ctx, ref);
  return history.listChangeHistory(ctx, { types: [policyHolderHistory], ownerIds: [holder.id] });
};

// ---------------------------------------------------------------- changes

export const updateName = async (ctx: UserContext, uniqueId: string, name: string) => {
  const holder = await getVisible(ctx, uniqueId);
  if (holder.name !== name) {
    await repo.updatePolicyHolder(ctx.db, ctx.company.id, holder.id, { name });
    await record(ctx, holder.id, [{ field: 'Name', old: holder.name, new: name }]);
  }
  return summaryOf(ctx, holder.id);
};

export const saveComplementarData = async (ctx: UserContext, body: SaveComplementarDataBody) => {
  const holder = await getVisible(ctx, body.PolicyHolderUniqueId);
  const given = <T>(v: T | undefined, f: (x: T) => string | null = (x) => x as string | null) =>
    v === undefined ? undefined : f(v);
  const next = {
    tradeName: given(body.TradeName),
    email: given(body.Email),
    phone: given(body.Phone),
    cnae: given(body.Cnae, (v) => (v ? v.replace(/\D/g, '') : null)),
    cnaeDescription: given(body.CnaeDescription),
    foundingDate: given(body.FoundingDate, (v) => v ?? null),
    annualRevenue: given(body.AnnualRevenue, (v) => v ?? null),
    shareCapital: given(body.ShareCapital, (v) => v ?? null),
    website: given(body.Website),
  };
  const changes = history.diffChanges(
    policyHolderHistory,
    {
      TradeName: holder.tradeName,
      Email: holder.email,
      Phone: holder.phone,
      Cnae: holder.cnae,
      CnaeDescription: holder.cnaeDescription,
      FoundingDate: holder.foundingDate,
      Website: holder.website,
      AnnualRevenue: holder.annualRevenue,
      ShareCapital: holder.shareCapital,
    },
    {
      TradeName: next.tradeName,
      Email: next.email,
      Phone: next.phone,
      Cnae: next.cnae,
      CnaeDescription: next.cnaeDescription,
      FoundingDate: next.foundingDate,
      Website: next.website,
      AnnualRevenue: next.annualRevenue,
      ShareCapital: next.shareCapital,
    },
  );
  // Every location is checked (city in its state) before anything is written.
  const addresses = (body.Locations ?? []).map((l) => addressValues(l));
  await repo.updatePolicyHolder(ctx.db, ctx.company.id, holder.id, next);

  if (body.Locations?.length) {
    const existing = await repo.listLocations(ctx.db, ctx.company.id, holder.id);
    const mains = body.Locations.filter((l) => l.IsMain).length;
    if (mains > 1) throw badRequest('Informe apenas uma localização principal.');
    if (mains === 1) await repo.clearMainLocation(ctx.db, ctx.company.id, holder.id);
    for (const [i, l] of body.Locations.entries()) {
      const values = {
        ...addresses[i]!,
        isMain: l.IsMain ?? (existing.length === 0 && body.Locations.indexOf(l) === 0),
      };
      if (l.Id) {
        const before = existing.find((e) => e.id === l.Id);
        if (!before) throw notFound('Localização não encontrada.');
        await repo.updateLocation(ctx.db, ctx.company.id, l.Id, values);
        changes.push({ field: 'Location', old: locationText(before), new: locationText(values) });
      } else {
        await repo.insertLocation(ctx.db, {
          ...values,
          companyId: ctx.company.id,
          policyHolderId: holder.id,
        });
        changes.push({ field: 'Location', old: null, new: locationText(values) });
      }
    }
  }
  if (body.FinancialStatements?.length) {
    await saveStatements(ctx, holder.id, body.FinancialStatements, changes);
  }
  await record(ctx, holder.id, changes);
  return detailOf(ctx, (await repo.findById(ctx.db, ctx.company.id, holder.id))!);
};

const statementText = (s: FinancialStatementInput) =>
  `${s.Year}: receita ${formatMoney(s.Revenue)}, PL ${formatMoney(s.Equity)}, lucro ${formatMoney(s.NetIncome)}, endividamento ${formatMoney(s.Indebtedness)}`;

const saveStatements = async (
  ctx: UserContext,
  policyHolderId: number,
  statements: FinancialStatementInput[],
  changes: history.FieldChange[],
) => {
  const years = new Set(statements.map((s) => s.Year));
  if (years.size !== statements.length) throw badRequest('Informe cada exercício apenas uma vez.');
  const before = await repo.listStatements(ctx.db, ctx.company.id, policyHolderId);
  for (const s of statements) {
    const old = before.find((b) => b.year === s.Year);
    await repo.upsertStatement(ctx.db, {
      companyId: ctx.company.id,
      policyHolderId,
      year: s.Year,
      revenue: s.Revenue,
      equity: s.Equity,
      netIncome: s.NetIncome,
      indebtedness: s.Indebtedness,
      createdByUserId: ctx.user.userId,
    });
    changes.push({
      field: 'FinancialStatement',
      old: old
        ? statementText({
            Year: old.year,
            Revenue: old.revenue,
            Equity: old.equity,
            NetIncome: old.netIncome,
            Indebtedness: old.indebtedness,
          })
        : null,
      new: statementText(s),
    });
  }
};

type Flag = 'isBlocked' | 'isRestrictiveBlocked' | 'ignoreCcgSignature';
const flagField: Record<Flag, string> = {
  isBlocked: 'IsBlocked',
  isRestrictiveBlocked: 'IsRestrictiveBlocked',
  ignoreCcgSignature: 'IgnoreCCGSignature',
};

/** The three insurer-only toggles (permissions checked by the route: 29, 19, 17). */
export const toggleFlag = async (
  ctx: UserContext,
  uniqueId: string,
  flag: Flag,
  justification: string | null,
) => {
  if (!isInsurance(ctx.user.userType)) throw forbidden('Somente a seguradora pode alterar esta situação.');
  const holder = await getVisible(ctx, uniqueId);
  const value = !holder[flag];
  await repo.updatePolicyHolder(ctx.db, ctx.company.id, holder.id, { [flag]: value });
  const entries: history.FieldChange[] = [{ field: flagField[flag], old: yesNo(!value), new: yesNo(value) }];
  if (justification) entries.push({ field: 'Justification', old: null, new: justification });
  await record(ctx, holder.id, entries);
  return summaryOf(ctx, holder.id);
};

export const canEditHolder = canEdit;

/** The exposure ledger, for proposals, issuance, endorsements and cancellations (see ledger functions). */
export {
  adjustForEndorsement,
  convertToPolicy,
  outstanding,
  policyOutstanding,
  proposalReserved,
  releaseForCancellation,
  releaseForProposal,
  reserveForProposal,
} from './policy-holders.exposures.js';

/** Issuance (7 → 3): the holder's CCG is signed (status 4) and/or its signature is waived (permission 17 flag). */
export const ccgSignatureState = async (
  ctx: Pick<TenantContext, 'db' | 'company'>,
  policyHolderId: number,
) => {
  const holder = await repo.findById(ctx.db, ctx.company.id, policyHolderId);
  const signed = await repo.findCcg(ctx.db, ctx.company.id, { signedOf: policyHolderId });
  return { signed: signed !== undefined, ignored: holder?.ignoreCcgSignature ?? false };
};

/** The policy holder row by id, without a visibility check (callers scope the record that names it). */
export const findHolderById = (ctx: Pick<UserContext, 'db' | 'company'>, id: number) =>
  repo.findById(ctx.db, ctx.company.id, id);

/** A holder's economic group with its limit, use (exposure ledger) and members (GRUPO_ECONOMICO card). */
export const economicGroupPicture = async (ctx: UserContext, policyHolderId: number) => {
  const holder = await repo.findById(ctx.db, ctx.company.id, policyHolderId);
  if (!holder) throw notFound('Tomador não encontrado.');
  const limits = await limitsOf(ctx, holder);
  const group = holder.economicGroupId
    ? await repo.findGroup(ctx.db, ctx.company.id, holder.economicGroupId)
    : undefined;
  const memberIds = group ? await repo.groupMemberIds(ctx.db, ctx.company.id, group.id) : [];
  const members = await repo.findByIds(ctx.db, ctx.company.id, memberIds);
  const used = await usedOf(ctx, memberIds);
  return {
    holder,
    holderAvailable: limits.Global.Available,
    group:
      group && limits.EconomicGroup
        ? {
            Id: group.id,
            UniqueId: group.uniqueId,
            Name: group.name,
            Limit: limits.EconomicGroup.Limit,
            Used: limits.EconomicGroup.Used,
            Available: limits.EconomicGroup.Available,
            Members: members.map((m) => ({
              Id: m.id,
              UniqueId: m.uniqueId,
              Name: m.name,
              Document: m.document,
              Used: used.total.get(m.id)?.toFixed(2) ?? '0.00',
            })),
          }
        : null,
  };
};

/** Sets (or clears: the members' sum) the aggregate limit of the holder's economic group, with history. */
export const setEconomicGroupLimit = async (
  ctx: UserContext,
  policyHolderId: number,
  limit: string | null,
) => {
  const holder = await repo.findById(ctx.db, ctx.company.id, policyHolderId);
  if (!holder?.economicGroupId) throw notFound('O tomador não pertence a um grupo econômico.');
  const group = await repo.findGroup(ctx.db, ctx.company.id, holder.economicGroupId);
  await repo.setGroupLimit(ctx.db, ctx.company.id, holder.economicGroupId, limit);
  await record(ctx, holder.id, [
    {
      field: 'EconomicGroupLimit',
      old: group?.limitAmount ? formatMoney(group.limitAmount) : 'Soma dos limites dos membros',
      new: limit ? formatMoney(limit) : 'Soma dos limites dos membros',
    },
  ]);
};
