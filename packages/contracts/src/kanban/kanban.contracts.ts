import { allCardTypes, Permission, stepKinds, UserType } from '@aval/domain';
import { z } from 'zod';
import { type EndpointDef, endpoint, errorBody } from '../endpoint.js';
import { date } from '../shared/fields.js';
import { qInt } from '../shared/schemas.js';

/**
 * The kanban service's calls (spec §7 "Kanban service"): `/api/kanban/v1.0/*`, CompanyKey and
 * bearer like every call, camelCase fields and `{ success, data }` replies (the `data` envelope);
 * a refusal carries its real status with `{ success: false, message, Errors }`. The spec shows no
 * body shapes except card navigation's `{ cardId, stepToId }`: the shapes below are ours.
 */

const view = [Permission.VISUALIZAR_ESTEIRAS];
const manage = [
  Permission.GERENCIAR_ESTEIRA_CADASTRO,
  Permission.GERENCIAR_ESTEIRA_CREDITO,
  Permission.GERENCIAR_ESTEIRA_NOMEACAO,
  Permission.GERENCIAR_ESTEIRA_PEP,
  Permission.GERENCIAR_ESTEIRA_RESSEGURO,
  Permission.GERENCIAR_ESTEIRA_SUBSCRICAO,
  Permission.GERENCIAR_ESTEIRA_INSPECAO,
];
const staff = [UserType.INSURANCE];

/** Cards per page of a step (spec §9: cards are paged by a skip count). */
export const KANBAN_PAGE_SIZE = 20;

/** The refusal body of the kanban service: the spec's `success=false` with its message, plus `Errors`. */
export const kanbanErrorBody = errorBody
  .extend({ success: z.literal(false), message: z.string() })
  .meta({ id: 'KanbanErrors' });

export const kanbanPipe = z
  .object({
    id: z.number().int(),
    name: z.string(),
    /** The pipe's public token (the portal's `/kanban/pipe/:token`). */
    token: z.string(),
    position: z.number().int(),
    /** The menu functionality (34-40) that moves cards in this pipe. */
    permissionId: z.number().int(),
    /** Open cards in the pipe and, of them, those past their step's SLA. */
    cardCount: z.number().int(),
    lateCount: z.number().int(),
  })
  .meta({ id: 'KanbanPipe' });
export type KanbanPipe = z.infer<typeof kanbanPipe>;

export const kanbanCardData = z
  .object({ header: z.string(), body: z.string(), footer: z.string().nullish() })
  .meta({ id: 'KanbanCardData' });
export type KanbanCardData = z.infer<typeof kanbanCardData>;

export const slaStates = ['none', 'ok', 'dueSoon', 'late'] as const;

export const kanbanCard = z
  .object({
    id: z.number().int(),
    pipeId: z.number().int(),
    stepId: z.number().int(),
    /** One of the spec's 18 card types. */
    cardType: z.string(),
    /** The owner record's UniqueId (brokerage, policy holder, proposal, ...). */
    cardRef: z.string(),
    /** What the owner shows on the card; null when it sent nothing. */
    cardData: kanbanCardData.nullable(),
    /** CPF or CNPJ without mask. */
    cpfCnpj: z.string().nullable(),
    enteredStepAt: z.string(),
    /** When the step's SLA ends for this card (null: the step has no SLA). */
    dueAt: z.string().nullable(),
    sla: z.enum(slaStates),
    assigneeUserId: z.number().int().nullable(),
    /** Why the owner says the card may not be approved now (empty: it may); a move to an approve step is refused meanwhile. */
    approvalBlockers: z.array(z.string()),
    /** Grows on every change; a move may send it to refuse a stale board. */
    version: z.number().int(),
    closed: z.boolean(),
    createdAt: z.string(),
  })
  .meta({ id: 'KanbanCard' });
export type KanbanCard = z.infer<typeof kanbanCard>;

export const kanbanStep = z
  .object({
    id: z.number().int(),
    name: z.string(),
    position: z.number().int(),
    kind: z.enum(stepKinds as [string, ...string[]]),
    slaHours: z.number().int().nullable(),
    /** Soft limit: the board warns above it, moves are not refused. */
    wipLimit: z.number().int().nullable(),
    cardCount: z.number().int(),
    lateCount: z.number().int(),
  })
  .meta({ id: 'KanbanStep' });
export type KanbanStep = z.infer<typeof kanbanStep>;

export const kanbanStepWithCards = kanbanStep.extend({ cards: z.array(kanbanCard) }).meta({
  id: 'KanbanStepWithCards',
});
export type KanbanStepWithCards = z.infer<typeof kanbanStepWithCards>;

export const kanbanPipeWithSteps = kanbanPipe.extend({ steps: z.array(kanbanStep) }).meta({
  id: 'KanbanPipeWithSteps',
});

const pipeParams = z.object({ id: qInt().positive() });

/**
 * Board filters: `filterCardsValues` is free text (card header and body, card ref; a CPF/CNPJ with
 * or without mask matches the card's document), plus the card type and the assignee.
 */
const filterQuery = z.object({
  filterCardsValues: z.string().max(200, 'Filtro muito longo.').optional(),
  cardType: z.enum(allCardTypes as [string, ...string[]], { message: 'Tipo de card inválido.' }).optional(),
  assigneeUserId: qInt().positive().optional(),
});
const filterDescription =
  'Filtros: `filterCardsValues` (texto no cabeçalho ou corpo do card, ou CPF/CNPJ com ou sem máscara), `cardType` (um dos 18 tipos) e `assigneeUserId`. Cada etapa traz a primeira página de cards (até 20), do mais antigo na etapa ao mais novo.';

export const listKanbanPipes = endpoint({
  area: 'kanban-service',
  method: 'GET',
  path: '/api/kanban/v1.0/pipes',
  summary: 'Esteiras da seguradora, na ordem de exibição, com a quantidade de cards e de atrasados',
  response: z.array(kanbanPipe),
  envelope: 'data',
  errorBody: kanbanErrorBody,
  permissions: view,
  userTypes: staff,
});

export const getKanbanPipe = endpoint({
  area: 'kanban-service',
  method: 'GET',
  path: '/api/kanban/v1.0/pipes/{id}',
  summary: 'Uma esteira com as suas etapas',
  params: pipeParams,
  response: kanbanPipeWithSteps,
  envelope: 'data',
  errorBody: kanbanErrorBody,
  permissions: view,
  userTypes: staff,
});

export const filterKanbanPipeSteps = endpoint({
  area: 'kanban-service',
  method: 'GET',
  path: '/api/kanban/v1.0/pipes/{id}/steps/filter',
  summary: 'Etapas da esteira com a primeira página de cards, filtradas',
  description: filterDescription,
  params: pipeParams,
  query: filterQuery,
  response: z.array(kanbanStepWithCards),
  envelope: 'data',
  errorBody: kanbanErrorBody,
  permissions: view,
  userTypes: staff,
});

export const skipKanbanStepCards = endpoint({
  area: 'kanban-service',
  method: 'GET',
  path: '/api/kanban/v1.0/pipes/{id}/steps/{stepId}/skip/{n}/filterCardsValues',
  summary: 'Próxima página de cards de uma etapa (paginada por quantidade a pular)',
  description: `Pula \`n\` cards da etapa e devolve os próximos (até 20). ${filterDescription}`,
  params: z.object({ id: qInt().positive(), stepId: qInt().positive(), n: qInt().min(0).max(100_000) }),
  query: filterQuery,
  response: z.array(kanbanCard),
  envelope: 'data',
  errorBody: kanbanErrorBody,
  permissions: view,
  userTypes: staff,
});

export const filterKanbanPipeStepsByDocument = endpoint({
  area: 'kanban-service',
  method: 'GET',
  path: '/api/kanban/v1.0/pipes/{id}/{cpfCnpj}/steps/filter',
  summary: 'Etapas da esteira com os cards de um CPF/CNPJ (com ou sem máscara)',
  params: z.object({
    id: qInt().positive(),
    cpfCnpj: z
      .string()
      .transform((v) => v.replace(/[^0-9A-Za-z]/g, '').toUpperCase())
      .pipe(z.string().regex(/^(\d{11}|[0-9A-Z]{12}\d{2})$/, 'CPF/CNPJ inválido.')),
  }),
  response: z.array(kanbanStepWithCards),
  envelope: 'data',
  errorBody: kanbanErrorBody,
  permissions: view,
  userTypes: staff,
});

export const navigateKanbanCard = endpoint({
  area: 'kanban-service',
  method: 'POST',
  path: '/api/kanban/v1.0/steps/{stepId}/card-navigation',
  summary: 'Move um card da etapa para outra etapa da mesma esteira',
  description:
    'Corpo `{ cardId, stepToId }` (spec) e, opcionais, `version` (a versão do card que o quadro mostra) e `justification` (obrigatória ao mover para uma etapa de recusa). Exige a permissão de gestão da esteira (34 a 40). Se o card saiu da etapa `stepId` ou mudou de versão, a movimentação é recusada com 409. Mover para uma etapa de aprovação ou recusa envia a decisão ao cadastro dono do card.',
  params: z.object({ stepId: qInt().positive() }),
  body: z.object({
    cardId: z.number({ message: 'Informe o card.' }).int().positive().max(2_147_483_647),
    stepToId: z.number({ message: 'Informe a etapa de destino.' }).int().positive().max(2_147_483_647),
    version: z.number().int().positive().max(2_147_483_647).optional(),
    justification: z.string().trim().max(2000, 'Justificativa muito longa.').optional(),
  }),
  response: kanbanCard,
  envelope: 'data',
  errorBody: kanbanErrorBody,
  permissions: manage,
  userTypes: staff,
});

/**
 * One event of a board's real-time stream (`text/event-stream`, our call: the spec has none):
 * its id (the outbox id; send it back as `Last-Event-ID` to resume), what happened and the card
 * as it is now (null when it no longer exists).
 */
export const kanbanBoardEvent = z
  .object({
    id: z.number().int(),
    kind: z.enum(['opened', 'updated', 'moved', 'closed']),
    cardId: z.number().int(),
    card: kanbanCard.nullable(),
    at: z.string(),
  })
  .meta({ id: 'KanbanBoardEvent' });
export type KanbanBoardEvent = z.infer<typeof kanbanBoardEvent>;

/**
 * The board's stream of one pipe: server-sent events with CompanyKey and bearer headers (read
 * with fetch), permission 1; `Last-Event-ID` (or `?lastEventId=`) replays what was missed.
 * Not an `endpoint()`: it streams instead of answering once (allow-listed in `extraRoutes`).
 */
export const kanbanPipeEvents = {
  area: 'extra',
  method: 'GET',
  path: '/api/kanban/v1.0/pipes/{id}/events',
  summary: 'Eventos em tempo real da esteira (server-sent events)',
  params: pipeParams,
  query: z.object({ lastEventId: qInt().min(0).optional() }),
  response: kanbanBoardEvent,
  permissions: view,
  userTypes: staff,
} as const satisfies EndpointDef;

export const kanbanCardMove = z
  .object({
    id: z.number().int(),
    /** null: the card's opening. */
    fromStepId: z.number().int().nullable(),
    fromStepName: z.string().nullable(),
    toStepId: z.number().int(),
    toStepName: z.string(),
    /** Who moved it (null: the owner's system, e.g. opened or decided on the card's screen). */
    userId: z.number().int().nullable(),
    justification: z.string().nullable(),
    /** Time the card spent in the step it left. */
    secondsInStep: z.number().int(),
    movedAt: z.string(),
  })
  .meta({ id: 'KanbanCardMove' });
export type KanbanCardMove = z.infer<typeof kanbanCardMove>;

const cardParams = z.object({ id: qInt().positive() });

/** A card's history of moves (our call, allow-listed in `extraRoutes`): permission 1. */
export const getKanbanCardHistory = endpoint({
  area: 'extra',
  method: 'GET',
  path: '/api/kanban/v1.0/cards/{id}/history',
  summary: 'O card e o histórico das suas movimentações (de, para, quem, quando, tempo na etapa)',
  params: cardParams,
  response: z.object({ card: kanbanCard, moves: z.array(kanbanCardMove) }),
  envelope: 'data',
  errorBody: kanbanErrorBody,
  permissions: view,
  userTypes: staff,
});

/**
 * Assigns a card (our call, allow-listed in `extraRoutes`): `assigneeUserId` is the caller (take
 * the card) or null (release it); needs the pipe's management permission; `version` refuses a
 * stale board with 409 like a move.
 */
export const assignKanbanCard = endpoint({
  area: 'extra',
  method: 'POST',
  path: '/api/kanban/v1.0/cards/{id}/assignee',
  summary: 'Assume ou libera um card (responsável)',
  description:
    'Corpo `{ assigneeUserId, version? }`: o próprio usuário (assumir) ou null (liberar). Exige a permissão de gestão da esteira (34 a 40); outro usuário é recusado com 422; versão desatualizada, 409.',
  params: cardParams,
  body: z.object({
    assigneeUserId: z.number().int().positive().max(2_147_483_647).nullable(),
    version: z.number().int().positive().max(2_147_483_647).optional(),
  }),
  response: kanbanCard,
  envelope: 'data',
  errorBody: kanbanErrorBody,
  permissions: manage,
  userTypes: staff,
});

/** Time cards spent in one step (closed stays: moves out of it within the period) and what sits there now. */
export const kanbanStepStats = z.object({
  stepId: z.number().int(),
  stepName: z.string(),
  position: z.number().int(),
  /** Cards that left the step within the period. */
  moves: z.number().int(),
  /** Average and 90th percentile of the hours those cards spent in the step (null without moves). */
  avgHours: z.number().nullable(),
  p90Hours: z.number().nullable(),
  openCards: z.number().int(),
  lateCards: z.number().int(),
});

export const kanbanPipeStats = z
  .object({
    pipeId: z.number().int(),
    pipeName: z.string(),
    token: z.string(),
    openCards: z.number().int(),
    lateCards: z.number().int(),
    steps: z.array(kanbanStepStats),
  })
  .meta({ id: 'KanbanPipeStats' });
export type KanbanPipeStats = z.infer<typeof kanbanPipeStats>;

/**
 * Time in step per pipe for BI (our call, allow-listed in `extraRoutes`): for each pipe and step, the
 * average and 90th percentile of the time cards spent in it (from the recorded moves within the
 * period), and the open and late cards now. Permission 3 (VISUALIZAR_BI), insurer staff.
 */
export const getKanbanPipeStats = endpoint({
  area: 'extra',
  method: 'GET',
  path: '/api/kanban/v1.0/pipes/stats',
  summary: 'Tempo em cada etapa por esteira (média e percentil 90) e cards atrasados, para o BI',
  description:
    '`from` e `to` (DD/MM/AAAA ou AAAA-MM-DD, inclusive; padrão: os últimos 90 dias) limitam as movimentações consideradas; os cards abertos e atrasados são os de agora. Exige VISUALIZAR_BI (3).',
  query: z.object({ from: date().optional(), to: date().optional() }),
  response: z.array(kanbanPipeStats),
  envelope: 'data',
  errorBody: kanbanErrorBody,
  permissions: [Permission.VISUALIZAR_BI],
  userTypes: staff,
});
