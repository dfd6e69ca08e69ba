import type { FinancialStatementInput, SaveComplementarDataBody } from '@aval/contracts';
import { formatMoney } from '@aval/domain';
import type { UserContext } from '../../context.js';
import { badRequest, notFound } from '../../lib/errors.js';
import * as history from '../change-history/index.js';
import { addressValues } from '../locations/index.js';
import { getVisible } from './policy-holders.access.js';
import { policyHolderHistory, record } from './policy-holders.history.js';
import * as limitsRepo from './policy-holders.limits.repository.js';
import * as locationsRepo from './policy-holders.locations.repository.js';
import * as repo from './policy-holders.repository.js';
import { detailOf, locationText } from './policy-holders.view.js';

/** Saving a holder's complementary data: registry fields, locations and financial statements, with history. */

type Registry = Partial<
  Record<
    | 'tradeName'
    | 'email'
    | 'phone'
    | 'cnae'
    | 'cnaeDescription'
    | 'foundingDate'
    | 'annualRevenue'
    | 'shareCapital'
    | 'website',
    string | null
  >
>;

/** The registry fields as the change history names them (a field left undefined is not compared). */
const historyFields = (v: Registry) => ({
  TradeName: v.tradeName,
  Email: v.email,
  Phone: v.phone,
  Cnae: v.cnae,
  CnaeDescription: v.cnaeDescription,
  FoundingDate: v.foundingDate,
  Website: v.website,
  AnnualRevenue: v.annualRevenue,
  ShareCapital: v.shareCapital,
});

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
  const changes = history.diffChanges(policyHolderHistory, historyFields(holder), historyFields(next));
  // Every location is checked (city in its state) before anything is written.
  const addresses = (body.Locations ?? []).map((l) => addressValues(l));
  await repo.updatePolicyHolder(ctx.db, ctx.company.id, holder.id, next);

  if (body.Locations?.length) await saveLocations(ctx, holder.id, body.Locations, addresses, changes);
  if (body.FinancialStatements?.length) {
    await saveStatements(ctx, holder.id, body.FinancialStatements, changes);
  }
  await record(ctx, holder.id, changes);
  return detailOf(ctx, (await repo.findById(ctx.db, ctx.company.id, holder.id))!);
};

/** Updates the given locations and adds the new ones (at most one main), noting each in `changes`. */
const saveLocations = async (
  ctx: UserContext,
  policyHolderId: number,
  locations: NonNullable<SaveComplementarDataBody['Locations']>,
  addresses: ReturnType<typeof addressValues>[],
  changes: history.FieldChange[],
) => {
  const existing = await locationsRepo.listLocations(ctx.db, ctx.company.id, policyHolderId);
  const mains = locations.filter((l) => l.IsMain).length;
  if (mains > 1) throw badRequest('Informe apenas uma localização principal.');
  if (mains === 1 && existing.some((e) => e.isMain))
    await locationsRepo.clearMainLocation(ctx.db, ctx.company.id, policyHolderId);
  for (const [i, l] of locations.entries()) {
    const values = {
      ...addresses[i]!,
      isMain: l.IsMain ?? (existing.length === 0 && locations.indexOf(l) === 0),
    };
    if (l.Id) {
      const before = existing.find((e) => e.id === l.Id);
      if (!before) throw notFound('Localização não encontrada.');
      await locationsRepo.updateLocation(ctx.db, ctx.company.id, l.Id, values);
      changes.push({ field: 'Location', old: locationText(before), new: locationText(values) });
    } else {
      await locationsRepo.insertLocation(ctx.db, { ...values, companyId: ctx.company.id, policyHolderId });
      changes.push({ field: 'Location', old: null, new: locationText(values) });
    }
  }
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
  const before = await limitsRepo.listStatements(ctx.db, ctx.company.id, policyHolderId);
  for (const s of statements) {
    const old = before.find((b) => b.year === s.Year);
    await limitsRepo.upsertStatement(ctx.db, {
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
