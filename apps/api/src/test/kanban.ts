import { filterKanbanPipeSteps, getKanbanPipe, type KanbanCard, listKanbanPipes } from '@aval/contracts';
import type { Caller } from './call.js';
import type { TestApp } from './harness.js';

/** A pipe of the board with its steps, by its token ('cadastro', 'credito', 'subscricao', ...). */
export const pipeByToken = async (t: TestApp, token: string, as: Caller = 'analista') => {
  const pipes = await t.data(listKanbanPipes, { as });
  return t.data(getKanbanPipe, { as, params: { id: pipes.find((p) => p.token === token)!.id } });
};

/** The cards the board's search finds on a pipe for `text` (a card ref, a name, a document). */
export const searchCards = async (
  t: TestApp,
  pipeId: number,
  text: string,
  as: Caller = 'analista',
): Promise<KanbanCard[]> => {
  const steps = await t.data(filterKanbanPipeSteps, {
    as,
    params: { id: pipeId },
    query: { filterCardsValues: text },
  });
  return steps.flatMap((s) => s.cards);
};

/** The card of `ref` on a pipe (of `cardType`, when given); undefined while it is not there. */
export const findCard = async (
  t: TestApp,
  pipeId: number,
  ref: string,
  { cardType, as }: { cardType?: string; as?: Caller } = {},
): Promise<KanbanCard | undefined> =>
  (await searchCards(t, pipeId, ref, as)).find(
    (c) => c.cardRef === ref && (!cardType || c.cardType === cardType),
  );
