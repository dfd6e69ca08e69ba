import { ACCEPTANCE_NEAR_DAYS, type HomeSummary } from '@aval/contracts';
import { isInsurance, proposalStatusLabel } from '@aval/domain';
import type { UserContext } from '../../context.js';
import { currentTime } from '../../lib/clock.js';
import { proposalScope } from '../../lib/visibility.js';
import * as documents from '../documents/index.js';
import * as repo from './proposals.repository.js';
import { clockOf, EDITABLE_STATUSES, statusName } from './proposals.view.js';

/** Proposals read to pick the nearest acceptance deadlines and the pending documents from. */
const SCAN_LIMIT = 500;
const SHOWN = 8;

/** The caller's proposals per status (the home's chart). */
export const statusCounts = async (ctx: UserContext): Promise<HomeSummary['ProposalsByStatus']> =>
  (await repo.statusCounts(ctx.db, ctx.company.id, await proposalScope(ctx))).map((r) => ({
    StatusId: r.statusId,
    StatusName: proposalStatusLabel(r.statusId) ?? `Status ${r.statusId}`,
    Count: r.n,
  }));

/**
 * Insurer staff: proposals waiting on the insurer (2 Em análise, 6 Aguardando Corretor) whose 25-day
 * acceptance clock has at most ACCEPTANCE_NEAR_DAYS days left (overdue ones included), fewest first.
 */
export const acceptanceDue = async (
  ctx: UserContext,
  now = currentTime(),
): Promise<Pick<HomeSummary, 'AcceptanceDue' | 'AcceptanceDueTotal'>> => {
  if (!isInsurance(ctx.user.userType)) return { AcceptanceDue: [], AcceptanceDueTotal: 0 };
  const rows = await repo.inStatuses(
    ctx.db,
    ctx.company.id,
    await proposalScope(ctx),
    [2, 6],
    'analysis',
    SCAN_LIMIT,
  );
  const near = rows
    .map((row) => ({ row, clock: clockOf(row, now) }))
    .filter(({ clock }) => clock.Started && !clock.IsStopped && clock.DaysLeft <= ACCEPTANCE_NEAR_DAYS)
    .sort((a, b) => a.clock.DaysLeft - b.clock.DaysLeft || a.row.number - b.row.number);
  return {
    AcceptanceDueTotal: near.length,
    AcceptanceDue: near.slice(0, SHOWN).map(({ row, clock }) => ({
      UniqueId: row.uniqueId,
      Number: row.number,
      Kind: row.kind === 'property' ? ('property' as const) : ('surety' as const),
      StatusId: row.statusId,
      StatusName: statusName(row),
      PolicyHolderName: row.policyHolderName,
      BrokerName: row.brokerName,
      DaysLeft: clock.DaysLeft,
      IsPaused: clock.IsPaused,
      IsOverdue: clock.IsOverdue,
    })),
  };
};

/** Proposals still edited (8, 1, 6) with required documents not yet accepted, most pending first. */
export const pendingDocuments = async (
  ctx: UserContext,
): Promise<Pick<HomeSummary, 'PendingDocuments' | 'PendingDocumentsTotal'>> => {
  const rows = await repo.inStatuses(
    ctx.db,
    ctx.company.id,
    await proposalScope(ctx),
    EDITABLE_STATUSES,
    'updated',
    SCAN_LIMIT,
  );
  const counts = await documents.pendingRequiredCounts(
    ctx,
    'proposal',
    rows.map((r) => r.id),
  );
  const pending = rows
    .map((row) => ({ row, n: counts.get(row.id) ?? 0 }))
    .filter(({ n }) => n > 0)
    .sort((a, b) => b.n - a.n || b.row.number - a.row.number);
  return {
    PendingDocumentsTotal: pending.length,
    PendingDocuments: pending.slice(0, SHOWN).map(({ row, n }) => ({
      ProposalUniqueId: row.uniqueId,
      ProposalNumber: row.number,
      StatusId: row.statusId,
      StatusName: statusName(row),
      Pending: n,
    })),
  };
};
