import type { AddressInput } from '@aval/contracts';
import { documentKind, unmaskCpfCnpj, validateCpfCnpj } from '@aval/domain';
import { and, asc, eq, ilike, inArray, or } from 'drizzle-orm';
import type { UserContext } from '../../context.js';
import { likeContains } from '../../db/like.js';
import { notFound } from '../../lib/errors.js';
import { addressValues, toLocationView } from '../locations/locations.service.js';
import { beneficiaries, beneficiaryLocations } from './beneficiaries.table.js';

type Row = typeof beneficiaries.$inferSelect;

const views = async (ctx: UserContext, rows: Row[]) => {
  const locations = rows.length
    ? await ctx.db
        .select()
        .from(beneficiaryLocations)
        .where(
          inArray(
            beneficiaryLocations.beneficiaryId,
            rows.map((r) => r.id),
          ),
        )
    : [];
  return rows.map((r) => ({
    Id: r.id,
    UniqueId: r.uniqueId,
    Name: r.name,
    Document: r.document,
    IsNaturalPerson: r.isNaturalPerson,
    Locations: locations.filter((l) => l.beneficiaryId === r.id).map(toLocationView),
  }));
};

export const search = async (ctx: UserContext, text: string, canHavePf = false) => {
  const like = likeContains(text);
  const digits = unmaskCpfCnpj(text);
  const where = [
    eq(beneficiaries.companyId, ctx.company.id),
    or(
      ilike(beneficiaries.name, like),
      digits.length >= 3 ? ilike(beneficiaries.document, `%${digits}%`) : undefined,
    ),
  ];
  if (!canHavePf) where.push(eq(beneficiaries.isNaturalPerson, false));
  const rows = await ctx.db
    .select()
    .from(beneficiaries)
    .where(and(...where))
    .orderBy(asc(beneficiaries.name))
    .limit(20);
  return views(ctx, rows);
};

export const validateByDocument = async (
  ctx: UserContext,
  input: { Document: string; Name?: string; CanHaveBeneficiaryPF?: boolean },
) => {
  const problem = validateCpfCnpj(input.Document);
  if (problem) return { CanProceed: false, IsNew: false, Message: problem, Beneficiary: null };
  const document = unmaskCpfCnpj(input.Document);
  const natural = documentKind(document) === 'CPF';
  if (natural && !input.CanHaveBeneficiaryPF) {
    return {
      CanProceed: false,
      IsNew: false,
      Message: 'Esta modalidade não admite beneficiário pessoa física.',
      Beneficiary: null,
    };
  }
  const [found] = await ctx.db
    .select()
    .from(beneficiaries)
    .where(and(eq(beneficiaries.companyId, ctx.company.id), eq(beneficiaries.document, document)));
  if (found)
    return { CanProceed: true, IsNew: false, Message: null, Beneficiary: (await views(ctx, [found]))[0]! };
  if (!input.Name) {
    return {
      CanProceed: false,
      IsNew: true,
      Message: 'Beneficiário não cadastrado. Informe o nome para cadastrá-lo.',
      Beneficiary: null,
    };
  }
  const [created] = await ctx.db
    .insert(beneficiaries)
    .values({ companyId: ctx.company.id, name: input.Name.trim(), document, isNaturalPerson: natural })
    .returning();
  return { CanProceed: true, IsNew: true, Message: null, Beneficiary: (await views(ctx, [created!]))[0]! };
};

/** Adds an address to the beneficiary (the first is its main one), or changes the one with `Id`. */
export const saveLocation = async (
  ctx: UserContext,
  input: AddressInput & { BeneficiaryId: number; Id?: number | null },
) => {
  const [found] = await ctx.db
    .select()
    .from(beneficiaries)
    .where(and(eq(beneficiaries.companyId, ctx.company.id), eq(beneficiaries.id, input.BeneficiaryId)));
  if (!found) throw notFound('Beneficiário não encontrado.');
  const columns = addressValues(input);
  const current = await ctx.db
    .select({ id: beneficiaryLocations.id })
    .from(beneficiaryLocations)
    .where(eq(beneficiaryLocations.beneficiaryId, found.id));
  if (input.Id) {
    if (!current.some((l) => l.id === input.Id)) throw notFound('Endereço do beneficiário não encontrado.');
    await ctx.db.update(beneficiaryLocations).set(columns).where(eq(beneficiaryLocations.id, input.Id));
  } else {
    await ctx.db.insert(beneficiaryLocations).values({
      companyId: ctx.company.id,
      beneficiaryId: found.id,
      isMain: current.length === 0,
      ...columns,
    });
  }
  return (await views(ctx, [found]))[0]!;
};

/** Beneficiaries of the company by id (the proposals module checks every id was found). */
export const findByIds = async (ctx: UserContext, ids: readonly number[]) =>
  ids.length === 0
    ? []
    : views(
        ctx,
        await ctx.db
          .select()
          .from(beneficiaries)
          .where(and(eq(beneficiaries.companyId, ctx.company.id), inArray(beneficiaries.id, [...ids]))),
      );
