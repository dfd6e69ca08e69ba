import { Permission, UserType } from '@aval/domain';
import { z } from 'zod';
import { brokerView } from '../brokers/brokers.contracts.js';
import { endpoint } from '../endpoint.js';
import { policyHolderNomination } from '../policy-holders/policy-holders.contracts.js';
import { uuid } from '../shared/fields.js';

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
