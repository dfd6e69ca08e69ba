import type { ProposalLegalRules } from '@aval/contracts';
import { isInsurance, Permission as P, TimelineGroup, TimelineSituation, TimelineStatus } from '@aval/domain';
import type { UserContext } from '../../context.js';
import { currentTime } from '../../lib/clock.js';
import { invalidFields, unprocessable } from '../../lib/errors.js';
import { hasAny } from '../../lib/permissions.js';
import * as users from '../users/index.js';
import { load, versionConflict } from './proposals.access.js';
import { recordTimeline } from './proposals.lifecycle.js';
import * as repo from './proposals.repository.js';
import { obligationOf } from './proposals.view.sections.js';

/**
 * The legal rules of the guaranteed obligation block sending (domain.md §3, "The law blocks"): what
 * `checkObligation` finds is a breach; a breach released by an insurer user with permission 27 and
 * a justification no longer blocks. A release covers the breaches as they were when it was given,
 * for the IS, dates and obligation of then: a later change of any of them blocks again.
 */

const breachesOf = (row: repo.ProposalRow) => obligationOf(row)?.Warnings ?? [];
/** The values a release is given for: the IS, the dates and the obligation. */
const valuesOf = (row: repo.ProposalRow) =>
  [
    row.insuredAmount,
    row.startDate,
    row.endDate,
    row.obligationTypeId,
    row.obligationTierId,
    row.obligationValue,
  ].join('|');
/** The released breaches, while the proposal still has the values they were released for. */
const releasedOf = (row: repo.ProposalRow) =>
  row.legalOverrideOf === valuesOf(row) ? (row.legalOverrideRules?.split('\n').filter(Boolean) ?? []) : [];

/** The breaches not released: what stops the proposal from being sent. */
export const blockingBreaches = (row: repo.ProposalRow) => {
  const released = releasedOf(row);
  return breachesOf(row).filter((b) => !released.includes(b.Message));
};

const releaseHint =
  'Para enviar assim, peça à seguradora a liberação (permissão 27, Aprovação manual), com justificativa.';

/** Refuses to send a proposal that breaks a legal rule not released (422, one message per rule). */
export const assertLegalRules = (row: repo.ProposalRow) => {
  const blocking = blockingBreaches(row);
  if (blocking.length)
    throw invalidFields(
      422,
      blocking.map((b) => ({ Field: 'InsuredAmount', Message: `${b.Message} ${releaseHint}` })),
    );
};

const canOverride = (ctx: UserContext) => isInsurance(ctx.user.userType) && hasAny(ctx, P.APROVACAO_MANUAL);

/** Statuses where a release still matters: before the proposal goes to issuance. */
const OPEN = new Set([8, 1, 2, 6, 7]);

const viewOf = async (ctx: UserContext, row: repo.ProposalRow): Promise<ProposalLegalRules> => {
  const names = await users.userNames(ctx, [row.legalOverrideByUserId]);
  const breaches = breachesOf(row);
  return {
    Breaches: breaches,
    Blocking: blockingBreaches(row),
    Override:
      row.legalOverrideAt && row.legalOverrideJustification
        ? {
            Rules: row.legalOverrideRules?.split('\n').filter(Boolean) ?? [],
            Justification: row.legalOverrideJustification,
            ByName: (row.legalOverrideByUserId && names.get(row.legalOverrideByUserId)) || null,
            At: row.legalOverrideAt.toISOString(),
          }
        : null,
    CanOverride: canOverride(ctx) && OPEN.has(row.statusId) && blockingBreaches(row).length > 0,
  };
};

/** GetProposalLegalRules. */
export const legalRulesOf = async (ctx: UserContext, uniqueId: string) =>
  viewOf(ctx, await load(ctx, uniqueId));

/** OverrideProposalLegalRules: the breaches of now released, with who, when and why (timeline too). */
export const overrideLegalRules = async (
  ctx: UserContext,
  body: { ProposalUniqueId: string; Justification: string },
) => {
  const row = await load(ctx, body.ProposalUniqueId);
  if (!OPEN.has(row.statusId))
    throw unprocessable('A proposta já foi enviada à emissão: não há regra a liberar.');
  const breaches = breachesOf(row);
  if (breaches.length === 0) throw unprocessable('A proposta atende às regras legais: não há o que liberar.');
  const justification = body.Justification.trim();
  if (justification.length < 10)
    throw invalidFields(422, [
      { Field: 'Justification', Message: 'Justifique a liberação com ao menos 10 caracteres.' },
    ]);
  const saved = await repo.updateVersioned(ctx.db, row.id, row.version, {
    legalOverrideRules: breaches.map((b) => b.Message).join('\n'),
    legalOverrideOf: valuesOf(row),
    legalOverrideJustification: justification,
    legalOverrideByUserId: ctx.user.userId,
    legalOverrideAt: currentTime(),
    updatedByUserId: ctx.user.userId,
  });
  if (!saved) throw versionConflict(row);
  await recordTimeline(ctx, saved, {
    group: TimelineGroup.PROPOSTA,
    situation: TimelineSituation.SUBSCRICAO,
    status: TimelineStatus.SEGURADORA,
    text: `Regra legal liberada pela seguradora: ${breaches.map((b) => b.Message).join(' ')} Justificativa: “${justification}”`,
  });
  return viewOf(ctx, saved);
};
