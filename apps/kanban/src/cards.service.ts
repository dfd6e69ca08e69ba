import type { KanbanCardCommand } from '@aval/contracts';
import { cardTypePipe, isCardType, unmaskCpfCnpj } from '@aval/domain';
import { currentTime } from '@aval/transport/clock';
import { withTenant } from '@aval/transport/tenancy';
import * as cardsRepo from './cards.repository.js';
import type { KanbanDb } from './context.js';
import { publishBoardEvent } from './events.js';
import * as pipesRepo from './pipes.repository.js';

export type CardCommandResult = {
  cardId?: number;
  outcome: 'opened' | 'reopened' | 'updated' | 'closed' | 'ignored';
};

/**
 * Applies an owner's card command in the company's RLS transaction, idempotently: opening an
 * existing card (same type and ref) refreshes its data (reopening it in the first step when it was
 * closed); updating or closing an unknown card is ignored.
 */
export const applyCardCommand = (db: KanbanDb, command: KanbanCardCommand): Promise<CardCommandResult> =>
  withTenant(db, command.companyId, (tx) => applyCardCommandIn(tx, command));

/** `applyCardCommand` inside a transaction the caller holds (the demo seed, as the owner). */
export const applyCardCommandIn = async (
  tx: KanbanDb,
  command: KanbanCardCommand,
): Promise<CardCommandResult> => {
  const companyId = command.companyId;
  if (!isCardType(command.cardType)) return { outcome: 'ignored' };
  const cpfCnpj = command.cpfCnpj ? unmaskCpfCnpj(command.cpfCnpj).toUpperCase() || null : null;
  const existing = await cardsRepo.findCardByRef(tx, companyId, command.cardType, command.cardRef);
  const data = {
    ...(command.cardData === undefined ? {} : { cardData: command.cardData ?? null }),
    ...(command.approvalBlockers === undefined ? {} : { approvalBlockers: command.approvalBlockers ?? [] }),
  };
  const publish = (cardId: number, pipeId: number, kind: 'opened' | 'updated' | 'closed') =>
    publishBoardEvent(tx, { companyId, pipeId, kind, cardId });

  if (command.action === 'open') {
    const token = cardTypePipe[command.cardType];
    // The company's pipes are provisioned by its first card or board visit, not checked on every command.
    let pipe = await pipesRepo.findPipeByToken(tx, companyId, token);
    if (!pipe) {
      await pipesRepo.ensurePipes(tx, companyId);
      pipe = await pipesRepo.findPipeByToken(tx, companyId, token);
    }
    if (!pipe) return { outcome: 'ignored' };
    const steps = await pipesRepo.stepsOfPipe(tx, companyId, pipe.id);
    const start = steps.find((s) => s.name === command.stepName) ?? steps[0];
    if (!start) return { outcome: 'ignored' };
    if (existing) {
      const reopen = existing.closedAt !== null;
      const card = await cardsRepo.updateCard(tx, companyId, existing.id, {
        ...data,
        cpfCnpj: cpfCnpj ?? existing.cpfCnpj,
        ...(reopen ? { closedAt: null, stepId: start.id, enteredStepAt: currentTime() } : {}),
      });
      await publish(card.id, card.pipeId, reopen ? 'opened' : 'updated');
      return { cardId: card.id, outcome: reopen ? 'reopened' : 'updated' };
    }
    const card = await cardsRepo.insertCard(tx, {
      companyId,
      pipeId: pipe.id,
      stepId: start.id,
      cardType: command.cardType,
      cardRef: command.cardRef,
      cardData: command.cardData ?? null,
      approvalBlockers: command.approvalBlockers ?? [],
      cpfCnpj,
      enteredStepAt: command.enteredStepAt ? new Date(command.enteredStepAt) : currentTime(),
    });
    if (!card) return { outcome: 'ignored' };
    await cardsRepo.insertMove(tx, {
      companyId,
      cardId: card.id,
      fromStepId: null,
      toStepId: start.id,
      userId: null,
      movedAt: card.enteredStepAt,
    });
    await publish(card.id, pipe.id, 'opened');
    return { cardId: card.id, outcome: 'opened' };
  }
  if (!existing) return { outcome: 'ignored' };
  // The owner moves its open card to a step by name (sent to the broker, decided on its screen).
  // …or, closing on a decision taken elsewhere, to the pipe's step of that kind.
  const wanted = command.stepName
    ? (s: { name: string }) => s.name === command.stepName
    : command.action === 'close' && command.decision
      ? (s: { kind: string }) => s.kind === command.decision
      : undefined;
  const target =
    wanted && !existing.closedAt
      ? (await pipesRepo.stepsOfPipe(tx, companyId, existing.pipeId)).find(
          (s) => wanted(s) && s.id !== existing.stepId,
        )
      : undefined;
  const now = currentTime();
  if (target) {
    await cardsRepo.insertMove(tx, {
      companyId,
      cardId: existing.id,
      fromStepId: existing.stepId,
      toStepId: target.id,
      userId: command.actorUserId ?? null,
      justification: command.justification ?? null,
      secondsInStep: Math.max(0, Math.round((now.getTime() - existing.enteredStepAt.getTime()) / 1000)),
      movedAt: now,
    });
  }
  const moved = target ? { stepId: target.id, enteredStepAt: now } : {};
  if (command.action === 'update') {
    const card = await cardsRepo.updateCard(tx, companyId, existing.id, {
      ...data,
      ...moved,
      cpfCnpj: cpfCnpj ?? existing.cpfCnpj,
    });
    await publish(card.id, card.pipeId, 'updated');
    return { cardId: card.id, outcome: 'updated' };
  }
  if (existing.closedAt) return { cardId: existing.id, outcome: 'ignored' };
  const card = await cardsRepo.updateCard(tx, companyId, existing.id, { ...data, ...moved, closedAt: now });
  await publish(card.id, card.pipeId, 'closed');
  return { cardId: card.id, outcome: 'closed' };
};
