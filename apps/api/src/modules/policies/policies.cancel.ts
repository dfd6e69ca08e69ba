import type { InternalCancelPolicyBody, PolicyRestitution } from '@aval/contracts';
import {
  acquisitionCostPercentageOf,
  addDays,
  cancellationRestitution,
  formatDate,
  POLICY_CANCEL_WINDOW_DAYS,
  PolicyStatus,
} from '@aval/domain';
import type { UserContext } from '../../context.js';
import { currentDay, currentTime } from '../../lib/clock.js';
import { badRequest, unprocessable } from '../../lib/errors.js';
import * as history from '../change-history/index.js';
import * as policyHolders from '../policy-holders/index.js';
import { getVisible, policyHistory } from './policies.portal.js';
import * as repo from './policies.query.repository.js';
import { premiumMovementsOf } from './policies.service.js';
import { recordCancellationSro } from './policies.sro.js';

export const numberOfDaysToCancel = async (_ctx: UserContext) => POLICY_CANCEL_WINDOW_DAYS;

/**
 * The restitution of cancelling `r` on `cancelDate`: the one rule of @aval/domain that the
 * cancellation endorsement follows too (unearned premium less the acquisition costs kept, plus
 * its IOF), so both give the same figure on the same day.
 */
export const restitutionOf = (r: repo.PolicyRow, cancelDate: string): PolicyRestitution => {
  const x = cancellationRestitution({
    startDate: r.startDate,
    endDate: r.endDate,
    cancelDate,
    insurancePremium: r.insurancePremium,
    movements: premiumMovementsOf(r),
    iofValue: r.iofValue,
    acquisitionCostPercentage: acquisitionCostPercentageOf(r),
  });
  return {
    CancelDate: cancelDate,
    TotalDays: x.totalDays,
    RemainingDays: x.remainingDays,
    Factor: x.factor,
    UnearnedPremium: x.unearnedPremium,
    AcquisitionCostPercentage: acquisitionCostPercentageOf(r),
    AcquisitionCostsKept: x.acquisitionCostsKept,
    IofRestitution: x.iofRestitution,
    TotalRestitution: x.totalRestitution,
  };
};

/**
 * InternalCancelPolicy (insurer staff, permission 23: the route checks both): an Emitida policy
 * becomes Cancelada with its reason and pro-rata restitution, the exposure it held on the policy
 * holder's limit is released, and the history records it. `Simulate` only computes.
 */
export const internalCancel = async (
  ctx: UserContext,
  policyNumber: string,
  body: InternalCancelPolicyBody,
) => {
  const r = await getVisible(ctx, { number: policyNumber });
  const today = currentDay();
  const cancelDate = body.CancelDate ?? today;
  if (cancelDate > today) throw badRequest('A data do cancelamento não pode ser futura.');
  const earliest = addDays(today, -POLICY_CANCEL_WINDOW_DAYS);
  if (cancelDate < earliest) {
    throw badRequest(
      `A data do cancelamento deve estar nos últimos ${POLICY_CANCEL_WINDOW_DAYS} dias (a partir de ${formatDate(earliest)}).`,
    );
  }
  if (r.statusId !== PolicyStatus.EMITIDA) {
    throw unprocessable('Somente apólices emitidas podem ser canceladas.');
  }
  const restitution = restitutionOf(r, cancelDate);
  const result = (statusId: number, simulated: boolean) => ({
    PolicyUniqueId: r.uniqueId,
    PolicyNumber: r.number,
    StatusId: statusId,
    Simulated: simulated,
    Restitution: restitution,
  });
  if (body.Simulate) return result(r.statusId, true);
  const reason = body.Reason.trim();
  const cancelled = await repo.updatePolicy(ctx.db, r.id, {
    statusId: PolicyStatus.CANCELADA,
    cancelledAt: currentTime(),
    cancelledByUserId: ctx.user.userId,
    cancelReason: reason,
    cancelRestitution: restitution.TotalRestitution,
  });
  await recordCancellationSro(ctx, cancelled, {
    day: today,
    effective: cancelDate,
    restitution: restitution.TotalRestitution,
  });
  await policyHolders.releaseForCancellation(ctx, { policyId: r.id });
  await history.recordChanges(ctx, policyHistory.of(r.id), [
    { field: 'StatusId', old: policyHistory.fields.StatusId!.show!(r.statusId), new: 'Cancelada' },
    { field: 'CancelDate', old: null, new: formatDate(cancelDate) },
    { field: 'CancelReason', old: null, new: reason },
    {
      field: 'CancelRestitution',
      old: null,
      new: history.displayValue({ label: '', kind: 'money' }, restitution.TotalRestitution),
    },
  ]);
  return result(PolicyStatus.CANCELADA, false);
};
