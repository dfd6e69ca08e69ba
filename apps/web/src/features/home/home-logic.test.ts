import type { KanbanCard, KanbanStepWithCards } from '@aval/contracts';
import { describe, expect, it } from 'vitest';
import { inboxCards, pipeBars, proposalPath, statusBars, workedPipes } from './home-logic.js';

const card = (id: number, over: Partial<KanbanCard> = {}): KanbanCard => ({
  id,
  pipeId: 1,
  stepId: 1,
  cardType: 'PROPOSTA_SUBSCRICAO',
  cardRef: `ref-${id}`,
  cardData: { header: `Card ${id}`, body: '' },
  cpfCnpj: null,
  approvalBlockers: [],
  enteredStepAt: '2026-11-01T12:00:00.000Z',
  dueAt: null,
  sla: 'ok',
  assigneeUserId: null,
  version: 1,
  closed: false,
  createdAt: '2026-11-01T12:00:00.000Z',
  ...over,
});
const step = (cards: KanbanCard[]): KanbanStepWithCards => ({
  id: 1,
  name: 'Análise',
  position: 1,
  kind: 'work',
  slaHours: 24,
  wipLimit: null,
  cardCount: cards.length,
  lateCount: 0,
  cards,
});
const pipe = (id: number) => ({ id, name: `Esteira ${id}`, token: `token-${id}` });

describe('inboxCards', () => {
  it("should keep the user's and unassigned open cards, late first, then due soon, the user's first", () => {
    const me = 7;
    const list = inboxCards(
      [
        {
          pipe: pipe(1),
          steps: [
            step([
              card(1, { sla: 'ok', assigneeUserId: null, dueAt: '2026-11-03T00:00:00.000Z' }),
              card(2, { sla: 'late', assigneeUserId: 99 }), // someone else's: left out
              card(3, { sla: 'ok', assigneeUserId: me, dueAt: '2026-11-05T00:00:00.000Z' }),
              card(4, { sla: 'late', closed: true }), // closed: left out
            ]),
          ],
        },
        {
          pipe: pipe(2),
          steps: [
            step([
              card(5, { sla: 'dueSoon', dueAt: '2026-11-02T00:00:00.000Z' }),
              card(6, { sla: 'late', dueAt: '2026-11-01T00:00:00.000Z' }),
              card(7, { sla: 'late', assigneeUserId: me, dueAt: '2026-11-02T00:00:00.000Z' }),
              card(8, { sla: 'none' }),
            ]),
          ],
        },
      ],
      me,
    );
    expect(list.map((c) => c.card.id)).toEqual([7, 6, 5, 3, 1, 8]);
    expect(list.find((c) => c.card.id === 7)).toMatchObject({ mine: true, pipe: { token: 'token-2' } });
    expect(list.find((c) => c.card.id === 6)?.mine).toBe(false);
  });
});

describe('home charts', () => {
  it('should split each pipe into late and on-time cards', () => {
    expect(pipeBars([{ name: 'Crédito', cardCount: 5, lateCount: 2 }])).toEqual([
      { esteira: 'Crédito', 'Em atraso': 2, 'No prazo': 3 },
    ]);
  });

  it('should chart the statuses in progress in the order work flows, leaving out empty and final ones', () => {
    const bars = statusBars([
      { StatusId: 2, StatusName: 'Em análise', Count: 4 },
      { StatusId: 5, StatusName: 'Emitida', Count: 9 },
      { StatusId: 8, StatusName: 'Em Cotação', Count: 3 },
      { StatusId: 1, StatusName: 'Cotação', Count: 0 },
    ]);
    expect(bars).toEqual([
      { status: 'Em Cotação', Propostas: 3, statusId: 8 },
      { status: 'Em análise', Propostas: 4, statusId: 2 },
    ]);
  });

  it('should work only the pipes whose permission the user holds', () => {
    const pipes = [
      { id: 1, permissionId: 34 },
      { id: 2, permissionId: 35 },
    ];
    expect(workedPipes(pipes, new Set([35, 1]))).toEqual([{ id: 2, permissionId: 35 }]);
  });
});

describe('proposalPath', () => {
  it('should open quotes and proposals back with the broker in the wizard, the rest on their page', () => {
    expect(proposalPath({ UniqueId: 'u', StatusId: 8 }, 'broker')).toBe('/propostas/proposta/editar/u');
    expect(proposalPath({ UniqueId: 'u', StatusId: 6 }, 'broker')).toBe('/propostas/proposta/editar/u');
    expect(proposalPath({ UniqueId: 'u', StatusId: 2 }, 'broker')).toBe('/propostas/proposta/u');
    expect(proposalPath({ UniqueId: 'u', StatusId: 2, Kind: 'property' }, 'insurer')).toBe(
      '/propostas-seguradora/proposta/property/u',
    );
  });
});
