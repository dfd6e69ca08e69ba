import { Permission, UserType } from '@aval/domain';
import { z } from 'zod';
import { endpoint } from '../endpoint.js';
import { qInt } from '../shared/schemas.js';

/**
 * The kanban service's calls (spec §7 "Kanban service"): `/api/kanban/v1.0/*`, CompanyKey and
 * bearer like every call, camelCase fields and `{ success, data }` replies (the `data` envelope).
 * The spec shows no body shapes except card navigation's `{ cardId, stepToId }`: the shapes below
 * are ours. Only `listKanbanPipes` is served today; the others arrive with the kanban issue and
 * are not registered (so the spec coverage does not count them).
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

export const kanbanPipe = z
  .object({
    id: z.number().int(),
    name: z.string(),
    /** The pipe's public token (the portal's `/kanban/pipe/:token`). */
    token: z.string(),
    position: z.number().int(),
  })
  .meta({ id: 'KanbanPipe' });
export type KanbanPipe = z.infer<typeof kanbanPipe>;

export const kanbanCard = z
  .object({
    id: z.number().int(),
    stepId: z.number().int(),
    title: z.string(),
    subtitle: z.string().nullable(),
    cpfCnpj: z.string().nullable(),
    createdAt: z.string(),
  })
  .meta({ id: 'KanbanCard' });

export const kanbanStep = z
  .object({
    id: z.number().int(),
    name: z.string(),
    position: z.number().int(),
    cardCount: z.number().int(),
  })
  .meta({ id: 'KanbanStep' });

export const kanbanStepWithCards = kanbanStep.extend({ cards: z.array(kanbanCard) }).meta({
  id: 'KanbanStepWithCards',
});

const pipeParams = z.object({ id: qInt().positive() });
const filterQuery = z.object({ filterCardsValues: z.string().max(4000).optional() });

export const listKanbanPipes = endpoint({
  area: 'kanban-service',
  method: 'GET',
  path: '/api/kanban/v1.0/pipes',
  summary: 'Esteiras da seguradora, na ordem de exibição',
  response: z.array(kanbanPipe),
  envelope: 'data',
  permissions: view,
  userTypes: staff,
});

export const getKanbanPipe = endpoint({
  area: 'kanban-service',
  method: 'GET',
  path: '/api/kanban/v1.0/pipes/{id}',
  summary: 'Uma esteira com as suas etapas',
  params: pipeParams,
  response: kanbanPipe.extend({ steps: z.array(kanbanStep) }),
  envelope: 'data',
  permissions: view,
  userTypes: staff,
});

export const filterKanbanPipeSteps = endpoint({
  area: 'kanban-service',
  method: 'GET',
  path: '/api/kanban/v1.0/pipes/{id}/steps/filter',
  summary: 'Etapas da esteira com a primeira página de cards, filtradas',
  params: pipeParams,
  query: filterQuery,
  response: z.array(kanbanStepWithCards),
  envelope: 'data',
  permissions: view,
  userTypes: staff,
});

export const skipKanbanStepCards = endpoint({
  area: 'kanban-service',
  method: 'GET',
  path: '/api/kanban/v1.0/pipes/{id}/steps/{stepId}/skip/{n}/filterCardsValues',
  summary: 'Próxima página de cards de uma etapa (paginada por quantidade a pular)',
  params: z.object({ id: qInt().positive(), stepId: qInt().positive(), n: qInt().min(0) }),
  query: filterQuery,
  response: z.array(kanbanCard),
  envelope: 'data',
  permissions: view,
  userTypes: staff,
});

export const filterKanbanPipeStepsByDocument = endpoint({
  area: 'kanban-service',
  method: 'GET',
  path: '/api/kanban/v1.0/pipes/{id}/{cpfCnpj}/steps/filter',
  summary: 'Etapas da esteira com os cards de um CPF/CNPJ',
  params: z.object({
    id: qInt().positive(),
    cpfCnpj: z.string().regex(/^\d{11}(\d{3})?$/, 'CPF/CNPJ inválido.'),
  }),
  response: z.array(kanbanStepWithCards),
  envelope: 'data',
  permissions: view,
  userTypes: staff,
});

export const navigateKanbanCard = endpoint({
  area: 'kanban-service',
  method: 'POST',
  path: '/api/kanban/v1.0/steps/{stepId}/card-navigation',
  summary: 'Move um card da etapa para outra etapa da mesma esteira',
  params: z.object({ stepId: qInt().positive() }),
  body: z.object({ cardId: z.number().int().positive(), stepToId: z.number().int().positive() }),
  response: kanbanCard,
  envelope: 'data',
  permissions: manage,
  userTypes: staff,
});
