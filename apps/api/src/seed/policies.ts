import { financialPayload, updateProposalBody } from '@aval/contracts';
import { addDays, formatPolicyNumber, todayInBrazil } from '@aval/domain';
import { and, asc, count, eq, gte, isNotNull, ne } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { insureds } from '../modules/insureds/insureds.table.js';
import {
  modalities,
  modalityGroups,
  paramBranches,
} from '../modules/parameterisation/parameterisation.table.js';
import { policies } from '../modules/policies/policies.table.js';
import { convertToPolicy } from '../modules/policy-holders/policy-holders.service.js';
import {
  policyHolderLimits,
  policyHolderNominations,
  policyHolders,
} from '../modules/policy-holders/policy-holders.table.js';
import { objectLine } from '../modules/proposals/issuance.contract.js';
import { issuedTermsOf } from '../modules/proposals/issuance.documents.js';
import { updateCalculateFinancialData } from '../modules/proposals/proposals.finance.js';
import * as proposalsRepo from '../modules/proposals/proposals.repository.js';
import { updateProposal } from '../modules/proposals/proposals.service.js';
import { proposals } from '../modules/proposals/proposals.table.js';
import { users } from '../modules/users/users.table.js';
import { demoCompanies } from './companies.js';
import { brokerContext } from './context.js';

/** The policies of the portal demo (issue 16): vigência and status relative to today. */
const plan = [
  { startDays: -320, endDays: 45, statusId: 2, flags: { enableToSteppin: true } },
  { startDays: -285, endDays: 80, statusId: 2, flags: {} },
  { startDays: -65, endDays: 300, statusId: 2, flags: { enableToMonitoring: true, enableToBigRisk: true } },
  { startDays: -385, endDays: -20, statusId: 4, flags: {} },
  { startDays: -465, endDays: -100, statusId: 4, flags: {} },
  { startDays: -120, endDays: 245, statusId: 3, flags: {} },
] as const;

/**
 * Issued policies of the main demo broker in every company, for /apolices: in force (two ending
 * within 90 days, one with the big-risk flags), expired (Vencida) and cancelled. Each comes from a
 * proposal priced by the engine and marked Emitida (5); the policy row copies it as issuance does,
 * with numbers 9xxxxx of branch 0776 (issuance counts from 1). Idempotent: a company with
 * policies numbered 9xxxxx is left as it is. Runs after the issuance seed.
 */
export const seedPolicies = async (db: Db) => {
  const today = todayInBrazil();
  for (const company of demoCompanies) {
    const [done] = await db
      .select({ n: count() })
      .from(policies)
      .where(and(eq(policies.companyId, company.id), gte(policies.sequence, 900_001)));
    if ((done?.n ?? 0) > 0) continue;
    const slug = company.hosts[0].split('.')[0];
    const [broker] = await db
      .select({ id: users.id, brokerId: users.brokerId })
      .from(users)
      .where(and(eq(users.companyId, company.id), eq(users.username, `corretor@${slug}.demo`)));
    if (!broker?.brokerId) continue;
    const pairs = await db
      .select({
        holderId: policyHolderLimits.policyHolderId,
        modalityId: modalities.id,
        maxIs: modalities.maxInsuredAmount,
      })
      .from(policyHolderLimits)
      .innerJoin(
        policyHolderNominations,
        and(
          eq(policyHolderNominations.policyHolderId, policyHolderLimits.policyHolderId),
          eq(policyHolderNominations.brokerId, broker.brokerId),
          eq(policyHolderNominations.statusId, 2),
        ),
      )
      .innerJoin(modalities, eq(modalities.id, policyHolderLimits.modalityId))
      .innerJoin(paramBranches, eq(paramBranches.id, modalities.branchId))
      .innerJoin(modalityGroups, eq(modalityGroups.id, modalities.groupId))
      .where(
        and(
          eq(policyHolderLimits.companyId, company.id),
          // One-year vigências: no judicial modality (they require years), branch 0776.
          eq(paramBranches.code, '0776'),
          ne(modalityGroups.name, 'Judicial'),
          isNotNull(policyHolderLimits.rate),
          eq(modalities.isActive, true),
          eq(modalities.isComplementary, false),
        ),
      )
      .orderBy(asc(policyHolderLimits.policyHolderId), asc(modalities.id));
    const obligees = await db
      .select({ id: insureds.id })
      .from(insureds)
      .where(eq(insureds.companyId, company.id))
      .orderBy(asc(insureds.id))
      .limit(6);
    if (pairs.length === 0 || obligees.length === 0) continue;
    const ctx = brokerContext(db, company, broker.id, broker.brokerId);
    for (const [i, step] of plan.entries()) {
      const pair = pairs[(i * 2) % pairs.length]!;
      const max = pair.maxIs ? Number(pair.maxIs) : 5_000_000;
      const [holder] = await db
        .select({ uniqueId: policyHolders.uniqueId })
        .from(policyHolders)
        .where(eq(policyHolders.id, pair.holderId));
      const saved = await updateProposal(
        ctx,
        updateProposalBody.parse({
          ProductId: pair.modalityId,
          PolicyHolderUniqueId: holder!.uniqueId,
          InsuredId: obligees[i % obligees.length]!.id,
          StartDate: today,
          EndDate: addDays(today, step.endDays - step.startDays),
          InsuredAmountValue: Math.min(
            max,
            [350_000, 120_000, 2_400_000, 80_000, 510_000, 230_000][i]!,
          ).toFixed(2),
          ProposalObjects: [
            {
              Description: `Garantia do contrato administrativo nº ${40 + i}/2025 (demonstração de apólices).`,
            },
          ],
        }),
      );
      const priced = await updateCalculateFinancialData(
        ctx,
        financialPayload.parse({ ProposalUniqueId: saved.UniqueId }),
      );
      // The quote keeps the engine's price on the proposal (as the proposals seed does).
      await updateProposal(
        ctx,
        updateProposalBody.parse({ UniqueId: saved.UniqueId, Version: priced.Version!, Action: 'Quote' }),
      );
      const [p] = await db
        .update(proposals)
        .set({ statusId: 5 })
        .where(eq(proposals.uniqueId, saved.UniqueId))
        .returning();
      if (!p) continue;
      const sequence = 900_001 + i;
      const start = addDays(today, step.startDays);
      const end = addDays(today, step.endDays);
      // The demo's history: the proposal was quoted for the vigência the policy then took.
      await db.update(proposals).set({ startDate: start, endDate: end }).where(eq(proposals.id, p.id));
      const { objects } = await proposalsRepo.childrenOf(db, p.id);
      const [policy] = await db
        .insert(policies)
        .values({
          companyId: company.id,
          number: formatPolicyNumber({
            branchCode: p.branchCode ?? '0776',
            year: Number(start.slice(0, 4)),
            sequence,
          }),
          branchCode: p.branchCode ?? '0776',
          sequence,
          statusId: step.statusId,
          proposalId: p.id,
          proposalUniqueId: p.uniqueId,
          proposalNumber: p.number,
          branchId: p.branchId!,
          modalityId: p.modalityId!,
          modalityName: p.modalityName ?? '',
          modalityGroupName: p.modalityGroupName ?? '',
          policyHolderId: p.policyHolderId!,
          policyHolderUniqueId: p.policyHolderUniqueId!,
          policyHolderName: p.policyHolderName ?? '',
          policyHolderDocument: p.policyHolderDocument ?? '',
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
          deadlineDays: step.endDays - step.startDays,
          insuredAmount: p.insuredAmount!,
          netPremium: p.netPremium,
          insurancePremium: p.insurancePremium ?? '0.00',
          comissionPercentage: p.comissionPercentage,
          comissionValue: p.comissionValue,
          tax: p.tax,
          iofValue: p.iofValue,
          totalPremium: p.totalPremium ?? p.insurancePremium ?? '0.00',
          numberOfInstallments: 1,
          issuedAt: new Date(`${start}T13:00:00Z`),
          sroDeadline: addDays(start, 2),
          sroStatusId: 2,
          sroRegisteredAt: new Date(`${addDays(start, 1)}T13:00:00Z`),
          sroProtocol: `SRO-${company.id}-${sequence}`,
          ...(step.statusId === 3
            ? {
                cancelledAt: new Date(),
                cancelReason: 'Rescisão do contrato garantido (demonstração).',
                cancelRestitution: '0.00',
              }
            : {}),
          ...step.flags,
        })
        .onConflictDoNothing()
        .returning();
      // What it prints is recorded as at issuance (its PDF is rendered on first download).
      if (policy) await issuedTermsOf(ctx, policy);
      // A policy in force holds its IS in the policy holder's exposure ledger (as issuance books it):
      // its endorsements adjust that entry.
      if (policy && step.statusId === 2)
        await convertToPolicy(ctx, {
          proposalId: p.id,
          policyId: policy.id,
          policyHolderId: policy.policyHolderId,
          modalityId: policy.modalityId,
          amount: policy.insuredAmount,
        });
    }
  }
};
