import { canTransition, type ProposalStatusId, propertyProposalMachine, proposalMachine } from '@aval/domain';
import type { UserContext } from '../../context.js';
import { currentTime } from '../../lib/clock.js';
import { unprocessable } from '../../lib/errors.js';
import * as history from '../change-history/index.js';
import { proposalHistory, versionConflict } from './proposals.access.js';
import * as repo from './proposals.repository.js';
import { statusName } from './proposals.view.js';

/**
 * The one owner of the proposal life cycle (domain.md §3): every change of a proposal's status goes
 * through `transitionProposal`, which checks the move against the domain's state machine (the
 * property one for property proposals), keeps the acceptance clock, writes the status with the
 * other values of the step under the row's version, and records the change history and the
 * timeline entry once. Nothing else in the module writes `statusId`.
 */

/** One TimelineHistory entry: group, situation and timeline status (the proposal's is the row's). */
export type TimelineEntry = { group: number; situation: number; status: number; text: string };

/** Writes one timeline entry for the proposal in the status it now has. */
export const recordTimeline = (
  ctx: UserContext,
  row: Pick<repo.ProposalRow, 'id' | 'statusId'>,
  entry: TimelineEntry,
) =>
  repo.insertTimeline(ctx.db, {
    companyId: ctx.company.id,
    proposalId: row.id,
    groupId: entry.group,
    situationId: entry.situation,
    timelineStatusId: entry.status,
    proposalStatusId: row.statusId,
    description: entry.text,
    createdByUserId: ctx.user.userId,
  });

const machineOf = (row: Pick<repo.ProposalRow, 'kind'>) =>
  row.kind === 'property' ? propertyProposalMachine : proposalMachine;

/** Whether the proposal may move to `to` now (a pt-BR reason when not). */
export const mayTransition = (row: Pick<repo.ProposalRow, 'kind' | 'statusId'>, to: ProposalStatusId) =>
  canTransition(machineOf(row), row.statusId, to);

/** Statuses where the 25-day acceptance clock stops for good. */
const CLOCK_STOPS: readonly number[] = [7, 5, 97, 98, 99];

/** The acceptance clock across the move: paused while the broker holds it (6), stopped at a decision. */
const clockFor = (row: repo.ProposalRow, to: number): Partial<repo.ProposalInsert> => {
  if (to === 6) return { clockPausedSince: currentTime() };
  if (row.statusId === 6) {
    const paused = row.clockPausedSince
      ? Math.floor((currentTime().getTime() - row.clockPausedSince.getTime()) / 1000)
      : 0;
    return {
      clockPausedSince: null,
      clockPausedSeconds: row.clockPausedSeconds + paused,
      ...(CLOCK_STOPS.includes(to) ? { clockStoppedAt: row.clockStoppedAt ?? currentTime() } : {}),
    };
  }
  if (CLOCK_STOPS.includes(to)) return { clockStoppedAt: row.clockStoppedAt ?? currentTime() };
  return {};
};

/**
 * Moves the proposal to `to`: refused with the machine's pt-BR reason (422) when the move does not
 * exist; 409 when someone changed the row since it was read. `values` are the step's other columns
 * (commission disclosure, analysis start…). A background job (user 0) records as 'Sistema'.
 */
export const transitionProposal = async (
  ctx: UserContext,
  row: repo.ProposalRow,
  to: ProposalStatusId,
  entry: TimelineEntry,
  values: Partial<Omit<repo.ProposalInsert, 'statusId'>> = {},
) => {
  const check = mayTransition(row, to);
  if (!check.ok) throw unprocessable(check.reason, 'status_transition');
  const saved = await repo.updateVersioned(ctx.db, row.id, row.version, {
    ...clockFor(row, to),
    ...values,
    statusId: to,
    updatedByUserId: ctx.user.userId || null,
  });
  if (!saved) throw versionConflict(row);
  await history.recordChanges(
    { ...ctx, user: ctx.user.userId ? ctx.user : undefined },
    proposalHistory.of(row.id),
    [{ field: 'Status', old: statusName(row), new: statusName(saved) }],
  );
  await recordTimeline(ctx, saved, entry);
  return saved;
};
