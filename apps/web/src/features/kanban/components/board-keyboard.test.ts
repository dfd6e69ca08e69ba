import { describe, expect, it } from 'vitest';
import { boardAnnouncements, nextColumnCoordinates } from './board-keyboard.js';

const rect = (left: number, width = 290, top = 100, height = 600) => ({
  left,
  width,
  top,
  height,
  right: left + width,
  bottom: top + height,
});
// Three columns of 290 px with 12 px gaps; a dragged card of 260 px inside the first.
const columns = [rect(0), rect(302), rect(604)];
const card = rect(15, 260, 180, 120);

describe('moving a card with the keyboard', () => {
  it('should take one arrow press to the centre of the next column on that side', () => {
    const right = nextColumnCoordinates('ArrowRight', card, columns);
    expect(right).toEqual({ x: 302 + 145 - 130, y: 180 });
    const fromSecond = rect(right!.x, 260, 180, 120);
    expect(nextColumnCoordinates('ArrowRight', fromSecond, columns)?.x).toBe(604 + 145 - 130);
    expect(nextColumnCoordinates('ArrowLeft', fromSecond, columns)?.x).toBe(145 - 130);
  });

  it('should stay put at either end and on up, down or other keys', () => {
    expect(nextColumnCoordinates('ArrowLeft', card, columns)).toBeUndefined();
    expect(nextColumnCoordinates('ArrowRight', rect(619, 260, 180, 120), columns)).toBeUndefined();
    expect(nextColumnCoordinates('ArrowDown', card, columns)).toBeUndefined();
    expect(nextColumnCoordinates('KeyA', card, columns)).toBeUndefined();
  });

  it('should announce the card and the step by name in Portuguese', () => {
    const active = {
      id: 7,
      data: { current: { card: { cardData: { header: 'Corretora Alfa' } } } },
      rect: { current: { initial: null, translated: null } },
    };
    const over = { id: 'step-3', data: { current: { step: { name: 'Em análise' } } } };
    // biome-ignore lint/suspicious/noExplicitAny: dnd-kit's event objects, reduced to what is read
    const e = { active, over } as any;
    expect(boardAnnouncements.onDragStart(e)).toBe('Card Corretora Alfa selecionado para mover.');
    expect(boardAnnouncements.onDragOver(e)).toBe('Card Corretora Alfa sobre a etapa Em análise.');
    expect(boardAnnouncements.onDragEnd(e)).toBe('Card Corretora Alfa solto na etapa Em análise.');
    expect(boardAnnouncements.onDragEnd({ ...e, over: null })).toBe('Card Corretora Alfa não foi movido.');
  });
});
