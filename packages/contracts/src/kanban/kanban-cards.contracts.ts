import { Permission, UserType } from '@aval/domain';
import { z } from 'zod';
import { brokerView } from '../brokers/brokers.contracts.js';
import { endpoint } from '../endpoint.js';
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
