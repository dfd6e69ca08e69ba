import {
  acquisitionCostPercentageOf,
  addDays,
  EndorsementType,
  endorsementReasonName,
  endorsementTypeNames,
  formatPolicyNumber,
  todayInBrazil,
} from '@aval/domain';
import { and, count, desc, eq, isNotNull, sql } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { type EndorsementTerms, endorsements } from '../modules/endorsements/endorsements.table.js';
import { premiumOf } from '../modules/endorsements/index.js';
import { withMovement } from '../modules/policies/policies.service.js';
import { policies, policyCounters } from '../modules/policies/policies.table.js';
import * as policyHolders from '../modules/policy-holders/policy-holders.service.js';
import { objectLine } from '../modules/proposals/issuance.contract.js';
import { issuedTermsOf } from '../modules/proposals/issuance.documents.js';
import * as proposalsRepo from '../modules/proposals/proposals.repository.js';
import { proposals } from '../modules/proposals/proposals.table.js';
import { users } from '../modules/users/users.table.js';
import { demoCompanies } from './companies.js';
import { brokerContext } from './context.js';

/**
 * Demo policies with endorsements (issue 16): in each company, three of the main demo broker's
 * priced proposals are issued (status 5, a policy each, its IS in the exposure ledger); the first
 * gets an approved IS increase, the second an approved cancellation with restitution, the third
 * stays open for a new endorsement. Idempotent: a company whose proposals already have these
 * policies is left as it is.
 */
export const seedEndorsements = async (db: Db) => {
  for (const company of demoCompanies) {
    const [broker] = await db
      .select({ id: users.id, brokerId: users.brokerId })
      .from(users)
      .where(
        and(
          eq(users.companyId, company.id),
          eq(users.username, `corretor@${company.hosts[0]!.split('.')[0]}.demo`),
        ),
      );
    if (!broker?.brokerId) continue;
    // Done once per company: later seeds leave other proposals of this broker in analysis (2).
    const [done] = await db
      .select({ n: count() })
      .from(endorsements)
      .where(eq(endorsements.companyId, company.id));
    if ((done?.n ?? 0) > 0) continue;
    const candidates = await db
      .select()
      .from(proposals)
      .where(
        and(
          eq(proposals.companyId, company.id),
          eq(proposals.brokerId, broker.brokerId),
          eq(proposals.statusId, 2),
          isNotNull(proposals.tax),
          isNotNull(proposals.insurancePremium),
          isNotNull(proposals.insuredAmount),
          sql`${proposals.branchCode} in ('0775', '0776')`,
        ),
      )
      .orderBy(desc(proposals.id))
      .limit(3);
    const ctx = { db: db as never, company: { id: company.id, key: company.companyKey, name: company.name } };
    for (const [i, p] of candidates.entries()) {
      const [counter] = await db
        .insert(policyCounters)
        .values({ companyId: company.id, branchCode: p.branchCode!, lastSequence: 1 })
        .onConflictDoUpdate({
          target: [policyCounters.companyId, policyCounters.branchCode],
          set: { lastSequence: sql`${policyCounters.lastSequence} + 1` },
        })
        .returning();
      const start = addDays(todayInBrazil(), -60 - i * 30);
      const end = addDays(start, 365);
      // The demo's history: the proposal was quoted for this vigência, and its objects are the policy's.
      await db
        .update(proposals)
        .set({ startDate: start, endDate: end, deadlineDays: 365 })
        .where(eq(proposals.id, p.id));
      const { objects } = await proposalsRepo.childrenOf(db, p.id);
      const [policy] = await db
        .insert(policies)
        .values({
          companyId: company.id,
          number: formatPolicyNumber({
            branchCode: p.branchCode!,
            year: Number(start.slice(0, 4)),
            sequence: counter!.lastSequence,
          }),
          branchCode: p.branchCode!,
          sequence: counter!.lastSequence,
          proposalId: p.id,
          proposalUniqueId: p.uniqueId,
          proposalNumber: p.number,
          branchId: p.branchId!,
          modalityId: p.modalityId!,
          modalityName: p.modalityName ?? 'Modalidade',
          modalityGroupName: p.modalityGroupName ?? '',
          policyHolderId: p.policyHolderId!,
          policyHolderUniqueId: p.policyHolderUniqueId!,
          policyHolderName: p.policyHolderName!,
          policyHolderDocument: p.policyHolderDocument!,
          insuredId: p.insuredId,
          insuredUniqueId: p.insuredUniqueId,
          insuredName: p.insuredName,
          insuredDocument: p.insuredDocument,
          brokerId: p.brokerId!,
          brokerName: p.brokerName ?? '',
          brokerDocument: p.brokerDocument ?? '',
          brokerSusep: p.brokerSusep ?? '',
          objectText: objects.map(objectLine).join('\n'),
          startDate: start,
          endDate: end,
          deadlineDays: 365,
          insuredAmount: p.insuredAmount!,
          netPremium: p.netPremium,
          insurancePremium: p.insurancePremium!,
          comissionPercentage: p.comissionPercentage,
          comissionValue: p.comissionValue,
          tax: p.tax,
          iofValue: p.iofValue,
          totalPremium: p.totalPremium ?? p.insurancePremium!,
          issuedAt: new Date(`${start}T13:00:00Z`),
          sroDeadline: addDays(start, 2),
        })
        .onConflictDoNothing()
        .returning();
      if (!policy) continue;
      // What it prints is recorded as at issuance, before its endorsement changes the policy row.
      await issuedTermsOf(brokerContext(db, company, broker.id, broker.brokerId), policy);
      // Issued: the insurer's acceptance clock (if the proposal had reached analysis) stops here.
      await db
        .update(proposals)
        .set({ statusId: 5, clockStoppedAt: p.clockStoppedAt ?? new Date() })
        .where(eq(proposals.id, p.id));
      await policyHolders.convertToPolicy(ctx, {
        proposalId: p.id,
        policyId: policy.id,
        policyHolderId: policy.policyHolderId,
        modalityId: policy.modalityId,
        amount: policy.insuredAmount,
      });
      if (i === 2) continue;
      const before: EndorsementTerms = {
        InsuredAmountValue: policy.insuredAmount,
        StartDate: policy.startDate,
        EndDate: policy.endDate,
        DeadlineDays: policy.deadlineDays,
        Object: policy.objectText,
        ParticularClausule: null,
        PolicyHolderName: policy.policyHolderName,
        InsuredName: policy.insuredName,
      };
      const effectiveDate = addDays(policy.startDate, 45);
      const cancellation = i === 1;
      const newAmount = (Number(policy.insuredAmount) * 1.2).toFixed(2);
      const after = cancellation ? before : { ...before, InsuredAmountValue: newAmount };
      const typeId = cancellation ? EndorsementType.CANCELAMENTO : EndorsementType.ALTERACAO;
      const d = premiumOf(policy, typeId, after, effectiveDate);
      const [e] = await db
        .insert(endorsements)
        .values({
          companyId: company.id,
          policyId: policy.id,
          number: 1,
          typeId,
          reasonId: cancellation ? 5 : 1,
          changeTypeIds: cancellation ? [] : [1],
          statusId: 5,
          effectiveDate,
          before,
          after,
          premiumKind: d.kind,
          tax: policy.tax ?? '0',
          extraPremium: d.extraPremium.toFixed(2),
          iofValue: d.iofValue.toFixed(2),
          commissionOnExtra: d.commissionOnExtra.toFixed(2),
          unearnedPremium: d.unearnedPremium.toFixed(2),
          acquisitionCostPercentage: acquisitionCostPercentageOf(policy),
          acquisitionCostsKept: d.acquisitionCostsKept.toFixed(2),
          restitution: d.restitution.toFixed(2),
          currentInsurancePremium: policy.insurancePremium,
          newInsurancePremium: d.newInsurancePremium.toFixed(2),
          newComissionValue: d.newComissionValue.toFixed(2),
          remainingDays: d.remainingDays,
          newRemainingDays: d.newRemainingDays,
          steps: (['registration', 'credit', 'reinsurance', 'subscription'] as const).map((Step) => ({
            Step,
            Approved: true,
            Message: 'Aprovado automaticamente.',
            ExecutedAt: new Date().toISOString(),
          })),
          requestedByUserId: broker.id,
          decidedAt: new Date(`${effectiveDate}T15:00:00Z`),
        })
        .returning();
      await db
        .update(policies)
        .set(
          cancellation
            ? {
                // As an approved cancellation endorsement leaves it (decide-endorsement.ts).
                statusId: 3,
                cancelledAt: new Date(`${effectiveDate}T15:00:00Z`),
                cancelReason: `${endorsementTypeNames[EndorsementType.CANCELAMENTO]} nº 1: ${endorsementReasonName(5)}`,
                cancelRestitution: d.restitution.toFixed(2),
                insurancePremium: d.newInsurancePremium.toFixed(2),
                comissionValue: d.newComissionValue.toFixed(2),
              }
            : {
                insuredAmount: newAmount,
                insurancePremium: d.newInsurancePremium.toFixed(2),
                comissionValue: d.newComissionValue.toFixed(2),
                // As decide-endorsement records it: the extra premium over the days it was priced for.
                premiumMovements: withMovement(policy, {
                  Amount: d.extraPremium.toFixed(2),
                  From: effectiveDate,
                  To: policy.endDate,
                  Source: 'Endosso nº 1',
                }),
              },
        )
        .where(eq(policies.id, policy.id));
      if (cancellation)
        await policyHolders.releaseForCancellation(ctx, { policyId: policy.id, endorsementId: e!.id });
      else
        await policyHolders.adjustForEndorsement(ctx, {
          policyId: policy.id,
          endorsementId: e!.id,
          delta: (Number(newAmount) - Number(policy.insuredAmount)).toFixed(2),
        });
    }
  }
};
