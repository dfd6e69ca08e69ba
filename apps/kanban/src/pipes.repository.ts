import { type PipeDef, pipeCatalogue } from '@aval/domain';
import { and, asc, eq, gte, inArray, isNotNull, isNull, lt, sql } from 'drizzle-orm';
import type { KanbanDb } from './context.js';
import { cardMoves, cards, pipes, steps } from './kanban.table.js';

/** A card past its step's SLA (open cards of steps with an SLA). */
export const lateCondition = sql`${cards.closedAt} is null and ${steps.slaHours} is not null and ${cards.enteredStepAt} + ${steps.slaHours} * interval '1 hour' < now()`;

/** Open cards past their step's SLA, per company (every company: the operators' metric). */
export const lateCardsByCompany = (db: KanbanDb) =>
  db
    .select({ companyId: cards.companyId, late: sql<number>`count(*)::int` })
    .from(cards)
    .innerJoin(steps, eq(steps.id, cards.stepId))
    .where(lateCondition)
    .groupBy(cards.companyId);

export type PipeRow = typeof pipes.$inferSelect;
export type StepRow = typeof steps.$inferSelect;

/** The company's pipes in display order (no counts: callers that count by step). */
export const pipesOfCompany = (db: KanbanDb, companyId: number) =>
  db
    .select({ id: pipes.id, name: pipes.name, token: pipes.token })
    .from(pipes)
    .where(eq(pipes.companyId, companyId))
    .orderBy(asc(pipes.position), asc(pipes.id));

/** The company's pipes in display order with their open and late card counts. */
export const listPipesWithCounts = async (db: KanbanDb, companyId: number) => {
  const counts = db
    .select({
      pipeId: cards.pipeId,
      cardCount: sql<number>`count(*)::int`.as('card_count'),
      lateCount: sql<number>`(count(*) filter (where ${lateCondition}))::int`.as('late_count'),
    })
    .from(cards)
    .innerJoin(steps, eq(steps.id, cards.stepId))
    .where(and(eq(cards.companyId, companyId), isNull(cards.closedAt)))
    .groupBy(cards.pipeId)
    .as('counts');
  return db
    .select({
      id: pipes.id,
      name: pipes.name,
      token: pipes.token,
      position: pipes.position,
      permissionId: pipes.permissionId,
      cardCount: sql<number>`coalesce(${counts.cardCount}, 0)::int`,
      lateCount: sql<number>`coalesce(${counts.lateCount}, 0)::int`,
    })
    .from(pipes)
    .leftJoin(counts, eq(counts.pipeId, pipes.id))
    .where(eq(pipes.companyId, companyId))
    .orderBy(asc(pipes.position), asc(pipes.id));
};

export const findPipe = async (db: KanbanDb, companyId: number, pipeId: number) =>
  (
    await db
      .select()
      .from(pipes)
      .where(and(eq(pipes.companyId, companyId), eq(pipes.id, pipeId)))
  )[0];

export const findPipeByToken = async (db: KanbanDb, companyId: number, token: string) =>
  (
    await db
      .select()
      .from(pipes)
      .where(and(eq(pipes.companyId, companyId), eq(pipes.token, token)))
  )[0];

export const findStep = async (db: KanbanDb, companyId: number, stepId: number) =>
  (
    await db
      .select()
      .from(steps)
      .where(and(eq(steps.companyId, companyId), eq(steps.id, stepId)))
  )[0];

export const stepsOfPipe = (db: KanbanDb, companyId: number, pipeId: number) =>
  db
    .select()
    .from(steps)
    .where(and(eq(steps.companyId, companyId), eq(steps.pipeId, pipeId)))
    .orderBy(asc(steps.position), asc(steps.id));

/** Every step of the company's pipes, in board order. */
export const stepsOfCompany = (db: KanbanDb, companyId: number) =>
  db
    .select()
    .from(steps)
    .where(eq(steps.companyId, companyId))
    .orderBy(asc(steps.pipeId), asc(steps.position), asc(steps.id));

/** Per step: cards that left it within [from, to) and the average and 90th percentile of their hours in it. */
export const timeInSteps = async (db: KanbanDb, companyId: number, from: Date, to: Date) => {
  const rows = await db
    .select({
      stepId: sql<number>`${cardMoves.fromStepId}`,
      moves: sql<number>`count(*)::int`,
      avgHours: sql<string>`round(avg(${cardMoves.secondsInStep}) / 3600.0, 1)`,
      p90Hours: sql<string>`round((percentile_cont(0.9) within group (order by ${cardMoves.secondsInStep}))::numeric / 3600.0, 1)`,
    })
    .from(cardMoves)
    .where(
      and(
        eq(cardMoves.companyId, companyId),
        isNotNull(cardMoves.fromStepId),
        gte(cardMoves.movedAt, from),
        lt(cardMoves.movedAt, to),
      ),
    )
    .groupBy(cardMoves.fromStepId);
  return new Map(
    rows.map((r) => [
      r.stepId,
      { moves: r.moves, avgHours: Number(r.avgHours), p90Hours: Number(r.p90Hours) },
    ]),
  );
};

/** The first step of a pipe (where new cards start). */
export const firstStepOf = async (db: KanbanDb, companyId: number, pipeId: number) =>
  (await stepsOfPipe(db, companyId, pipeId))[0];

/**
 * Creates the catalogue's pipes and steps the company lacks (idempotent: a pipe already there,
 * by token, keeps its steps as edited).
 */
export const ensurePipes = async (
  db: KanbanDb,
  companyId: number,
  catalogue: readonly PipeDef[] = pipeCatalogue,
) => {
  const existing = await db
    .select({ token: pipes.token })
    .from(pipes)
    .where(
      and(
        eq(pipes.companyId, companyId),
        inArray(
          pipes.token,
          catalogue.map((p) => p.token),
        ),
      ),
    );
  const have = new Set(existing.map((p) => p.token));
  for (const [position, def] of catalogue.entries()) {
    if (have.has(def.token)) continue;
    const [pipe] = await db
      .insert(pipes)
      .values({
        companyId,
        name: def.name,
        token: def.token,
        permissionId: def.permission,
        position: position + 1,
      })
      .onConflictDoNothing()
      .returning({ id: pipes.id });
    if (!pipe) continue;
    await db.insert(steps).values(
      def.steps.map((s, i) => ({
        companyId,
        pipeId: pipe.id,
        name: s.name,
        kind: s.kind,
        position: i + 1,
        slaHours: s.slaHours ?? null,
        wipLimit: s.wipLimit ?? null,
      })),
    );
  }
};
