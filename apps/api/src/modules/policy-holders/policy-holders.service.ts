import {
  type FinancialStatementInput,
  NominationStatus,
  nominationStatusLabels,
  type PolicyHolderBranch,
  type PolicyHolderDetail,
  type PolicyHolderLimits,
  type PolicyHolderNomination,
  type PolicyHolderSummary,
  type PolicyHolderValidation,
  type SaveComplementarDataBody,
} from '@aval/contracts';
import {
  calculateCreditLimit,
  cnpjCheckDigits,
  Dec,
  formatMoney,
  isBroker,
  isInsurance,
  isValidCnpj,
  maskCep,
  maskCnpj,
  Permission as P,
  toDec,
} from '@aval/domain';
import type { UserContext } from '../../context.js';
import { badRequest, conflict, forbidden, notFound, unprocessable } from '../../lib/errors.js';
import { policyHolderScope } from '../../lib/visibility.js';
import { brokerIdByUniqueId } from '../brokers/brokers.service.js';
import * as history from '../change-history/change-history.service.js';
import { addressValues, toLocationView } from '../locations/locations.service.js';
import * as users from '../users/users.service.js';
import * as repo from './policy-holders.repository.js';

type Row = repo.PolicyHolderRow;

// ---------------------------------------------------------------- access

/** The policy holder if the user may see it; 404 otherwise (existence is not revealed). */
export const getVisible = async (ctx: UserContext, uniqueId: string): Promise<Row> => {
  const row = await repo.findByUniqueId(ctx.db, ctx.company.id, uniqueId);
  if (!row || !(await repo.isVisible(ctx.db, ctx.company.id, await policyHolderScope(ctx), row.id))) {
    throw notFound('Tomador não encontrado.');
  }
  return row;
};

const has = (ctx: UserContext, ...ids: number[]) => ids.some((id) => ctx.user.permissions.has(id as never));
const canEdit = (ctx: UserContext) => has(ctx, P.GERENCIAR_TOMADORES, P.GERENCIAR_TOMADORES_SEGURADORA);

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
});

const yesNo = (v: boolean) => (v ? 'Sim' : 'Não');
const moneyText = (v: string | null | undefined) => (v === null || v === undefined ? null : formatMoney(v));

const record = (ctx: UserContext, policyHolderId: number, changes: history.FieldChange[]) =>
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

const toBranch = (b: repo.BranchRow): PolicyHolderBranch => ({
  Id: b.id,
  UniqueId: b.uniqueId,
  BranchCnpj: b.branchCnpj,
  Branch: `${b.branchCnpj.slice(8, 12)}-${b.branchCnpj.slice(12)}`,
  CreatedAt: b.createdAt.toISOString(),
});

const locationText = (l: { addressName: string; number?: string | null; cityId: number; zipCode: string }) =>
  `${l.addressName}${l.number ? `, ${l.number}` : ''} — CEP ${maskCep(l.zipCode)} (cidade ${l.cityId})`;

// ---------------------------------------------------------------- limits and utilisation

export const USAGE_SOURCE =
  'Utilizado = soma da importância segurada em aberto (exposições registradas; apólices emitidas e propostas aprovadas entrarão nesta soma quando existirem).';

const sumDec = (values: (string | null | undefined)[]) =>
  values.reduce((acc: Dec, v) => (v ? acc.add(toDec(v)) : acc), new Dec(0));
const nonNegative = (v: Dec) => Dec.max(0, v);
const m2 = (v: Dec) => v.toFixed(2);

/** Outstanding IS per policy holder (total and by modality). */
export const usedOf = async (ctx: Pick<UserContext, 'db' | 'company'>, ids: number[]) => {
  const rows = await repo.exposuresOf(ctx.db, ctx.company.id, ids);
  const total = new Map<number, Dec>();
  const byModality = new Map<string, Dec>();
  for (const r of rows) {
    const amount = toDec(r.amount ?? '0');
    total.set(r.policyHolderId, (total.get(r.policyHolderId) ?? new Dec(0)).add(amount));
    if (r.modalityId !== null) byModality.set(`${r.policyHolderId}:${r.modalityId}`, amount);
  }
  return { total, byModality };
};

export const limitsOf = async (ctx: UserContext, holder: Row): Promise<PolicyHolderLimits> => {
  const groupIds = holder.economicGroupId
    ? await repo.groupMemberIds(ctx.db, ctx.company.id, holder.economicGroupId)
    : [holder.id];
  const ids = groupIds.includes(holder.id) ? groupIds : [...groupIds, holder.id];
  const limits = await repo.listLimits(ctx.db, ctx.company.id, ids);
  const used = await usedOf(ctx, ids);
  const own = limits.filter((l) => l.limit.policyHolderId === holder.id);
  const global = own.find((l) => l.limit.modalityId === null);
  const globalLimit = toDec(global?.limit.limitAmount ?? '0');
  const globalUsed = used.total.get(holder.id) ?? new Dec(0);
  const globalAvailable = nonNegative(globalLimit.sub(globalUsed));

  let group: PolicyHolderLimits['EconomicGroup'] = null;
  let effective = globalAvailable;
  if (holder.economicGroupId) {
    const g = await repo.findGroup(ctx.db, ctx.company.id, holder.economicGroupId);
    if (g) {
      const memberLimits = limits.filter((l) => l.limit.modalityId === null).map((l) => l.limit.limitAmount);
      const gLimit = g.limitAmount ? toDec(g.limitAmount) : sumDec(memberLimits);
      const gUsed = groupIds.reduce((acc, id) => acc.add(used.total.get(id) ?? 0), new Dec(0));
      const gAvailable = nonNegative(gLimit.sub(gUsed));
      group = {
        Id: g.id,
        UniqueId: g.uniqueId,
        Name: g.name,
        Members: groupIds.length,
        Limit: m2(gLimit),
        Used: m2(gUsed),
        Available: m2(gAvailable),
      };
      effective = Dec.min(effective, gAvailable);
    }
  }

  return {
    PolicyHolderUniqueId: holder.uniqueId,
    Rating: global?.limit.rating ?? null,
    Score: global?.limit.score ?? null,
    CalculatedAt: global?.limit.calculatedAt.toISOString() ?? null,
    CalculatedByName: global?.limit.calculatedByUserId
      ? ((await users.userNames(ctx, [global.limit.calculatedByUserId])).get(
          global.limit.calculatedByUserId,
        ) ?? null)
      : null,
    Global: { Limit: m2(globalLimit), Used: m2(globalUsed), Available: m2(globalAvailable) },
    EconomicGroup: group,
    EffectiveAvailable: m2(effective),
    Modalities: own
      .filter((l) => l.limit.modalityId !== null)
      .map((l) => {
        const limit = l.limit.limitAmount ? toDec(l.limit.limitAmount) : globalLimit;
        const u = used.byModality.get(`${holder.id}:${l.limit.modalityId}`) ?? new Dec(0);
        return {
          ModalityId: l.limit.modalityId!,
          ModalityName: l.modalityName ?? `Modalidade ${l.limit.modalityId}`,
          BranchCode: l.branchCode ?? null,
          Limit: m2(limit),
          Used: m2(u),
          Available: m2(Dec.min(nonNegative(limit.sub(u)), effective)),
          Rate: l.limit.rate,
          HasOwnLimit: l.limit.limitAmount !== null,
        };
      }),
    UsageSource: USAGE_SOURCE,
  };
};

// ---------------------------------------------------------------- reads

const statementsOf = async (ctx: UserContext, id: number) =>
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
      CanToggleBlocked: insurer && has(ctx, P.GERENCIAR_TOMADORES_SEGURADORA),
      CanToggleRestrictive: insurer && has(ctx, P.BLOQUEAR_RESTRITIVOS_DO_TOMADOR),
      CanToggleIgnoreCCG: insurer && has(ctx, P.IGNORAR_ASSINATURA_DE_CCG),
      CanCalculateLimits: insurer && has(ctx, P.GERENCIAR_TOMADORES_SEGURADORA),
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

export const removeLocation = async (ctx: UserContext, locationId: number) => {
  const location = await repo.findLocation(ctx.db, ctx.company.id, locationId);
  if (!location) throw notFound('Localização não encontrada.');
  const holder = await repo.findById(ctx.db, ctx.company.id, location.policyHolderId);
  await getVisible(ctx, holder!.uniqueId);
  await repo.deleteLocation(ctx.db, ctx.company.id, location.id);
  await record(ctx, location.policyHolderId, [{ field: 'Location', old: locationText(location), new: null }]);
  return true;
};

/** Full branch CNPJ from a full CNPJ or the part after the slash (4 characters, optionally with the 2 check digits). */
export const branchCnpjOf = (holderDocument: string, input: string) => {
  const raw = input.replace(/[^0-9A-Za-z]/g, '').toUpperCase();
  const root = holderDocument.slice(0, 8);
  let full: string;
  if (raw.length === 14) full = raw;
  else if (raw.length === 6) full = `${root}${raw}`;
  else if (raw.length === 4 && /^[0-9A-Z]{4}$/.test(raw))
    full = `${root}${raw}${cnpjCheckDigits(root + raw)}`;
  else throw badRequest('Informe o CNPJ da filial ou a parte após a barra (4 caracteres e dígitos).');
  if (!isValidCnpj(full)) throw badRequest('CNPJ inválido');
  if (full.slice(0, 8) !== root) throw badRequest('A filial deve ter a mesma raiz de CNPJ do tomador.');
  if (full === holderDocument) throw conflict('Esta é a matriz do tomador, não uma filial.');
  return full;
};

export const insertBranch = async (ctx: UserContext, uniqueId: string, input: string) => {
  const holder = await getVisible(ctx, uniqueId);
  if (holder.document.length !== 14) throw unprocessable('Somente tomadores pessoa jurídica têm filiais.');
  const full = branchCnpjOf(holder.document, input);
  if (await repo.findBranchByCnpj(ctx.db, ctx.company.id, full)) throw conflict('Filial já cadastrada.');
  const row = await repo.insertBranch(ctx.db, {
    companyId: ctx.company.id,
    policyHolderId: holder.id,
    branchCnpj: full,
    createdByUserId: ctx.user.userId,
  });
  await record(ctx, holder.id, [{ field: 'Branch', old: null, new: maskCnpj(full) }]);
  return toBranch(row);
};

export const deleteBranch = async (ctx: UserContext, branchUniqueId: string) => {
  const branch = await repo.findBranchByUniqueId(ctx.db, ctx.company.id, branchUniqueId);
  if (!branch) throw notFound('Filial não encontrada.');
  const holder = await repo.findById(ctx.db, ctx.company.id, branch.policyHolderId);
  await getVisible(ctx, holder!.uniqueId);
  await repo.deleteBranch(ctx.db, ctx.company.id, branch.id);
  await record(ctx, holder!.id, [{ field: 'Branch', old: maskCnpj(branch.branchCnpj), new: null }]);
  return true;
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

// ---------------------------------------------------------------- credit

const ratingText = (rating: string, score: string | null) =>
  score ? `${rating} (pontuação ${score.replace('.', ',')})` : rating;

export const calculateLimitsAndRates = async (ctx: UserContext, uniqueId: string) => {
  const holder = await getVisible(ctx, uniqueId);
  const [latest] = await repo.listStatements(ctx.db, ctx.company.id, holder.id);
  if (!latest) {
    throw unprocessable(
      'Informe ao menos um demonstrativo financeiro (receita, patrimônio líquido, lucro e endividamento) antes de calcular.',
    );
  }
  const { params, bands } = await repo.findCreditParameters(ctx.db, ctx.company.id);
  if (!params || bands.length === 0) {
    throw unprocessable('Os parâmetros do cálculo de limite não estão configurados para esta seguradora.');
  }
  const modalityList = await repo.activeModalities(ctx.db, ctx.company.id);
  const result = calculateCreditLimit(latest, params, bands, modalityList);

  const before = await repo.listLimits(ctx.db, ctx.company.id, [holder.id]);
  const oldGlobal = before.find((l) => l.limit.modalityId === null)?.limit;
  const ownLimits = new Map(
    before.filter((l) => l.limit.modalityId !== null).map((l) => [l.limit.modalityId!, l.limit.limitAmount]),
  );
  await repo.deleteLimits(ctx.db, ctx.company.id, holder.id);
  const base = {
    companyId: ctx.company.id,
    policyHolderId: holder.id,
    rating: result.rating,
    calculatedByUserId: ctx.user.userId,
    calculatedAt: new Date(),
  };
  await repo.insertLimits(ctx.db, [
    { ...base, modalityId: null, limitAmount: result.limit, score: result.score },
    ...result.rates.map((r) => ({
      ...base,
      modalityId: r.modalityId,
      rate: r.rate,
      limitAmount: ownLimits.get(r.modalityId) ?? null,
    })),
  ]);
  await record(ctx, holder.id, [
    {
      field: 'Rating',
      old: oldGlobal?.rating ? ratingText(oldGlobal.rating, oldGlobal.score) : null,
      new: ratingText(result.rating, result.score),
    },
    { field: 'Limit', old: moneyText(oldGlobal?.limitAmount), new: moneyText(result.limit) },
  ]);
  return limitsOf(ctx, holder);
};

export const createLimitObservation = async (ctx: UserContext, uniqueId: string, text: string) => {
  const holder = await getVisible(ctx, uniqueId);
  const row = await repo.insertObservation(ctx.db, {
    companyId: ctx.company.id,
    policyHolderId: holder.id,
    text,
    createdByUserId: ctx.user.userId,
  });
  await record(ctx, holder.id, [{ field: 'LimitObservation', old: null, new: text.slice(0, 200) }]);
  return {
    Id: row.id,
    UniqueId: row.uniqueId,
    Observation: row.text,
    CreatedByName:
      (await users.userNames(ctx, [ctx.user.userId])).get(ctx.user.userId) ?? `Usuário ${ctx.user.userId}`,
    CreatedAt: row.createdAt.toISOString(),
  };
};

export const observationsOf = async (ctx: UserContext, policyHolderId: number) => {
  const rows = await repo.listObservations(ctx.db, ctx.company.id, policyHolderId);
  const names = await users.userNames(
    ctx,
    rows.map(({ obs }) => obs.createdByUserId),
  );
  return rows.map(({ obs }) => ({
    Id: obs.id,
    UniqueId: obs.uniqueId,
    Observation: obs.text,
    CreatedByName:
      (obs.createdByUserId && names.get(obs.createdByUserId)) || `Usuário ${obs.createdByUserId}`,
    CreatedAt: obs.createdAt.toISOString(),
  }));
};

export { statementsOf };

// ---------------------------------------------------------------- proposals and nominations

export const validateForNewProposal = async (
  ctx: UserContext,
  document: string,
): Promise<PolicyHolderValidation> => {
  const base: PolicyHolderValidation = {
    Found: false,
    PolicyHolderUniqueId: null,
    Name: null,
    Document: document,
    IsBlocked: false,
    IsRestrictiveBlocked: false,
    IsActive: false,
    IsNominated: false,
    NominationPending: false,
    LimitStatus: 'SemLimite',
    AvailableLimit: '0.00',
    CanProceed: false,
    Messages: [],
  };
  const holder = await repo.findByDocument(ctx.db, ctx.company.id, document);
  // A broker checks any registered policy holder (the answer says whether it is nominated).
  const brokerId = isBroker(ctx.user.userType) ? (await ctx.links()).brokerId : undefined;
  if (
    !holder ||
    (brokerId === undefined &&
      !(await repo.isVisible(ctx.db, ctx.company.id, await policyHolderScope(ctx), holder.id)))
  ) {
    return {
      ...base,
      Messages: ['Tomador não cadastrado nesta seguradora. Solicite o cadastro do tomador.'],
    };
  }
  const messages: string[] = [];
  let nominated = true;
  let pending = false;
  if (brokerId !== undefined) {
    const noms = await repo.listNominations(ctx.db, ctx.company.id, {
      brokerId,
      policyHolderId: holder.id,
    });
    nominated = noms.some((n) => n.nomination.statusId === NominationStatus.APROVADA);
    pending = noms.some((n) => n.nomination.statusId === NominationStatus.PENDENTE);
    if (!nominated) {
      messages.push(
        pending
          ? 'A solicitação de nomeação deste tomador aguarda análise da seguradora.'
          : 'Sua corretora não está nomeada por este tomador. Solicite a nomeação.',
      );
    }
  }
  if (holder.isBlocked) messages.push('Tomador bloqueado.');
  if (holder.isRestrictiveBlocked) messages.push('Tomador bloqueado por restritivos.');
  if (!holder.isActive) messages.push('Tomador inativo.');
  const limits = await limitsOf(ctx, holder);
  const available = toDec(limits.EffectiveAvailable);
  const hasLimit = toDec(limits.Global.Limit).gt(0);
  const limitStatus = !hasLimit ? 'SemLimite' : available.gt(0) ? 'Disponivel' : 'Esgotado';
  if (limitStatus === 'SemLimite')
    messages.push('Tomador sem limite de crédito aprovado: a proposta passará pela análise de crédito.');
  if (limitStatus === 'Esgotado')
    messages.push('Limite de crédito do tomador esgotado: a proposta passará pela análise de crédito.');
  const canProceed = nominated && !holder.isBlocked && !holder.isRestrictiveBlocked && holder.isActive;
  return {
    Found: true,
    PolicyHolderUniqueId: holder.uniqueId,
    Name: holder.name,
    Document: holder.document,
    IsBlocked: holder.isBlocked,
    IsRestrictiveBlocked: holder.isRestrictiveBlocked,
    IsActive: holder.isActive,
    IsNominated: nominated,
    NominationPending: pending,
    LimitStatus: limitStatus,
    AvailableLimit: limits.EffectiveAvailable,
    CanProceed: canProceed,
    Messages: messages,
  };
};

/** Nominations with the name of who asked for each (users service). */
const nominationsOf = async (ctx: UserContext, f: { brokerId?: number; policyHolderId?: number }) => {
  const rows = await repo.listNominations(ctx.db, ctx.company.id, f);
  const names = await users.userNames(
    ctx,
    rows.map((n) => n.nomination.requestedByUserId),
  );
  return rows.map((n) => ({
    ...n,
    requestedByName: (n.nomination.requestedByUserId && names.get(n.nomination.requestedByUserId)) || null,
  }));
};

const toNomination = (
  n: repo.NominationJoined & { requestedByName: string | null },
): PolicyHolderNomination => ({
  Id: n.nomination.id,
  UniqueId: n.nomination.uniqueId,
  PolicyHolderUniqueId: n.holder.uniqueId,
  PolicyHolderName: n.holder.name,
  PolicyHolderDocument: n.holder.document,
  BrokerId: n.nomination.brokerId,
  StatusId: n.nomination.statusId,
  StatusName: nominationStatusLabels[n.nomination.statusId] ?? String(n.nomination.statusId),
  Justification: n.nomination.justification,
  RequestedByName: n.requestedByName,
  CreatedAt: n.nomination.createdAt.toISOString(),
  DecidedAt: n.nomination.decidedAt?.toISOString() ?? null,
});

export const requestNomination = async (
  ctx: UserContext,
  body: { PolicyHolderUniqueId?: string; Cnpj?: string; Justification?: string | null },
) => {
  const links = await ctx.links();
  if (!links.brokerId) throw unprocessable('Seu usuário não está vinculado a uma corretora.');
  const holder = body.PolicyHolderUniqueId
    ? await repo.findByUniqueId(ctx.db, ctx.company.id, body.PolicyHolderUniqueId)
    : await repo.findByDocument(ctx.db, ctx.company.id, body.Cnpj!);
  if (!holder) throw notFound('Tomador não encontrado.');
  const existing = await repo.listNominations(ctx.db, ctx.company.id, {
    brokerId: links.brokerId,
    policyHolderId: holder.id,
  });
  if (existing.some((n) => n.nomination.statusId === NominationStatus.APROVADA)) {
    throw conflict('Sua corretora já está nomeada por este tomador.');
  }
  if (existing.some((n) => n.nomination.statusId === NominationStatus.PENDENTE)) {
    throw conflict('Já existe uma solicitação de nomeação pendente para este tomador.');
  }
  const row = await repo.insertNomination(ctx.db, {
    companyId: ctx.company.id,
    policyHolderId: holder.id,
    brokerId: links.brokerId,
    statusId: NominationStatus.PENDENTE,
    justification: body.Justification ?? null,
    requestedByUserId: ctx.user.userId,
  });
  await record(ctx, holder.id, [
    { field: 'Nomination', old: null, new: `Solicitada pela corretora ${links.brokerId}` },
  ]);
  const [joined] = (await nominationsOf(ctx, { policyHolderId: holder.id })).filter(
    (n) => n.nomination.id === row.id,
  );
  return toNomination(joined!);
};

/** Resolves `brokerUniqueId` (UniqueId of brokers, or the integer id) to brokers.id of this company. */
const brokerIdOf = async (ctx: UserContext, ref: string) => {
  if (/^\d+$/.test(ref)) return Number(ref);
  if (!/^[0-9a-f-]{36}$/i.test(ref)) throw badRequest('Corretora inválida.');
  const id = await brokerIdByUniqueId(ctx, ref);
  if (id === undefined) throw notFound('Corretora não encontrada.');
  return id;
};

export const nominatedByBroker = async (ctx: UserContext, brokerRef: string) => {
  const brokerId = await brokerIdOf(ctx, brokerRef);
  if (!isInsurance(ctx.user.userType)) {
    const own = isBroker(ctx.user.userType) ? (await ctx.links()).brokerId : undefined;
    if (own !== brokerId) {
      throw forbidden('Você só pode consultar as nomeações da sua corretora.');
    }
  }
  return (await nominationsOf(ctx, { brokerId })).map(toNomination);
};

/** Decides a pending nomination (the nomination pipe will call this when its card moves). */
export const decideNomination = (ctx: UserContext, nominationId: number, approve: boolean) =>
  repo.decideNomination(ctx.db, ctx.company.id, nominationId, {
    statusId: approve ? NominationStatus.APROVADA : NominationStatus.RECUSADA,
    userId: ctx.user.userId,
  });

export const canEditHolder = canEdit;
