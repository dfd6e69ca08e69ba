import type { EndorsementView } from '@aval/contracts';
import {
  type EndorsementStatusId,
  type EndorsementTypeId,
  endorsementReasonName,
  endorsementStatusNames,
  endorsementStepNames,
  endorsementTypeNames,
  toDec,
} from '@aval/domain';
import type { TenantContext } from '../../context.js';
import * as policies from '../policies/index.js';
import * as users from '../users/index.js';
import type * as repo from './endorsements.repository.js';

import { storedPremiumView } from './endorsements.terms.js';

/** Endorsements as the wire shows them (their requester's names read once per list). */

type Row = repo.EndorsementRow;
type Policy = policies.PolicyRow;

/** Endorsements of one policy as the wire shows them (their people's names read once). */
export const toViews = async (
  ctx: TenantContext,
  rows: Row[],
  policy: Policy,
): Promise<EndorsementView[]> => {
  const names = await users.userNames(
    ctx,
    rows.flatMap((r) => [r.requestedByUserId, r.decidedByUserId]),
  );
  const slips = await policies.installmentsOfEndorsements(
    ctx,
    rows.map((r) => r.id),
  );
  return rows.map((r) => {
    return {
      EndorsementId: r.id,
      ProposalUniqueId: r.uniqueId,
      Number: r.number,
      PolicyUniqueId: policy.uniqueId,
      PolicyNumber: policy.number,
      EndorsementTypeId: r.typeId,
      EndorsementTypeName: endorsementTypeNames[r.typeId as EndorsementTypeId] ?? String(r.typeId),
      ReasonEndorsementRequestId: r.reasonId,
      ReasonName: endorsementReasonName(r.reasonId),
      EndorsementChangeTypeIds: r.changeTypeIds,
      StatusId: r.statusId,
      StatusName: endorsementStatusNames[r.statusId as EndorsementStatusId] ?? String(r.statusId),
      StartDate: r.after.StartDate,
      EndDate: r.after.EndDate,
      DeadlineDays: r.after.DeadlineDays,
      InsuredAmountValue: r.after.InsuredAmountValue,
      ComplementaryInsuredAmountValue: toDec(r.after.InsuredAmountValue)
        .minus(toDec(r.before.InsuredAmountValue))
        .toFixed(2),
      ComplementaryEndDate: r.after.EndDate !== r.before.EndDate ? r.after.EndDate : null,
      ComplementaryDeadlineDays: r.after.DeadlineDays - r.before.DeadlineDays,
      PremiumDifference: storedPremiumView(r),
      RequestInsurancePremiumReview: r.requestPremiumReview,
      JustificationInsurancePremiumReview: r.premiumReviewJustification,
      Steps: r.steps.map((s) => ({ ...s, Name: endorsementStepNames[s.Step] })),
      RequestedAt: r.createdAt.toISOString(),
      RequestedByName: (r.requestedByUserId && names.get(r.requestedByUserId)) || null,
      DecidedAt: r.decidedAt?.toISOString() ?? null,
      DecidedByName: (r.decidedByUserId && names.get(r.decidedByUserId)) || null,
      DecisionNote: r.decisionNote,
      HasDocument: r.documentArchiveId !== null,
      BankSlips: slips
        .filter((i) => i.endorsementId === r.id)
        .map((i) => {
          const v = policies.toInstallmentView(i);
          return {
            InstallmentNumber: v.Number,
            DueDate: v.DueDate,
            Amount: v.Amount,
            StatusId: v.StatusId,
            StatusName: v.StatusName,
            DigitableLine: v.DigitableLine,
          };
        }),
    };
  });
};

/** One endorsement as the wire shows it. */
export const toView = async (ctx: TenantContext, row: Row, policy: Policy) =>
  (await toViews(ctx, [row], policy))[0]!;
