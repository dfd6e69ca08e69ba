import * as calls from '@aval/contracts';
import { addDays, toDec } from '@aval/domain';
import { and, asc, count, eq, isNotNull, like, ne, notInArray } from 'drizzle-orm';
import type { UserContext } from '../context.js';
import type { Db } from '../db/client.js';
import { atInstant, currentDay } from '../lib/clock.js';
import { insureds } from '../modules/insureds/insureds.table.js';
import {
  modalities,
  modalityGroups,
  paramBranches,
} from '../modules/parameterisation/parameterisation.table.js';
import { internalCancel } from '../modules/policies/policies.cancel.js';
import { expireEnded } from '../modules/policies/policies.jobs.js';
import { policies } from '../modules/policies/policies.table.js';
import { creditForProposal } from '../modules/policy-holders/policy-holders.limits.js';
import {
  policyHolderLimits,
  policyHolderNominations,
  policyHolders,
} from '../modules/policy-holders/policy-holders.table.js';
import { systemContext } from '../plugins/job-context.js';
import { demoCompanies, journeyHolders } from './companies.js';
import { demoActors, perform } from './context.js';
import { quoteAndIssue } from './issuance.js';

/** The policies of the portal demo (issue 16): vigência and status relative to today. */
const plan = [
  { startDays: -320, endDays: 45, flags: { enableToSteppin: true } },
  { startDays: -285, endDays: 80, flags: {} },
  { startDays: -65, endDays: 300, flags: { enableToMonitoring: true, enableToBigRisk: true } },
  { startDays: -385, endDays: -20, flags: {} },
  { startDays: -465, endDays: -100, flags: {} },
  { startDays: -120, endDays: 245, cancelDays: -10, flags: {} },
] as const;

/** What marks the seed's policies (their object), for its idempotency and the tests. */
export const DEMO_POLICY_OBJECT = '(demonstração de apólices)';

/**
 * The (holder, modality) pairs the main demo broker may quote on a one-year vigência in `branch`:
 * nominated holders with a rate for a non-judicial modality (judicial ones require years), the
 * journeys' holders aside.
 */
export const demoPairs = (db: Db, companyId: number, brokerId: number, branch: '0775' | '0776') =>
  db
    .select({
      holderId: policyHolders.id,
      holderUniqueId: policyHolders.uniqueId,
      modalityId: modalities.id,
      maxIs: modalities.maxInsuredAmount,
    })
    .from(policyHolderLimits)
    .innerJoin(policyHolders, eq(policyHolders.id, policyHolderLimits.policyHolderId))
    .innerJoin(
      policyHolderNominations,
      and(
        eq(policyHolderNominations.policyHolderId, policyHolderLimits.policyHolderId),
        eq(policyHolderNominations.brokerId, brokerId),
        eq(policyHolderNominations.statusId, 2),
      ),
    )
    .innerJoin(modalities, eq(modalities.id, policyHolderLimits.modalityId))
    .innerJoin(paramBranches, eq(paramBranches.id, modalities.branchId))
    .innerJoin(modalityGroups, eq(modalityGroups.id, modalities.groupId))
    .where(
      and(
        eq(policyHolderLimits.companyId, companyId),
        notInArray(policyHolders.name, journeyHolders),
        eq(paramBranches.code, branch),
        ne(modalityGroups.name, 'Judicial'),
        isNotNull(policyHolderLimits.rate),
        eq(modalities.isActive, true),
        eq(modalities.isComplementary, false),
      ),
    )
    .orderBy(asc(policyHolderLimits.policyHolderId), asc(modalities.id));

/**
 * The first pair from `from` on (taking turns) whose holder has room in its limit for `amount`, as a
 * broker quotes where the credit allows (the credit validation would stop the others).
 */
export const pairWithRoom = async (
  broker: UserContext,
  pairs: Awaited<ReturnType<typeof demoPairs>>,
  from: number,
  amount: string,
) => {
  for (const k of pairs.keys()) {
    const pair = pairs[(from + k) % pairs.length]!;
    const credit = await creditForProposal(broker, pair.holderId, pair.modalityId);
    if (!toDec(amount).greaterThan(toDec(credit?.limits.EffectiveAvailable ?? '0'))) return pair;
  }
  return pairs[from % pairs.length]!;
};

/** Brasília's 10:00 of a day: when the demo's people act. */
export const morningOf = (day: string) => new Date(`${day}T13:00:00Z`);

/**
 * Issued policies of the main demo broker in every company, for /apolices: in force (two ending
 * within 90 days, one with the big-risk flags), expired (Vencida) and cancelled. Each is played on
 * the day it happened through the services a person uses (`atInstant`): the broker quotes and sends
 * it, the analyst carries it to its policy (issuance.ts); the daily job then expires the ended ones,
 * and the analyst cancels one. They are the first policies of branch 0776 (numbers …0000001 to
 * …0000006, in the plan's order). Idempotent: a company with these policies is left as it is.
 */
export const seedPolicies = async (db: Db) => {
  const today = currentDay();
  for (const company of demoCompanies) {
    const [done] = await db
      .select({ n: count() })
      .from(policies)
      .where(and(eq(policies.companyId, company.id), like(policies.objectText, `%${DEMO_POLICY_OBJECT}%`)));
    if ((done?.n ?? 0) > 0) continue;
    const actors = await demoActors(db, company);
    if (!actors) continue;
    const pairs = await demoPairs(db, company.id, actors.brokerId, '0776');
    const obligees = await db
      .select({ id: insureds.id })
      .from(insureds)
      .where(and(eq(insureds.companyId, company.id), eq(insureds.isBlocked, false)))
      .orderBy(asc(insureds.id))
      .limit(6);
    if (pairs.length === 0 || obligees.length === 0) continue;
    const { broker: brokerCtx, analyst: analystCtx, admin: adminCtx } = actors;
    for (const [i, step] of plan.entries()) {
      const issued = addDays(today, step.startDays);
      const policy = await atInstant(morningOf(issued), async () => {
        const wanted = [350_000, 120_000, 2_400_000, 80_000, 510_000, 230_000][i]!.toFixed(2);
        const pair = await pairWithRoom(brokerCtx, pairs, i * 2, wanted);
        const max = pair.maxIs ? Number(pair.maxIs) : 5_000_000;
        return quoteAndIssue(actors, {
          ProductId: pair.modalityId,
          PolicyHolderUniqueId: pair.holderUniqueId,
          InsuredId: obligees[i % obligees.length]!.id,
          StartDate: issued,
          EndDate: addDays(today, step.endDays),
          InsuredAmountValue: Math.min(max, Number(wanted)).toFixed(2),
          ProposalObjects: [
            { Description: `Garantia do contrato administrativo nº ${40 + i}/2025 ${DEMO_POLICY_OBJECT}.` },
          ],
        });
      });
      if (!policy) throw new Error(`seed: the demo policy ${i + 1} of ${company.name} was not issued`);
      // No call of the portal sets these: they come from the insurer's monitoring of the contract.
      if (Object.keys(step.flags).length)
        await db.update(policies).set(step.flags).where(eq(policies.id, policy.id));
      if ('cancelDays' in step) {
        const cancelled = addDays(today, step.cancelDays);
        await atInstant(morningOf(cancelled), () =>
          // The insurer's cancellation by hand (permission 23: the administrator, not the analyst).
          perform(adminCtx, calls.internalCancelPolicy, () =>
            internalCancel(adminCtx, policy.number, {
              Reason: 'Rescisão do contrato garantido (demonstração).',
              CancelDate: cancelled,
            }),
          ),
        );
      }
    }
    // Today's daily job (the system's): the policies whose vigência ended are Vencidas.
    await expireEnded(systemContext(analystCtx));
  }
};
