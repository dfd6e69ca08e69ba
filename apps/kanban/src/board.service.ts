import {
  KANBAN_PAGE_SIZE,
  type KanbanCard,
  type KanbanPipe,
  type KanbanStep,
  type KanbanStepWithCards,
} from '@aval/contracts';
import {
  brazilDayStart,
  isDecisionStep,
  type PermissionId,
  pipeCatalogue,
  StepKind,
  slaDueAt,
  slaState,
} from '@aval/domain';
import { conflict, forbidden, notFound, unprocessable } from '@aval/transport';
import { currentTime } from '@aval/transport/clock';
import type { CardFilter, CardRow } from './cards.repository.js';
import * as cardsRepo from './cards.repository.js';
import type { KanbanTenantContext, KanbanUserContext } from './context.js';
import { publishBoardEvent } from './events.js';
import type { StepRow } from './pipes.repository.js';
import * as pipesRepo from './pipes.repository.js';

/** A card as the board shows it (spec: cardType, cardRef, cardData with header, body, footer). */
export const toCard = (card: CardRow, slaHours: number | null, now = new Date()): KanbanCard => {
  const due = card.closedAt ? undefined : slaDueAt(card.enteredStepAt, slaHours);
  return {
    id: card.id,
    pipeId: card.pipeId,
    stepId: card.stepId,
    cardType: card.cardType,
    cardRef: card.cardRef,
    cardData: card.cardData ?? null,
    cpfCnpj: card.cpfCnpj,
    enteredStepAt: card.enteredStepAt.toISOString(),
    dueAt: due?.toISOString() ?? null,
    sla: card.closedAt ? 'none' : slaState(card.enteredStepAt, slaHours, now),
    assigneeUserId: card.assigneeUserId,
    approvalBlockers: card.approvalBlockers ?? [],
    version: card.version,
    closed: card.closedAt !== null,
    createdAt: card.createdAt.toISOString(),
  };
};

const toStep = (step: StepRow, counts?: { cardCount: number; lateCount: number }): KanbanStep => ({
  id: step.id,
  name: step.name,
  position: step.position,
  kind: step.kind,
  slaHours: step.slaHours,
  wipLimit: step.wipLimit,
  cardCount: counts?.cardCount ?? 0,
  lateCount: counts?.lateCount ?? 0,
});

/** The company's pipes; the catalogue's seven are created on the company's first visit. */
/** The company's pipes as `read` gives them, creating the catalogue's missing ones first. */
const withCatalogue = async <P extends { token: string }>(
  ctx: KanbanTenantContext,
  read: () => Promise<P[]>,
): Promise<P[]> => {
  const rows = await read();
  const have = new Set(rows.map((p) => p.token));
  if (pipeCatalogue.every((p) => have.has(p.token))) return rows;
  await pipesRepo.ensurePipes(ctx.db, ctx.company.id);
  return read();
};

export const listPipes = (ctx: KanbanTenantContext): Promise<KanbanPipe[]> =>
  withCatalogue(ctx, () => pipesRepo.listPipesWithCounts(ctx.db, ctx.company.id));

/**
 * BI: per pipe and step, the time cards spent in the step (moves out of it within the period: average
 * and 90th percentile) and the open and late cards now. The period defaults to the last 90 days.
 */
export const pipeStats = async (ctx: KanbanTenantContext, q: { from?: string; to?: string }) => {
  const to = q.to ? new Date(brazilDayStart(q.to).getTime() + 86_400_000) : new Date();
  const from = q.from ? brazilDayStart(q.from) : new Date(to.getTime() - 90 * 86_400_000);
  if (from >= to) throw unprocessable('A data inicial deve ser anterior à final.', 'invalid_period');
  const pipes = await withCatalogue(ctx, () => pipesRepo.pipesOfCompany(ctx.db, ctx.company.id));
  const steps = await pipesRepo.stepsOfCompany(ctx.db, ctx.company.id);
  const times = await pipesRepo.timeInSteps(ctx.db, ctx.company.id, from, to);
  const counts = await cardsRepo.countsByStep(ctx.db, cardsRepo.openOfCompany(ctx.company.id));
  return pipes.map((pipe) => {
    const pipeSteps = steps
      .filter((s) => s.pipeId === pipe.id)
      .map((s) => {
        const time = times.get(s.id);
        const now = counts.get(s.id);
        return {
          stepId: s.id,
          stepName: s.name,
          position: s.position,
          moves: time?.moves ?? 0,
          avgHours: time ? time.avgHours : null,
          p90Hours: time ? time.p90Hours : null,
          openCards: now?.cardCount ?? 0,
          lateCards: now?.lateCount ?? 0,
        };
      });
    // The pipe's totals are its steps' (one count query, not a second one per pipe).
    return {
      pipeId: pipe.id,
      pipeName: pipe.name,
      token: pipe.token,
      openCards: pipeSteps.reduce((n, s) => n + s.openCards, 0),
      lateCards: pipeSteps.reduce((n, s) => n + s.lateCards, 0),
      steps: pipeSteps,
    };
  });
};

const getPipe = async (ctx: KanbanTenantContext, pipeId: number) => {
  const pipe = await pipesRepo.findPipe(ctx.db, ctx.company.id, pipeId);
  if (!pipe) throw notFound('Esteira não encontrada.', 'pipe_not_found');
  return pipe;
};

export const pipeWithSteps = async (ctx: KanbanTenantContext, pipeId: number) => {
  const pipe = await getPipe(ctx, pipeId);
  const steps = await pipesRepo.stepsOfPipe(ctx.db, ctx.company.id, pipe.id);
  const counts = await cardsRepo.countsByStep(ctx.db, cardsRepo.filterCondition(ctx.company.id, pipe.id, {}));
  const all = [...counts.values()];
  return {
    id: pipe.id,
    name: pipe.name,
    token: pipe.token,
    position: pipe.position,
    permissionId: pipe.permissionId,
    cardCount: all.reduce((n, c) => n + c.cardCount, 0),
    lateCount: all.reduce((n, c) => n + c.lateCount, 0),
    steps: steps.map((s) => toStep(s, counts.get(s.id))),
  };
};

/** Every step of the pipe with its counts and first page of cards matching the filter. */
export const filterSteps = async (
  ctx: KanbanTenantContext,
  pipeId: number,
  filter: CardFilter,
): Promise<KanbanStepWithCards[]> => {
  const condition = cardsRepo.filterCondition(ctx.company.id, pipeId, filter);
  // Four reads sent together (one round trip on a pipelined connection); another company's or an
  // unknown pipe has no steps and no cards.
  const [pipe, steps, counts, cards] = await Promise.all([
    pipesRepo.findPipe(ctx.db, ctx.company.id, pipeId),
    pipesRepo.stepsOfPipe(ctx.db, ctx.company.id, pipeId),
    cardsRepo.countsByStep(ctx.db, condition),
    cardsRepo.firstPageOfEachStep(ctx.db, condition, pipeId, KANBAN_PAGE_SIZE),
  ]);
  if (!pipe) throw notFound('Esteira não encontrada.', 'pipe_not_found');
  const now = new Date();
  return steps.map((step) => ({
    ...toStep(step, counts.get(step.id)),
    cards: cards.filter((c) => c.stepId === step.id).map((c) => toCard(c, c.slaHours, now)),
  }));
};

/** The next page of one step: `skip` cards skipped (spec §9). */
export const skipStepCards = async (
  ctx: KanbanTenantContext,
  pipeId: number,
  stepId: number,
  skip: number,
  filter: CardFilter,
): Promise<KanbanCard[]> => {
  const pipe = await getPipe(ctx, pipeId);
  const step = await pipesRepo.findStep(ctx.db, ctx.company.id, stepId);
  if (!step || step.pipeId !== pipe.id)
    throw notFound('Etapa não encontrada nesta esteira.', 'step_not_found');
  const condition = cardsRepo.filterCondition(ctx.company.id, pipe.id, filter);
  const rows = await cardsRepo.cardsOfStep(ctx.db, condition, step.id, skip, KANBAN_PAGE_SIZE);
  const now = new Date();
  return rows.map((r) => toCard(r, r.slaHours, now));
};

export const STALE_MOVE_MESSAGE =
  'Este card foi movimentado ou alterado por outra pessoa. Atualize a esteira e tente novamente.';

export type MoveInput = {
  stepId: number;
  cardId: number;
  stepToId: number;
  version?: number;
  justification?: string;
};

/** What a move into an approve or refuse step hands to the card's owner. */
export type Decision = {
  companyId: number;
  cardId: number;
  cardType: string;
  cardRef: string;
  decision: 'approve' | 'refuse';
  actorUserId: number;
  justification?: string;
  stepName: string;
  /** The move that took the decision (idempotency of the message). */
  moveId: number;
};

/**
 * Moves a card to another step of its pipe. Needs the pipe's management permission; refuses a
 * stale move (the card left `stepId` or changed version) with 409 instead of overwriting; records
 * the move with the time spent in the step, the board event, and, into an approve or refuse step,
 * hands the decision to `onDecision` in the same transaction.
 */
export const moveCard = async (
  ctx: KanbanUserContext,
  input: MoveInput,
  onDecision?: (decision: Decision) => Promise<void>,
): Promise<KanbanCard> => {
  const card = await cardsRepo.lockCard(ctx.db, ctx.company.id, input.cardId);
  if (!card) throw notFound('Card não encontrado.', 'card_not_found');
  const pipe = await getPipe(ctx, card.pipeId);
  if (!ctx.user.permissions.has(pipe.permissionId as PermissionId)) {
    throw forbidden(
      `Você não tem permissão para movimentar cards da esteira ${pipe.name}.`,
      'pipe_permission_missing',
    );
  }
  if (card.stepId !== input.stepId || (input.version !== undefined && input.version !== card.version)) {
    throw conflict(STALE_MOVE_MESSAGE, 'stale_move');
  }
  if (card.closedAt)
    throw unprocessable('Este card já foi encerrado e não pode ser movimentado.', 'card_closed');
  const target = await pipesRepo.findStep(ctx.db, ctx.company.id, input.stepToId);
  if (!target || target.pipeId !== card.pipeId) {
    throw unprocessable('A etapa de destino não pertence à esteira do card.', 'step_other_pipe');
  }
  if (target.id === card.stepId) throw unprocessable('O card já está nesta etapa.', 'same_step');
  const justification = input.justification?.trim() || undefined;
  if (target.kind === StepKind.APPROVE && card.approvalBlockers?.length) {
    throw unprocessable(
      `Este card ainda não pode ser aprovado: ${card.approvalBlockers.join('; ')}.`,
      'approval_blocked',
    );
  }
  if (target.kind === StepKind.REFUSE && !justification) {
    throw unprocessable('Informe a justificativa da recusa.', 'justification_required');
  }
  const now = currentTime();
  const moved = await cardsRepo.updateCard(ctx.db, ctx.company.id, card.id, {
    stepId: target.id,
    enteredStepAt: now,
  });
  const moveId = await cardsRepo.insertMove(ctx.db, {
    companyId: ctx.company.id,
    cardId: card.id,
    fromStepId: card.stepId,
    toStepId: target.id,
    userId: ctx.user.userId,
    justification: justification ?? null,
    secondsInStep: Math.max(0, Math.round((now.getTime() - card.enteredStepAt.getTime()) / 1000)),
    movedAt: now,
  });
  await publishBoardEvent(ctx.db, {
    companyId: ctx.company.id,
    pipeId: card.pipeId,
    kind: 'moved',
    cardId: card.id,
  });
  if (isDecisionStep(target.kind) && onDecision) {
    await onDecision({
      companyId: ctx.company.id,
      cardId: card.id,
      cardType: card.cardType,
      cardRef: card.cardRef,
      decision: target.kind,
      actorUserId: ctx.user.userId,
      justification,
      stepName: target.name,
      moveId,
    });
  }
  return toCard(moved, target.slaHours, now);
};

/** A card with its moves (step names resolved), for its detail view. */
export const cardHistory = async (ctx: KanbanTenantContext, cardId: number) => {
  const card = await cardsRepo.findCard(ctx.db, ctx.company.id, cardId);
  if (!card) throw notFound('Card não encontrado.', 'card_not_found');
  const steps = await pipesRepo.stepsOfPipe(ctx.db, ctx.company.id, card.pipeId);
  const names = new Map(steps.map((s) => [s.id, s.name]));
  const moves = await cardsRepo.movesOfCard(ctx.db, ctx.company.id, card.id);
  const step = steps.find((s) => s.id === card.stepId);
  return {
    card: toCard(card, step?.slaHours ?? null),
    moves: moves.map((m) => ({
      id: m.id,
      fromStepId: m.fromStepId,
      fromStepName: m.fromStepId === null ? null : (names.get(m.fromStepId) ?? null),
      toStepId: m.toStepId,
      toStepName: names.get(m.toStepId) ?? '',
      userId: m.userId,
      justification: m.justification,
      secondsInStep: m.secondsInStep,
      movedAt: m.movedAt.toISOString(),
    })),
  };
};

/** Takes (the caller) or releases (null) a card; the pipe's management permission, no stale version. */
export const assignCard = async (
  ctx: KanbanUserContext,
  cardId: number,
  input: { assigneeUserId: number | null; version?: number },
): Promise<KanbanCard> => {
  const card = await cardsRepo.lockCard(ctx.db, ctx.company.id, cardId);
  if (!card) throw notFound('Card não encontrado.', 'card_not_found');
  const pipe = await getPipe(ctx, card.pipeId);
  if (!ctx.user.permissions.has(pipe.permissionId as PermissionId)) {
    throw forbidden(
      `Você não tem permissão para atribuir cards da esteira ${pipe.name}.`,
      'pipe_permission_missing',
    );
  }
  if (input.version !== undefined && input.version !== card.version) {
    throw conflict(STALE_MOVE_MESSAGE, 'stale_move');
  }
  if (input.assigneeUserId !== null && input.assigneeUserId !== ctx.user.userId) {
    throw unprocessable('Você só pode assumir um card para si mesmo.', 'assignee_not_self');
  }
  if (card.closedAt) throw unprocessable('Este card já foi encerrado.', 'card_closed');
  const updated = await cardsRepo.updateCard(ctx.db, ctx.company.id, card.id, {
    assigneeUserId: input.assigneeUserId,
  });
  await publishBoardEvent(ctx.db, {
    companyId: ctx.company.id,
    pipeId: card.pipeId,
    kind: 'updated',
    cardId,
  });
  const step = await pipesRepo.findStep(ctx.db, ctx.company.id, card.stepId);
  return toCard(updated, step?.slaHours ?? null);
};
