import type { KanbanCard, KanbanStep } from '@aval/contracts';
import type { Announcements, ClientRect, KeyboardCoordinateGetter, UniqueIdentifier } from '@dnd-kit/core';
import { NO_CARD_HEADER } from './board-card.js';

/**
 * Where ← / → take a card being moved with the keyboard: to the next step column on that side
 * (its centre), not 25 px as dnd-kit's default does, so one key press is one step. Up and down do
 * nothing (a column has no order). Pure over the rectangles dnd-kit measured.
 */
export const nextColumnCoordinates = (
  key: string,
  dragged: ClientRect,
  columns: readonly ClientRect[],
): { x: number; y: number } | undefined => {
  const direction = key === 'ArrowRight' ? 1 : key === 'ArrowLeft' ? -1 : 0;
  if (!direction) return undefined;
  const centre = dragged.left + dragged.width / 2;
  const centres = columns.map((c) => c.left + c.width / 2);
  const ahead = centres.filter((c) => (direction > 0 ? c > centre + 1 : c < centre - 1));
  if (!ahead.length) return undefined;
  const target = direction > 0 ? Math.min(...ahead) : Math.max(...ahead);
  return { x: target - dragged.width / 2, y: dragged.top };
};

export const stepKeyboardCoordinates: KeyboardCoordinateGetter = (event, { context }) => {
  const { collisionRect, droppableRects, droppableContainers } = context;
  if (!collisionRect) return undefined;
  const columns = droppableContainers
    .getEnabled()
    .map((c) => droppableRects.get(c.id))
    .filter((r): r is ClientRect => !!r);
  const next = nextColumnCoordinates(event.code, collisionRect, columns);
  if (next) event.preventDefault();
  return next;
};

type Data = { current?: { card?: KanbanCard; step?: KanbanStep } | Record<string, unknown> };
const cardName = (active: { id: UniqueIdentifier; data: Data }) =>
  (active.data.current?.card as KanbanCard | undefined)?.cardData?.header || NO_CARD_HEADER;
const stepName = (over: { data: Data } | null) => (over?.data.current?.step as KanbanStep | undefined)?.name;

/** What a screen reader hears while a card is moved (dnd-kit's are in English and say ids). */
export const boardAnnouncements: Announcements = {
  onDragStart: ({ active }) => `Card ${cardName(active)} selecionado para mover.`,
  onDragOver: ({ active, over }) => {
    const step = stepName(over);
    return step
      ? `Card ${cardName(active)} sobre a etapa ${step}.`
      : `Card ${cardName(active)} fora das etapas.`;
  },
  onDragEnd: ({ active, over }) => {
    const step = stepName(over);
    return step
      ? `Card ${cardName(active)} solto na etapa ${step}.`
      : `Card ${cardName(active)} não foi movido.`;
  },
  onDragCancel: ({ active }) => `Movimento do card ${cardName(active)} cancelado.`,
};
