import * as calls from '@aval/contracts';
import { createEndorsementBody } from '@aval/contracts';
import {
  addDays,
  EndorsementChangeType,
  EndorsementType,
  endorsementCardType,
  endorsementRequiredDocuments,
} from '@aval/domain';
import { and, asc, count, eq } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { atInstant, currentDay } from '../lib/clock.js';
import { create } from '../modules/endorsements/endorsements.service.js';
import { endorsements } from '../modules/endorsements/endorsements.table.js';
import { insureds } from '../modules/insureds/insureds.table.js';
import { moveOnBoard } from './board.js';
import { demoCompanies } from './companies.js';
import { demoActors, perform } from './context.js';
import { reviewAllConforme, uploadDemoFiles } from './files.js';
import { quoteAndIssue } from './issuance.js';
import { playJobs } from './platform.js';
import { demoPairs, morningOf, pairWithRoom } from './policies.js';
import { objectFor } from './proposals.js';

/** The three policies' stories: an IS increase, a cancellation with restitution, none yet. */
const plan = [
  { startDays: -60, endorsement: 'increase' },
  { startDays: -90, endorsement: 'cancellation' },
  { startDays: -120, endorsement: undefined },
] as const;

/** The endorsement is requested (and decided) this many days after the policy starts. */
const EFFECTIVE_AFTER_DAYS = 45;

/**
 * Demo policies with endorsements (issue 16), in each company, played on the days they happened
 * through the services a person uses (`atInstant`): the main demo broker quotes three one-year
 * policies of branch 0775 and the analyst issues them; 45 days into the first, the broker asks for
 * an IS increase of 20 % (the contract's amendment attached), into the second for its cancellation
 * (the holder's letter and the discharge attached, with restitution); the automatic steps run, the
 * analyst reviews the documents Conforme and approves. The third stays open for a new endorsement.
 * Idempotent: a company with endorsements is left as it is.
 */
export const seedEndorsements = async (db: Db) => {
  const today = currentDay();
  for (const company of demoCompanies) {
    const [done] = await db
      .select({ n: count() })
      .from(endorsements)
      .where(eq(endorsements.companyId, company.id));
    if ((done?.n ?? 0) > 0) continue;
    const actors = await demoActors(db, company);
    if (!actors) continue;
    const pairs = await demoPairs(db, company.id, actors.brokerId, '0775');
    const [obligee] = await db
      .select({ id: insureds.id })
      .from(insureds)
      .where(and(eq(insureds.companyId, company.id), eq(insureds.isBlocked, false)))
      .orderBy(asc(insureds.id))
      .limit(1);
    if (pairs.length === 0 || !obligee) continue;
    const { broker: brokerCtx, analyst: analystCtx } = actors;
    for (const [i, step] of plan.entries()) {
      const start = addDays(today, step.startDays);
      const policy = await atInstant(morningOf(start), async () => {
        const amount = ['400000.00', '1200000.00', '650000.00'][i]!;
        const pair = await pairWithRoom(brokerCtx, pairs, i * 3, amount);
        return quoteAndIssue(actors, {
          ProductId: pair.modalityId,
          PolicyHolderUniqueId: pair.holderUniqueId,
          InsuredId: obligee.id,
          StartDate: start,
          EndDate: addDays(start, 365),
          InsuredAmountValue: amount,
          ProposalObjects: [{ Description: objectFor('Executante', 60 + i) }],
        });
      });
      if (!policy)
        throw new Error(`seed: the demo policy ${i + 1} of ${company.name} for endorsements was not issued`);
      if (!step.endorsement) continue;
      const effective = addDays(start, EFFECTIVE_AFTER_DAYS);
      const cancellation = step.endorsement === 'cancellation';
      const request = {
        PolicyUniqueId: policy.uniqueId,
        EndorsementTypeId: cancellation ? EndorsementType.CANCELAMENTO : EndorsementType.ALTERACAO,
        ReasonEndorsementRequestId: cancellation ? 5 : 1,
        EndorsementChangeTypeIds: cancellation ? [] : [EndorsementChangeType.IS],
        ...(cancellation ? {} : { InsuredAmountValue: (Number(policy.insuredAmount) * 1.2).toFixed(2) }),
        EffectiveDate: effective,
      };
      await atInstant(morningOf(effective), async () => {
        const names = endorsementRequiredDocuments(
          request.EndorsementTypeId,
          request.ReasonEndorsementRequestId,
          request.EndorsementChangeTypeIds,
        )
          .filter((d) => d.IsRequired)
          .map((d) => d.Name);
        const body = createEndorsementBody.parse({
          ...request,
          Documents: await uploadDemoFiles(brokerCtx, names),
        });
        const filed = await perform(brokerCtx, calls.createEndorsement, () => create(brokerCtx, body));
        await playJobs(analystCtx, { endorsementId: filed.EndorsementId });
        await reviewAllConforme(analystCtx, { type: 'endorsement', id: filed.EndorsementId });
        // The analyst approves it on its card, as on the board (the decision goes to its owner).
        await moveOnBoard(
          analystCtx,
          { cardType: endorsementCardType(request.EndorsementTypeId), cardRef: filed.ProposalUniqueId },
          { kind: 'approve' },
          cancellation
            ? 'Obrigação extinta: termo de quitação do segurado conferido.'
            : 'Aditivo contratual conferido: aumento da importância segurada aprovado.',
        );
      });
    }
  }
};
