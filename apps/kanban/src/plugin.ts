import { fileURLToPath } from 'node:url';
import {
  assignKanbanCard,
  type EndpointDef,
  filterKanbanPipeSteps,
  filterKanbanPipeStepsByDocument,
  getKanbanCardHistory,
  getKanbanPipe,
  getKanbanPipeStats,
  KANBAN_CARDS_QUEUE,
  KANBAN_DECISIONS_QUEUE,
  kanbanCardCommand,
  kanbanDecision,
  kanbanPipeEvents,
  listKanbanPipes,
  navigateKanbanCard,
  skipKanbanStepCards,
} from '@aval/contracts';
import { bearerOf, createTransport, type ErrorReply, notFound, registerErrorHandler } from '@aval/transport';
import type { AccessCaches } from '@aval/transport/access';
import { defineQueue, type JobLog, type Jobs } from '@aval/transport/jobs';
import type { PgListener } from '@aval/transport/listener';
import { withTenant } from '@aval/transport/tenancy';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { decodeJwt } from 'jose';
import { z } from 'zod';
import * as board from './board.service.js';
import { createBoardHub } from './board-stream.js';
import { pruneBoardEvents } from './cards.repository.js';
import { applyCardCommand } from './cards.service.js';
import type { KanbanCompany, KanbanContexts, KanbanDb, KanbanIdentity } from './context.js';
import { findPipe } from './pipes.repository.js';

/** Where the kanban service's migrations live and where their journal is kept. */
export const kanbanMigrations = {
  folder: fileURLToPath(new URL('../drizzle', import.meta.url)),
  schema: 'public',
  table: '__kanban_migrations',
};

export const KANBAN_PREFIX = '/api/kanban/v1.0';

export type KanbanOptions = {
  /** Resolves a CompanyKey header to its company, or undefined (in process: the API's lookup). */
  companyByKey: (key: string) => Promise<KanbanCompany | undefined>;
  /** Verifies a bearer access token issued by the API (in-process key or remote JWKS); throws when invalid. */
  verifyToken: (token: string) => Promise<KanbanIdentity>;
  /** The database holding the `kanban` schema (already migrated). */
  db: KanbanDb;
  /**
   * The process's pg-boss (not started yet): the service works the card queue and sends the
   * decisions back. Without it, cards come only from direct calls and decisions stay on the board.
   */
  jobs?: Jobs<JobLog>;
  /** The process's LISTEN/NOTIFY connection: serves the boards' real-time streams (none without it). */
  listener?: PgListener;
  /** Days the board events outbox keeps (default BOARD_EVENTS_RETENTION_DAYS), pruned daily. */
  boardEventsRetentionDays?: number;
  /**
   * Subscribes to users' access changes (`AccessCaches.onChange` of @aval/transport/access, after
   * the kept access is dropped): an open board stream checks its caller again and ends when the
   * caller may no longer view it. Without it, streams end only at their token's expiry.
   */
  onAccessChange?: AccessCaches['onChange'];
  /** Counts the open board streams (a Prometheus gauge's inc/dec in the API). */
  streamsOpen?: { inc: () => void; dec: () => void };
};

/** Card commands of the owners (the API): worked here. */
export const kanbanCardsWorker = (db: KanbanDb) =>
  defineQueue({
    name: KANBAN_CARDS_QUEUE,
    data: kanbanCardCommand,
    retryLimit: 5,
    handler: async (command) => {
      await applyCardCommand(db, command);
    },
  });

/** Days the board events outbox keeps (each pipe's newest is always kept). */
export const BOARD_EVENTS_RETENTION_DAYS = 7;
export const KANBAN_PRUNE_EVENTS_QUEUE = 'kanban-prune-board-events';
/** Every day at 04:00 UTC (01:00 in Brasília). */
export const KANBAN_PRUNE_EVENTS_CRON = '0 4 * * *';

/** The queues the kanban service works (the card commands, the daily pruning): its /metrics counts them. */
export const KANBAN_WORKED_QUEUES = [KANBAN_CARDS_QUEUE, KANBAN_PRUNE_EVENTS_QUEUE];

/**
 * The daily pruning of the board events outbox: events older than the retention go (a board that
 * reconnects after days reloads its columns anyway), each pipe's newest stays.
 */
export const kanbanPruneEventsQueue = (db: KanbanDb, retentionDays = BOARD_EVENTS_RETENTION_DAYS) =>
  defineQueue({
    name: KANBAN_PRUNE_EVENTS_QUEUE,
    data: z.object({ retentionDays: z.number().int().min(0).optional() }).default({}),
    retryLimit: 3,
    handler: async (data, job) => {
      const days = data.retentionDays ?? retentionDays;
      const deleted = await pruneBoardEvents(db, new Date(Date.now() - days * 86_400_000));
      if (deleted) job.log.info({ deleted, retentionDays: days }, 'board events pruned');
    },
  });

/** Decisions for the owners: sent from here, worked by the API. */
export const kanbanDecisionsOutbound = defineQueue({ name: KANBAN_DECISIONS_QUEUE, data: kanbanDecision });

/**
 * The caller of verified access-token claims (`sub`, `cid`, `utp`, `prm` of the API's tokens). Both
 * layouts replace the user type and permissions by those of now (the API's access cache in process,
 * GetCurrentAccess on its own).
 */
export const identityOf = (claims: Record<string, unknown>): KanbanIdentity => {
  const userId = Number(claims.sub);
  const companyId = Number(claims.cid);
  const userType = Number(claims.utp);
  if (!Number.isInteger(userId) || !Number.isInteger(companyId) || !Number.isInteger(userType)) {
    throw new Error('access token without user, company or user type');
  }
  const prm = Array.isArray(claims.prm) ? claims.prm : [];
  return { userId, companyId, userType, permissions: new Set(prm.filter(Number.isInteger) as number[]) };
};

/** The spec's refusal (`success=false` with its message), keeping `Errors` like every call. */
export const kanbanErrorShape = (body: ErrorReply) => ({
  success: false as const,
  message: body.Errors[0] ?? '',
  ...body,
});

/**
 * The kanban service as a Fastify plugin: mounted inside the API process by `npm start`, or run
 * on its own by `apps/kanban/dist/server.js`. Its calls are the contract descriptors of
 * `@aval/contracts` (kanban-service) registered through the shared transport (CompanyKey,
 * bearer, permissions, RLS transaction, `{ success, data }`); its refusals keep their status and
 * add the spec's `success: false` and `message` to `Errors`.
 */
export const kanbanPlugin = async (app: FastifyInstance, options: KanbanOptions) => {
  const { db } = options;
  const { route, identify } = createTransport<KanbanContexts, KanbanCompany, KanbanIdentity, KanbanDb>({
    companyByKey: options.companyByKey,
    verifyToken: options.verifyToken,
    run: (company, fn, options) => (company ? withTenant(db, company.id, fn, options) : fn(db)),
    context: ({ request, company, user, db: tx }) => ({
      requestId: request.id,
      log: request.log,
      company,
      user,
      db: tx,
    }),
  });

  registerErrorHandler(app, kanbanErrorShape);

  route(app, listKanbanPipes, (ctx) => board.listPipes(ctx));
  route(app, getKanbanPipeStats, (ctx, { query }) => board.pipeStats(ctx, query));
  route(app, getKanbanPipe, (ctx, { params }) => board.pipeWithSteps(ctx, params.id));
  route(app, filterKanbanPipeSteps, (ctx, { params, query }) =>
    board.filterSteps(ctx, params.id, {
      text: query.filterCardsValues,
      cardType: query.cardType,
      assigneeUserId: query.assigneeUserId,
    }),
  );
  route(app, skipKanbanStepCards, (ctx, { params, query }) =>
    board.skipStepCards(ctx, params.id, params.stepId, params.n, {
      text: query.filterCardsValues,
      cardType: query.cardType,
      assigneeUserId: query.assigneeUserId,
    }),
  );
  route(app, filterKanbanPipeStepsByDocument, (ctx, { params }) =>
    board.filterSteps(ctx, params.id, { cpfCnpj: params.cpfCnpj }),
  );
  route(app, getKanbanCardHistory, (ctx, { params }) => board.cardHistory(ctx, params.id));
  route(app, assignKanbanCard, (ctx, { params, body }) => board.assignCard(ctx, params.id, body));
  if (options.listener) boardStream(app, db, options.listener, identify, options);

  const { jobs } = options;
  if (jobs) {
    jobs.register(kanbanCardsWorker(db));
    jobs.register(kanbanDecisionsOutbound);
    jobs.register(kanbanPruneEventsQueue(db, options.boardEventsRetentionDays));
    // Stored in pg-boss: every instance's scheduler agrees on one run a day.
    app.addHook('onReady', async () => {
      await jobs.boss
        .schedule(KANBAN_PRUNE_EVENTS_QUEUE, KANBAN_PRUNE_EVENTS_CRON, {}, { tz: 'UTC' })
        .catch((err: unknown) => app.log.error({ err }, 'could not schedule the board events pruning'));
    });
  }
  // A decision leaves in the move's transaction: it reaches the owner only if the move commits.
  const sendDecision = jobs
    ? async (decision: board.Decision, tx: KanbanDb) => {
        await jobs.send(kanbanDecisionsOutbound, decision, {
          tx,
          idempotencyKey: `${decision.companyId}:${decision.cardId}:${decision.moveId}`,
        });
      }
    : undefined;
  route(app, navigateKanbanCard, (ctx, { params, body }) =>
    board.moveCard(ctx, { stepId: params.stepId, ...body }, sendDecision && ((d) => sendDecision(d, ctx.db))),
  );
};

/** Longest wait a timer takes (about 24.8 days); a token never lives that long. */
const MAX_TIMER_MS = 2_147_483_647;

/**
 * GET pipes/{id}/events: the board's server-sent events. Company, token and permission 1 as every
 * call; the pipe must be the company's. Each event carries the outbox id, so a client that
 * reconnects with `Last-Event-ID` gets what it missed; a comment every 15 s keeps proxies open.
 * The stream lives no longer than the access that opened it: it ends at its token's expiry, and
 * when the caller's access changes it is checked again as a new call would be (token, user type,
 * permission 1) and ends on a refusal. The portal then reconnects with a fresh token.
 */
const boardStream = (
  app: FastifyInstance,
  db: KanbanDb,
  listener: PgListener,
  identify: (
    request: FastifyRequest,
    def: EndpointDef,
  ) => Promise<{ company?: KanbanCompany; user?: KanbanIdentity }>,
  { onAccessChange, streamsOpen }: Pick<KanbanOptions, 'onAccessChange' | 'streamsOpen'>,
) => {
  const hub = createBoardHub(db, listener);
  app.addHook('onClose', () => hub.close());
  app.withTypeProvider<ZodTypeProvider>().get(
    kanbanPipeEvents.path.replace('{id}', ':id'),
    {
      schema: {
        summary: kanbanPipeEvents.summary,
        tags: ['kanban-service'],
        params: kanbanPipeEvents.params,
        querystring: kanbanPipeEvents.query,
        security: [{ bearer: [] }],
      },
    },
    async (request, reply) => {
      const { company, user } = await identify(request, kanbanPipeEvents);
      const companyId = company!.id;
      const userId = user!.userId;
      const pipe = await withTenant(db, companyId, (tx) => findPipe(tx, companyId, request.params.id));
      if (!pipe) throw notFound('Esteira não encontrada.', 'pipe_not_found');
      const header = Number(request.headers['last-event-id']);
      const after = Number.isInteger(header) && header >= 0 ? header : request.query.lastEventId;
      // Verified just above: the stream ends when its token does.
      const exp = decodeJwt(bearerOf(request)!).exp;
      // A hijacked reply skips Fastify's header handling: what the hooks set (the host's security
      // headers, the request id) is written on the raw response with the stream's own.
      const hooked = Object.fromEntries(
        Object.entries(reply.getHeaders()).filter(
          (h): h is [string, string | number | string[]] => h[1] !== undefined && h[0] !== 'content-length',
        ),
      );
      reply.hijack();
      const raw = reply.raw;
      raw.writeHead(200, {
        ...hooked,
        'content-type': 'text/event-stream; charset=utf-8',
        'cache-control': 'no-cache, no-transform',
        connection: 'keep-alive',
        'x-accel-buffering': 'no',
      });
      raw.write('retry: 2000\n\n');
      let unsubscribe: () => void;
      try {
        unsubscribe = await hub.subscribe(
          {
            companyId,
            pipeId: pipe.id,
            send: (event) =>
              raw.write(`id: ${event.id}\nevent: ${event.kind}\ndata: ${JSON.stringify(event)}\n\n`),
          },
          after,
        );
      } catch (err) {
        request.log.error({ err }, 'board stream could not subscribe');
        raw.end();
        return;
      }
      streamsOpen?.inc();
      const keepAlive = setInterval(() => raw.write(': ping\n\n'), 15_000);
      keepAlive.unref();
      let expiry: NodeJS.Timeout | undefined;
      let unwatch: (() => void) | undefined;
      let ended = false;
      const end = () => {
        if (ended) return;
        ended = true;
        clearInterval(keepAlive);
        clearTimeout(expiry);
        unwatch?.();
        unsubscribe();
        streamsOpen?.dec();
        raw.end();
      };
      if (exp !== undefined) {
        expiry = setTimeout(end, Math.min(MAX_TIMER_MS, exp * 1000 - Date.now()));
        expiry.unref();
      }
      unwatch = onAccessChange?.((change) => {
        if (change && (change.companyId !== companyId || (change.userId ?? userId) !== userId)) return;
        identify(request, kanbanPipeEvents).catch(end);
      });
      request.raw.on('close', end);
    },
  );
};
