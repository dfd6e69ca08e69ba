import type { AddressInput } from '@aval/contracts';
import { documentKind, unmaskCpfCnpj, validateCpfCnpj } from '@aval/domain';
import type { UserContext } from '../../context.js';
import { notFound } from '../../lib/errors.js';
import { addressValues, toLocationView } from '../locations/index.js';
import * as repo from './beneficiaries.repository.js';

const views = async (ctx: UserContext, rows: repo.BeneficiaryRow[]) => {
  const locations = await repo.locationsOf(
    ctx.db,
    rows.map((r) => r.id),
  );
  return rows.map((r) => ({
    Id: r.id,
    UniqueId: r.uniqueId,
    Name: r.name,
    Document: r.document,
    IsNaturalPerson: r.isNaturalPerson,
    Locations: locations.filter((l) => l.beneficiaryId === r.id).map(toLocationView),
  }));
};

export const search = async (ctx: UserContext, text: string, canHavePf = false) =>
  views(ctx, await repo.search(ctx.db, ctx.company.id, text, unmaskCpfCnpj(text), canHavePf));

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
  const found = await repo.findByDocument(ctx.db, ctx.company.id, document);
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
  const created = await repo.insert(ctx.db, {
    companyId: ctx.company.id,
    name: input.Name.trim(),
    document,
    isNaturalPerson: natural,
  });
  return { CanProceed: true, IsNew: true, Message: null, Beneficiary: (await views(ctx, [created]))[0]! };
};

/** Adds an address to the beneficiary (the first is its main one), or changes the one with `Id`. */
export const saveLocation = async (
  ctx: UserContext,
  input: AddressInput & { BeneficiaryId: number; Id?: number | null },
) => {
  const found = await repo.findById(ctx.db, ctx.company.id, input.BeneficiaryId);
  if (!found) throw notFound('Beneficiário não encontrado.');
  const columns = addressValues(input);
  const current = await repo.locationIdsOf(ctx.db, found.id);
  if (input.Id) {
    if (!current.some((l) => l.id === input.Id)) throw notFound('Endereço do beneficiário não encontrado.');
    await repo.updateLocation(ctx.db, input.Id, columns);
  } else {
    await repo.insertLocation(ctx.db, {
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
  ids.length === 0 ? [] : views(ctx, await repo.findByIds(ctx.db, ctx.company.id, [...ids]));
