import type { PolicyHolderBranch, PolicyHolderDetail, PolicyHolderSummary } from '@aval/contracts';
import { isInsurance, maskCep, Permission as P } from '@aval/domain';
import type { UserContext } from '../../context.js';
import { notFound } from '../../lib/errors.js';
import { hasAny } from '../../lib/permissions.js';
import { toLocationView } from '../locations/index.js';
import { canEditHolder } from './policy-holders.access.js';
import { limitsOf } from './policy-holders.limits.js';
import * as limitsRepo from './policy-holders.limits.repository.js';
import * as locationsRepo from './policy-holders.locations.repository.js';
import * as repo from './policy-holders.repository.js';

/** A policy holder as the API shows it: summary, branches, locations, statements and the detail. */

type Row = repo.PolicyHolderRow;

/** The list row of a policy holder. */
export const toSummary = (r: repo.SummaryRow): PolicyHolderSummary => ({
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

/** The summary of one holder of the company; 404 when there is none. */
export const summaryOf = async (ctx: UserContext, id: number) => {
  const row = await repo.findSummary(ctx.db, ctx.company.id, id);
  if (!row) throw notFound('Tomador não encontrado.');
  return toSummary(row);
};

export const toBranch = (b: locationsRepo.BranchRow): PolicyHolderBranch => ({
  Id: b.id,
  UniqueId: b.uniqueId,
  BranchCnpj: b.branchCnpj,
  Branch: `${b.branchCnpj.slice(8, 12)}-${b.branchCnpj.slice(12)}`,
  CreatedAt: b.createdAt.toISOString(),
});

/** The registered branches (filiais) of a policy holder of the caller's company (for proposals). */
export const branchesOf = async (ctx: UserContext, policyHolderId: number) =>
  (await locationsRepo.listBranches(ctx.db, ctx.company.id, policyHolderId)).map(toBranch);

export const locationText = (l: {
  addressName: string;
  number?: string | null;
  cityId: number;
  zipCode: string;
}) => `${l.addressName}${l.number ? `, ${l.number}` : ''} — CEP ${maskCep(l.zipCode)} (cidade ${l.cityId})`;

/** The financial statements of a holder, latest year first. */
export const statementsOf = async (ctx: UserContext, id: number) =>
  (await limitsRepo.listStatements(ctx.db, ctx.company.id, id)).map((s) => ({
    Id: s.id,
    Year: s.year,
    Revenue: s.revenue,
    Equity: s.equity,
    NetIncome: s.netIncome,
    Indebtedness: s.indebtedness,
  }));

/** The holder's detail page: summary, registry data, locations, branches, limits, statements and permissions. */
export const detailOf = async (ctx: UserContext, holder: Row): Promise<PolicyHolderDetail> => {
  const [summary, locations, branches, limits, statements] = [
    await summaryOf(ctx, holder.id),
    await locationsRepo.listLocations(ctx.db, ctx.company.id, holder.id),
    await locationsRepo.listBranches(ctx.db, ctx.company.id, holder.id),
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
      CanEdit: canEditHolder(ctx),
      CanToggleBlocked: insurer && hasAny(ctx, P.GERENCIAR_TOMADORES_SEGURADORA),
      CanToggleRestrictive: insurer && hasAny(ctx, P.BLOQUEAR_RESTRITIVOS_DO_TOMADOR),
      CanToggleIgnoreCCG: insurer && hasAny(ctx, P.IGNORAR_ASSINATURA_DE_CCG),
      CanCalculateLimits: insurer && hasAny(ctx, P.GERENCIAR_TOMADORES_SEGURADORA),
    },
  };
};
