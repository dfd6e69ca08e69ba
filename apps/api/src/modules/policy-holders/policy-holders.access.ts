import { Permission as P } from '@aval/domain';
import type { UserContext } from '../../context.js';
import { notFound } from '../../lib/errors.js';
import { hasAny } from '../../lib/permissions.js';
import { policyHolderScope } from '../../lib/visibility.js';
import * as repo from './policy-holders.repository.js';

/** Who may see and edit a policy holder. */

type Row = repo.PolicyHolderRow;

/** Document-owner rule (documents/document-owners.ts): a policy holder the caller may see. */
export const mayReadDocuments = async (ctx: UserContext, policyHolderId: number) =>
  repo.isVisible(ctx.db, ctx.company.id, await policyHolderScope(ctx), policyHolderId);

/** The policy holder if the user may see it; 404 otherwise (existence is not revealed). */
export const getVisible = async (ctx: UserContext, uniqueId: string): Promise<Row> => {
  const row = await repo.findByUniqueId(ctx.db, ctx.company.id, uniqueId);
  if (!row || !(await repo.isVisible(ctx.db, ctx.company.id, await policyHolderScope(ctx), row.id))) {
    throw notFound('Tomador não encontrado.');
  }
  return row;
};

/** Whether the caller may edit the holder's registry data (permissions 29 or 30). */
export const canEditHolder = (ctx: UserContext) =>
  hasAny(ctx, P.GERENCIAR_TOMADORES, P.GERENCIAR_TOMADORES_SEGURADORA);
