import { KANBAN_DECISIONS_QUEUE, kanbanDecision } from '@aval/contracts';
import type { CardTypeValue } from '@aval/domain';
import type { Platform } from '../../context.js';
import { AppError } from '../../lib/errors.js';
import { runAsInsurerUser } from '../../plugins/job-context.js';
import { defineQueue } from '../../plugins/jobs.js';
/**
 * Decisions taken on the board (a card moved into an approve or refuse step), sent by the kanban
 * service: the owner registered for the card type (`platform.wiring.cardOwners`) applies them as the user who moved the card, with the justification. A
 * decision the owner refuses as a business rule (already decided, record gone) is logged and
 * dropped; anything else is retried.
 */
export const kanbanDecisionsQueue = (platform: Platform) =>
  defineQueue({
    name: KANBAN_DECISIONS_QUEUE,
    data: kanbanDecision,
    retryLimit: 5,
    handler: async (decision, job) => {
      const handler = platform.wiring.cardOwners[decision.cardType as CardTypeValue]?.decide;
      if (!handler) {
        job.log.info({ cardType: decision.cardType }, 'kanban decision without an owner handler');
        return;
      }
      try {
        await runAsInsurerUser(
          platform,
          { companyId: decision.companyId, userId: decision.actorUserId, jobId: job.id },
          job.log,
          (ctx) => handler(ctx, decision),
        );
      } catch (err) {
        if (err instanceof AppError && err.status < 500) {
          job.log.warn(
            { cardType: decision.cardType, reason: err.message },
            'kanban decision refused by its owner',
          );
          return;
        }
        throw err;
      }
    },
  });
