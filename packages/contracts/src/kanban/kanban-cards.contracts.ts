import { Permission, UserType } from '@aval/domain';
import { z } from 'zod';
import { brokerView } from '../brokers/brokers.contracts.js';
import { requestDocumentView } from '../documents/documents.contracts.js';
import { endpoint } from '../endpoint.js';
import {
  financialStatement,
  limitObservation,
  policyHolderLimits,
  policyHolderNomination,
} from '../policy-holders/policy-holders.contracts.js';
import { optionalText, uuid } from '../shared/fields.js';

/**
 * The registry cards' detail calls on the main API (spec §7 "Kanban (main API)"): insurer staff
 * who may view pipes (permission 1) open a card's detail view by its card ref.
 */
export const getCardBrokerInfo = endpoint({
  area: 'kanban-cards',
  method: 'GET',
  path: '/api/kanban/GetCardBrokerInfo',
  summary: 'Dados da Corretora de um card de cadastro (documentação, conformidade, PEP)',
  description:
    'O card de ANALISE_DOCUMENTACAO_CORRETORA, ANALISE_CONFORMIDADE_CORRETORA ou CORRETORA_PEP traz o UniqueId da corretora como card ref; esta chamada devolve os dados da corretora, com responsáveis e situação do cadastro.',
  query: z.object({ BrokerUniqueId: uuid('Corretora inválida.') }),
  response: brokerView,
  permissions: [Permission.VISUALIZAR_ESTEIRAS],
  userTypes: [UserType.INSURANCE],
});

export const nominationCardInfo = policyHolderNomination
  .extend({
    BrokerUniqueId: z.string().nullable(),
    BrokerName: z.string().nullable(),
    BrokerCpfCnpj: z.string().nullable(),
  })
  .meta({ id: 'NominationCardInfo' });

export const getCardPolicyHolderNomeationRequestInfo = endpoint({
  area: 'kanban-cards',
  method: 'GET',
  path: '/api/kanban/GetCardPolicyHolderNomeationRequestInfo',
  summary: 'Dados da Solicitação de Nomeação de um card NOMEACAO_TOMADOR',
  description:
    'PolicyHolderNomeationRequestId: o UniqueId da solicitação (o card ref do card) ou o seu Id. Devolve a solicitação, o tomador e a corretora que pediu a nomeação.',
  query: z.object({
    PolicyHolderNomeationRequestId: z
      .string()
      .trim()
      .regex(/^(\d{1,9}|[0-9a-fA-F-]{36})$/, 'Solicitação de nomeação inválida.'),
  }),
  response: nominationCardInfo,
  permissions: [Permission.VISUALIZAR_ESTEIRAS],
  userTypes: [UserType.INSURANCE],
});

export const requestLimitCardInfo = z
  .object({
    UniqueId: z.string().meta({ description: 'A solicitação de revisão de limite (o card ref).' }),
    StatusId: z.number().int().meta({ description: '1 Pendente, 2 Aprovada, 3 Recusada.' }),
    StatusName: z.string(),
    RequestedAt: z.string(),
    RequestedByName: z.string().nullable(),
    DecidedAt: z.string().nullable(),
    DecidedByName: z.string().nullable(),
    Justification: z.string().nullable().meta({ description: 'A justificativa da decisão no card.' }),
    AppliedLimit: z.string().nullable().meta({ description: 'O limite global aplicado na aprovação.' }),
    AppliedRating: z.string().nullable(),
    PolicyHolder: z.object({
      Id: z.number().int(),
      UniqueId: z.string(),
      Name: z.string(),
      TradeName: z.string().nullable(),
      Document: z.string().meta({ description: 'CNPJ com máscara.' }),
    }),
    FinancialStatements: z.array(financialStatement),
    RequestDocuments: z.array(requestDocumentView),
    Observations: z.array(limitObservation),
    CurrentLimits: policyHolderLimits,
    Calculated: z
      .object({
        Rating: z.string(),
        Score: z.string(),
        Limit: z.string(),
        Rates: z.array(z.object({ ModalityId: z.number().int(), Rate: z.string() })),
      })
      .nullable()
      .meta({
        description:
          'O que CalculatePolicyHolderLimitsAndRates daria agora pelo último demonstrativo (nada é gravado); null com CalculationMessage quando falta demonstrativo ou parâmetro.',
      }),
    CalculationMessage: z.string().nullable(),
  })
  .meta({ id: 'RequestLimitCardInfo' });
export type RequestLimitCardInfo = z.infer<typeof requestLimitCardInfo>;

export const getCardRequestLimitInfo = endpoint({
  area: 'kanban-cards',
  method: 'GET',
  path: '/api/kanban/GetCardRequestLimitInfo',
  summary: 'Revisão de Limite de um card REQUEST_LIMIT',
  description:
    'PolicyHolderUniqueId: o card ref do card REQUEST_LIMIT (o UniqueId da solicitação de revisão de limite) ou o UniqueId do tomador (a sua última solicitação). Devolve a solicitação, o tomador, os demonstrativos, os documentos e as observações da solicitação de limite, o limite e as taxas atuais e o cálculo pelo último demonstrativo. Aprovar o card (mover para a etapa de aprovação) aplica o limite, o rating e as taxas calculados, com histórico; recusar guarda a justificativa. O corretor vê o resultado nas observações e no limite do tomador.',
  query: z.object({ PolicyHolderUniqueId: uuid('Solicitação de revisão de limite inválida.') }),
  response: requestLimitCardInfo,
  permissions: [Permission.VISUALIZAR_ESTEIRAS],
  userTypes: [UserType.INSURANCE],
});

export const kanbanRequestLimitChangeStatusRequestDocument = endpoint({
  area: 'kanban-cards',
  method: 'POST',
  path: '/api/kanban/KanbanRequestLimitChangeStatusRequestDocument',
  summary: 'Aprova ou reprova um documento da solicitação de limite (card REQUEST_LIMIT)',
  description:
    'Corpo: RequestDocumentUniqueId (documento do tipo 8, Solicitação de Limite, do tomador), Approve (true: Conforme; false: Reprovado) e Justification (obrigatória ao reprovar). Devolve o documento. Pede a permissão 1 e a de editar ou gerenciar documentos (45/47).',
  body: z.object({
    RequestDocumentUniqueId: uuid('Documento inválido.'),
    Approve: z.boolean(),
    Justification: optionalText('a justificativa', 2000),
  }),
  response: requestDocumentView,
  permissions: [Permission.VISUALIZAR_ESTEIRAS],
  userTypes: [UserType.INSURANCE],
});
