import { cnpjCheckDigits, isValidCnpj, maskCnpj } from '@aval/domain';
import type { UserContext } from '../../context.js';
import { badRequest, conflict, notFound, unprocessable } from '../../lib/errors.js';
import { getVisible } from './policy-holders.access.js';
import { record } from './policy-holders.history.js';
import * as locationsRepo from './policy-holders.locations.repository.js';
import * as repo from './policy-holders.repository.js';
import { locationText, toBranch } from './policy-holders.view.js';

export const removeLocation = async (ctx: UserContext, locationId: number) => {
  const location = await locationsRepo.findLocation(ctx.db, ctx.company.id, locationId);
  if (!location) throw notFound('Localização não encontrada.');
  const holder = await repo.findById(ctx.db, ctx.company.id, location.policyHolderId);
  await getVisible(ctx, holder!.uniqueId);
  await locationsRepo.deleteLocation(ctx.db, ctx.company.id, location.id);
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
  if (/^\d{8}$/.test(root) && !/^\d+$/.test(full.slice(8)))
    throw badRequest('A filial de um CNPJ numérico tem só números.');
  if (!isValidCnpj(full)) throw badRequest('CNPJ inválido');
  if (full.slice(0, 8) !== root) throw badRequest('A filial deve ter a mesma raiz de CNPJ do tomador.');
  if (full === holderDocument) throw conflict('Esta é a matriz do tomador, não uma filial.');
  return full;
};

export const insertBranch = async (ctx: UserContext, uniqueId: string, input: string) => {
  const holder = await getVisible(ctx, uniqueId);
  if (holder.document.length !== 14) throw unprocessable('Somente tomadores pessoa jurídica têm filiais.');
  const full = branchCnpjOf(holder.document, input);
  if (await locationsRepo.findBranchByCnpj(ctx.db, ctx.company.id, full))
    throw conflict('Filial já cadastrada.');
  const row = await locationsRepo.insertBranch(ctx.db, {
    companyId: ctx.company.id,
    policyHolderId: holder.id,
    branchCnpj: full,
    createdByUserId: ctx.user.userId,
  });
  await record(ctx, holder.id, [{ field: 'Branch', old: null, new: maskCnpj(full) }]);
  return toBranch(row);
};

export const deleteBranch = async (ctx: UserContext, branchUniqueId: string) => {
  const branch = await locationsRepo.findBranchByUniqueId(ctx.db, ctx.company.id, branchUniqueId);
  if (!branch) throw notFound('Filial não encontrada.');
  const holder = await repo.findById(ctx.db, ctx.company.id, branch.policyHolderId);
  await getVisible(ctx, holder!.uniqueId);
  await locationsRepo.deleteBranch(ctx.db, ctx.company.id, branch.id);
  await record(ctx, holder!.id, [{ field: 'Branch', old: maskCnpj(branch.branchCnpj), new: null }]);
  return true;
};
