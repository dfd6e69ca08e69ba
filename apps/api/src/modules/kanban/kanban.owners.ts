import type { KanbanDecision } from '@aval/contracts';
import type { CardTypeValue } from '@aval/domain';
import type { UserContext } from '../../context.js';

/**
 * What the owner of a card type lends the kanban module (registered in `wireModules`, wiring.ts;
 * the kanban module imports no owner): what a decision taken on the board does, and who is the
 * card's other side for observations.
 */

/** What an owner does with a decision taken on one of its cards (in the company's transaction). */
export type DecisionHandler = (ctx: UserContext, decision: KanbanDecision) => Promise<void>;

/** The other side of a card: who is e-mailed an observation (email null: nobody to tell). */
export type Counterpart = { email: string | null };
/** The record behind a card ref and its other side (undefined: no such record in this company). */
export type CounterpartResolver = (ctx: UserContext, cardRef: string) => Promise<Counterpart | undefined>;

export type CardOwner = { decide?: DecisionHandler; counterpart?: CounterpartResolver };

/** Per card type, its owner's handlers (a type without one only moves on the board). */
export type CardOwners = Partial<Record<CardTypeValue, CardOwner>>;
