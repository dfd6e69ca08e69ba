import type { KanbanCard, KanbanPipe, KanbanStepWithCards } from '@aval/contracts';

/** A card of the insurer's inbox: the card, its pipe and whether it is the user's. */
export type InboxCard = { card: KanbanCard; pipe: Pick<KanbanPipe, 'id' | 'name' | 'token'>; mine: boolean };

const slaRank: Record<KanbanCard['sla'], number> = { late: 0, dueSoon: 1, ok: 2, none: 3 };

/**
 * The insurer's inbox: the open cards of the user's pipes (first page of every step) that are
 * assigned to the user or to nobody, late first, then due soon, then the user's own, then the
 * earliest due (or oldest in its step). Cards another person took are theirs to work.
 */
export const inboxCards = (
  boards: { pipe: Pick<KanbanPipe, 'id' | 'name' | 'token'>; steps: KanbanStepWithCards[] }[],
  userId: number,
): InboxCard[] => {
  const list: InboxCard[] = [];
  for (const { pipe, steps } of boards)
    for (const step of steps)
      for (const card of step.cards) {
        if (card.closed) continue;
        if (card.assigneeUserId !== null && card.assigneeUserId !== userId) continue;
        list.push({ card, pipe, mine: card.assigneeUserId === userId });
      }
  const when = (c: KanbanCard) => Date.parse(c.dueAt ?? c.enteredStepAt);
  return list.sort(
    (a, b) =>
      slaRank[a.card.sla] - slaRank[b.card.sla] ||
      Number(b.mine) - Number(a.mine) ||
      when(a.card) - when(b.card) ||
      a.card.id - b.card.id,
  );
};

/** The pipes the user works: those whose moving permission (34-40) the user holds. */
export const workedPipes = <T extends Pick<KanbanPipe, 'permissionId'>>(pipes: T[], held: Set<number>) =>
  pipes.filter((p) => held.has(p.permissionId));

/** Bars of the per-pipe chart: open cards split into late and on time. */
export const pipeBars = (pipes: Pick<KanbanPipe, 'name' | 'cardCount' | 'lateCount'>[]) =>
  pipes.map((p) => ({
    esteira: p.name,
    'Em atraso': p.lateCount,
    'No prazo': Math.max(0, p.cardCount - p.lateCount),
  }));

/** Proposal statuses still in progress on the broker's side, in the order work flows. */
export const inProgressStatuses = [8, 1, 2, 6, 9, 7, 3, 4] as const;

/** The status chart: statuses in progress in flow order, with their counts (zeros kept out). */
export const statusBars = (counts: { StatusId: number; StatusName: string; Count: number }[]) =>
  inProgressStatuses.flatMap((id) => {
    const row = counts.find((c) => c.StatusId === id);
    return row && row.Count > 0 ? [{ status: row.StatusName, Propostas: row.Count, statusId: id }] : [];
  });

/** Where a proposal is worked: the wizard while it is a quote (8, 1) or back with the broker (6). */
export const proposalPath = (
  p: { UniqueId: string; StatusId: number; Kind?: string },
  side: 'broker' | 'insurer',
) => {
  if (side === 'insurer') return `/propostas-seguradora/proposta/${p.Kind ?? 'surety'}/${p.UniqueId}`;
  return [8, 1, 6].includes(p.StatusId)
    ? `/propostas/proposta/editar/${p.UniqueId}`
    : `/propostas/proposta/${p.UniqueId}`;
};
