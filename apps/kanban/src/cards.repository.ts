import { currentTime } from '@aval/transport/clock';
import { and, asc, eq, getTableColumns, gt, type SQL, sql } from 'drizzle-orm';
import type { KanbanDb } from './context.js';
import { boardEvents, type CardData, cardMoves, cards, steps } from './kanban.table.js';
import { lateCondition } from './pipes.repository.js';

export type CardRow = typeof cards.$inferSelect;
/** A card with its step's SLA (hours), for the SLA state. */
export type CardWithSla = CardRow & { slaHours: number | null };

/** What a board asks for: free text, a document (unmasked), a card type, an assignee. */
export type CardFilter = { text?: string; cpfCnpj?: string; cardType?: string; assigneeUserId?: number };

const likeEscape = (value: string) => value.replace(/[\\%_]/g, (c) => `\\${c}`);

/** The filter as a condition on `cards` (undefined parts are ignored). */
/** The open cards of every pipe of the company. */
export const openOfCompany = (companyId: number): SQL =>
  sql`${cards.companyId} = ${companyId} and ${cards.closedAt} is null`;

export const filterCondition = (companyId: number, pipeId: number, filter: CardFilter): SQL => {
  const parts: SQL[] = [sql`${cards.companyId} = ${companyId}`, sql`${cards.pipeId} = ${pipeId}`];
  if (filter.cpfCnpj) parts.push(sql`${cards.cpfCnpj} = ${filter.cpfCnpj}`);
  if (filter.cardType) parts.push(sql`${cards.cardType} = ${filter.cardType}`);
  if (filter.assigneeUserId) parts.push(sql`${cards.assigneeUserId} = ${filter.assigneeUserId}`);
  const text = filter.text?.trim();
  if (text) {
    const like = `%${likeEscape(text)}%`;
    const document = text.replace(/[^0-9A-Za-z]/g, '').toUpperCase();
    const byDocument = /^\d{11}$|^[0-9A-Z]{12}\d{2}$/.test(document)
      ? sql` or ${cards.cpfCnpj} = ${document}`
      : sql``;
    parts.push(
      sql`(${cards.cardData}->>'header' ilike ${like} or ${cards.cardData}->>'body' ilike ${like} or ${cards.cardRef}::text = ${text}${byDocument})`,
    );
  }
  return and(...parts)!;
};

/** Card count and late count per step of a pipe, for the cards matching the filter. */
export const countsByStep = async (db: KanbanDb, condition: SQL) => {
  const rows = await db
    .select({
      stepId: cards.stepId,
      cardCount: sql<number>`count(*)::int`,
      lateCount: sql<number>`(count(*) filter (where ${lateCondition}))::int`,
    })
    .from(cards)
    .innerJoin(steps, eq(steps.id, cards.stepId))
    .where(condition)
    .groupBy(cards.stepId);
  return new Map(rows.map((r) => [r.stepId, r]));
};

/**
 * The first page of every step of a pipe (oldest in the step first), in one statement: a lateral
 * page per step, so each step still reads its own index range (a board of many open cards reads
 * `take` of each step, never the whole pipe), without a round trip per step.
 */
export const firstPageOfEachStep = async (db: KanbanDb, condition: SQL, pipeId: number, take: number) => {
  const page = db
    .select(getTableColumns(cards))
    .from(cards)
    .where(and(condition, sql`${cards.stepId} = ${steps.id}`))
    .orderBy(asc(cards.enteredStepAt), asc(cards.id))
    .limit(take)
    .as('page');
  const rows = await db
    .select()
    .from(steps)
    .innerJoinLateral(page, sql`true`)
    .where(eq(steps.pipeId, pipeId))
    .orderBy(asc(steps.position), asc(page.enteredStepAt), asc(page.id));
  return rows.map((r): CardWithSla => ({ ...r.page, slaHours: r.steps.slaHours }));
};

/** One page of a step's cards (oldest in the step first), skipping `skip`. */
export const cardsOfStep = (db: KanbanDb, condition: SQL, stepId: number, skip: number, take: number) =>
  db
    .select({ ...getTableColumns(cards), slaHours: steps.slaHours })
    .from(cards)
    .innerJoin(steps, eq(steps.id, cards.stepId))
    .where(and(condition, eq(cards.stepId, stepId)))
    .orderBy(asc(cards.enteredStepAt), asc(cards.id))
    .offset(skip)
    .limit(take);

/** A card locked for a change (moves and owner updates serialise on it). */
export const lockCard = async (db: KanbanDb, companyId: number, cardId: number) =>
  (
    await db
      .select()
      .from(cards)
      .where(and(eq(cards.companyId, companyId), eq(cards.id, cardId)))
      .for('update')
  )[0];

export const findCardByRef = async (db: KanbanDb, companyId: number, cardType: string, cardRef: string) =>
  (
    await db
      .select()
      .from(cards)
      .where(and(eq(cards.companyId, companyId), eq(cards.cardType, cardType), eq(cards.cardRef, cardRef)))
      .for('update')
  )[0];

export const insertCard = async (
  db: KanbanDb,
  values: {
    companyId: number;
    pipeId: number;
    stepId: number;
    cardType: string;
    cardRef: string;
    cardData: CardData | null;
    approvalBlockers?: string[];
    cpfCnpj: string | null;
    enteredStepAt?: Date;
  },
) => (await db.insert(cards).values(values).onConflictDoNothing().returning())[0];

export const updateCard = async (
  db: KanbanDb,
  companyId: number,
  cardId: number,
  values: Partial<
    Pick<CardRow, 'stepId' | 'enteredStepAt' | 'cardData' | 'cpfCnpj' | 'closedAt' | 'assigneeUserId'>
  >,
) =>
  (
    await db
      .update(cards)
      .set({ ...values, version: sql`${cards.version} + 1`, updatedAt: currentTime() })
      .where(and(eq(cards.companyId, companyId), eq(cards.id, cardId)))
      .returning()
  )[0]!;

export const insertMove = async (db: KanbanDb, values: typeof cardMoves.$inferInsert): Promise<number> =>
  (await db.insert(cardMoves).values(values).returning({ id: cardMoves.id }))[0]!.id;

export const movesOfCard = (db: KanbanDb, companyId: number, cardId: number) =>
  db
    .select()
    .from(cardMoves)
    .where(and(eq(cardMoves.companyId, companyId), eq(cardMoves.cardId, cardId)))
    .orderBy(asc(cardMoves.movedAt), asc(cardMoves.id));

/** Appends a board event to the outbox; its id is the SSE event id. */
export const insertBoardEvent = async (
  db: KanbanDb,
  values: { companyId: number; pipeId: number; kind: string; cardId: number },
) => (await db.insert(boardEvents).values(values).returning({ id: boardEvents.id }))[0]!.id;

/** The outbox after `afterId` for one pipe, with each event's card as it is now. */
export const eventsAfter = (db: KanbanDb, companyId: number, pipeId: number, afterId: number) =>
  db
    .select({ event: boardEvents, card: cards, slaHours: steps.slaHours })
    .from(boardEvents)
    .leftJoin(cards, eq(cards.id, boardEvents.cardId))
    .leftJoin(steps, eq(steps.id, cards.stepId))
    .where(
      and(eq(boardEvents.companyId, companyId), eq(boardEvents.pipeId, pipeId), gt(boardEvents.id, afterId)),
    )
    .orderBy(asc(boardEvents.id))
    .limit(500);

/**
 * Deletes the outbox's events created before `before`, keeping each pipe's newest so the pipe's
 * last event id (where a board resuming by Last-Event-ID stands) survives. Every company at once:
 * run as the schema's owner (no tenant), by the daily job. Returns how many were deleted.
 */
export const pruneBoardEvents = async (db: KanbanDb, before: Date): Promise<number> => {
  const result = (await db.execute(sql`
    with deleted as (
      delete from kanban.board_events e
      where e.created_at < ${before.toISOString()}::timestamptz
        and e.id < (
          select max(l.id) from kanban.board_events l
          where l.company_id = e.company_id and l.pipe_id = e.pipe_id
        )
      returning 1
    )
    select count(*)::int as n from deleted`)) as unknown as { rows: { n: number }[] };
  return Number(result.rows[0]?.n ?? 0);
};

/** The pipe's latest event id (0 when none). */
export const lastEventId = async (db: KanbanDb, companyId: number, pipeId: number): Promise<number> => {
  const [row] = await db
    .select({ id: sql<number>`coalesce(max(${boardEvents.id}), 0)::bigint` })
    .from(boardEvents)
    .where(and(eq(boardEvents.companyId, companyId), eq(boardEvents.pipeId, pipeId)));
  return Number(row?.id ?? 0);
};

export const findCard = async (db: KanbanDb, companyId: number, cardId: number) =>
  (
    await db
      .select()
      .from(cards)
      .where(and(eq(cards.companyId, companyId), eq(cards.id, cardId)))
  )[0];
