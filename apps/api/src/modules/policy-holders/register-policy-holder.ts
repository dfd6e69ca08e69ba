import type { RegisterPolicyHolderBody } from '@aval/contracts';
import { isInsurance, Permission } from '@aval/domain';
import type { UserContext } from '../../context.js';
import { forbidden, unprocessable } from '../../lib/errors.js';
import { record } from './policy-holders.history.js';
import * as repo from './policy-holders.repository.js';
import { toSummary } from './policy-holders.view.js';

/**
 * RegisterPolicyHolder: the insurer registers a policy holder by its CNPJ (one per company), in an
 * economic group named by the caller (created when the company has none of that name). The rest of
 * its registry (addresses, statements, documents) follows through SaveComplementarData.
 */
export const registerPolicyHolder = async (ctx: UserContext, input: RegisterPolicyHolderBody) => {
  if (!isInsurance(ctx.user.userType) || !ctx.user.permissions.has(Permission.GERENCIAR_TOMADORES_SEGURADORA))
    throw forbidden();
  if (input.Document.length === 11) throw unprocessable('O tomador é uma empresa: informe o CNPJ.');
  if (await repo.findByDocument(ctx.db, ctx.company.id, input.Document))
    throw unprocessable('Já existe um tomador com este CNPJ nesta seguradora.');
  const group = input.EconomicGroupName?.trim() || null;
  const economicGroup = group ? await repo.economicGroupNamed(ctx.db, ctx.company.id, group) : null;
  const isActive = input.IsActive ?? true;
  const holder = await repo.insertPolicyHolder(ctx.db, {
    companyId: ctx.company.id,
    name: input.Name.trim(),
    document: input.Document,
    isActive,
    economicGroupId: economicGroup?.id ?? null,
  });
  await record(ctx, holder.id, [
    { field: 'Registration', old: null, new: 'Tomador cadastrado pela seguradora' },
    { field: 'Name', old: null, new: holder.name },
    ...(economicGroup ? [{ field: 'EconomicGroup', old: null, new: economicGroup.name }] : []),
    ...(isActive ? [] : [{ field: 'IsActive', old: null, new: 'Não' }]),
  ]);
  // Just registered: no rating yet.
  return toSummary({ holder, groupName: economicGroup?.name ?? null, rating: null });
};
