import { isInsurance, Permission, toDec } from '@aval/domain';
import type { UserContext } from '../../context.js';
import { forbidden, unprocessable } from '../../lib/errors.js';
import { getBranchOr404 } from '../parameterisation/index.js';
import * as arepo from './proposals.analysis.repository.js';

/**
 * SaveReinsuranceRetention: the insurer's retention, the company's default (no branch) or a
 * branch's, which the reinsurance validation reads (`retentionFor`); it replaces the one before.
 */
export const setReinsuranceRetention = async (
  ctx: UserContext,
  input: { BranchId?: number | null; Retention: string },
) => {
  if (!isInsurance(ctx.user.userType) || !ctx.user.permissions.has(Permission.PARAMETRIZAR_SEGURADORA))
    throw forbidden();
  const retention = toDec(input.Retention);
  if (!retention.greaterThan(0)) throw unprocessable('A retenção deve ser maior que zero.');
  const branchId = input.BranchId ?? null;
  if (branchId !== null) await getBranchOr404(ctx, branchId);
  await arepo.setRetention(ctx.db, ctx.company.id, branchId, retention.toFixed(2));
  return { BranchId: branchId, Retention: retention.toFixed(2) };
};
