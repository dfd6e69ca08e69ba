import { Permission as P } from '@aval/contracts';
import { definePages } from '../../app/routing/route-types.js';

const list = [P.GERENCIAR_CORRETORES, P.VISUALIZAR_CORRETORES];
const own = [P.GERENCIAR_CORRETORA, P.VISUALIZAR_CORRETORA];

export const brokerPages = definePages([
  {
    path: '/corretor',
    title: 'Minha corretora',
    access: 'auth',
    permissions: own,
    description: 'Dados da sua corretora.',
  },
  {
    path: '/corretor/:corretorUniqueId',
    title: 'Corretor',
    access: 'auth',
    permissions: [...list, ...own, P.LISTAR_CORRETORES_ASSESSOR],
    crumbs: [{ title: 'Corretores', url: '/corretores' }],
  },
  {
    path: '/corretores',
    title: 'Corretores',
    access: 'auth',
    permissions: list,
    description: 'Lista de corretores.',
  },
  {
    path: '/corretor-assessoria',
    title: 'Corretores assessorados',
    access: 'auth',
    permissions: [P.LISTAR_CORRETORES_ASSESSOR],
    description: 'Corretores que você assessora.',
  },
]);
