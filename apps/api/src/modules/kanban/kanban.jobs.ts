import { CardType, KANBAN_DECISIONS_QUEUE, type KanbanDecision, kanbanDecision } from '@aval/contracts';
import type { Platform, UserContext } from '../../context.js';
import { AppError } from '../../lib/errors.js';
import { runAsInsurerUser } from '../../plugins/job-context.js';
import { defineQueue } from '../../plugins/jobs.js';
import { applyRegistrationCardDecision } from '../brokers/brokers.registration.js';
import { applyCardDecision as applyEndorsementCardDecision } from '../endorsements/endorsements.service.js';
import { applyBranchActivityCardDecision } from '../policy-holders/policy-holders.branch-activity.js';
import { applyCcgCardDecision } from '../policy-holders/policy-holders.ccg.js';
import { applyLimitRequestCardDecision } from '../policy-holders/policy-holders.limit-requests.js';
import { applyNominationCardDecision } from '../policy-holders/policy-holders.nominations.js';
import { proposalCardDecision } from '../proposals/proposals.cards.js';

/** What an owner does with a decision taken on one of its cards (in the company's transaction). */
export type DecisionHandler = (ctx: UserContext, decision: KanbanDecision) => Promise<void>;

/** The owner of each card type that feeds decisions back (the others only move on the board). */
export const decisionHandlers: Partial<Record<KanbanDecision['cardType'], DecisionHandler>> = {
  [CardType.ANALISE_DOCUMENTACAO_CORRETORA]: applyRegistrationCardDecision,
  [CardType.ANALISE_CONFORMIDADE_CORRETORA]: applyRegistrationCardDecision,
  [CardType.NOMEACAO_TOMADOR]: applyNominationCardDecision,
  // Proposal cards (issue 15): a decision on a card a proposal waits on resumes or refuses it; the
  // registry owners' own cards (limit review, branch activity, CCG) go to their owner.
  [CardType.REQUEST_LIMIT]: proposalCardDecision(applyLimitRequestCardDecision),
  [CardType.RAMO_ATIVIDADE]: proposalCardDecision(applyBranchActivityCardDecision, { ownerFirst: true }),
  [CardType.ANALISE_CCG]: proposalCardDecision(applyCcgCardDecision),
  [CardType.ANALISE_CCG_MANUAL]: applyCcgCardDecision,
  [CardType.ENDOSSO_ALTERACAO]: applyEndorsementCardDecision,
  [CardType.ENDOSSO_CANCELAMENTO]: applyEndorsementCardDecision,
  [CardType.TOMADOR_QSA_PEP]: proposalCardDecision(),
  [CardType.SEGURADO_QSA_PEP]: proposalCardDecision(),
  [CardType.CORRETORA_PEP]: proposalCardDecision(applyRegistrationCardDecision),
  [CardType.GRUPO_ECONOMICO]: proposalCardDecision(),
  [CardType.PROPOSTA_SUBSCRICAO]: proposalCardDecision(),
  [CardType.PROPOSTA_INSPECAO]: proposalCardDecision(),
  [CardType.PROPOSTA]: proposalCardDecision(),
};

/**
 * Decisions taken on the board (a card moved into an approve or refuse step), sent by the kanban
 * service: the owner applies them as the user who moved the card, with the justification. A
 * decision the owner refuses as a business rule (already decided, record gone) is logged and
 * dropped; anything else is retried.
 */
export const kanbanDecisionsQueue = (platform: Platform) =>
  defineQueue({
    name: KANBAN_DECISIONS_QUEUE,
    data: kanbanDecision,
    retryLimit: 5,
    handler: async (decision, job) => {
      const handler = decisionHandlers[decision.cardType];
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
