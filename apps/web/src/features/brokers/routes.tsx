import { Permission as P } from '@aval/contracts';
import { definePages } from '../../app/routing/route-types.js';

const list = [P.GERENCIAR_CORRETORES, P.VISUALIZAR_CORRETORES];
const own = [P.GERENCIAR_CORRETORA, P.VISUALIZAR_CORRETORA];
const brokerPage = () => import('./pages/broker-page.js').then((m) => m.BrokerPage);

/** The public registration screens (/iniciar-cadastro, /completar-cadastro/:cnpj) of this feature. */
export const brokerRegistrationPages = {
  start: () => import('./pages/start-registration-page.js').then((m) => m.StartRegistrationPage),
  complete: () => import('./pages/complete-registration-page.js').then((m) => m.CompleteRegistrationPage),
};

export const brokerPages = definePages([
  {
    path: '/corretor',
    title: 'Minha corretora',
    access: 'auth',
    permissions: own,
    description: 'Dados da sua corretora.',
    page: brokerPage,
  },
  {
    path: '/corretor/:corretorUniqueId',
    title: 'Corretora',
    access: 'auth',
    permissions: [...list, ...own, P.LISTAR_CORRETORES_ASSESSOR],
    crumbs: [{ title: 'Corretores', url: '/corretores' }],
    page: brokerPage,
  },
  {
    path: '/corretores',
    title: 'Corretores',
    access: 'auth',
    permissions: list,
    description: 'Lista de corretores.',
    page: () => import('./pages/brokers-list-page.js').then((m) => m.BrokersListPage),
  },
  {
    path: '/corretor-assessoria',
    title: 'Corretores assessorados',
    access: 'auth',
    permissions: [P.LISTAR_CORRETORES_ASSESSOR],
    description: 'Corretores que você assessora.',
    page: () => import('./pages/advisor-brokers-page.js').then((m) => m.AdvisorBrokersPage),
  },
]);
