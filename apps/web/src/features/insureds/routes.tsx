import { Permission as P } from '@aval/contracts';
import { definePages } from '../../app/routing/route-types.js';

const view = [P.VISUALIZAR_SEGURADO, P.GERENCIAR_SEGURADOS];

export const insuredPages = definePages([
  {
    path: '/segurados',
    title: 'Segurados',
    access: 'auth',
    permissions: view,
    description: 'Pesquisa de segurados.',
    page: () => import('./pages/insureds-page.js').then((m) => m.InsuredsPage),
  },
  {
    path: '/segurado/:seguradoUniqueId',
    title: 'Segurado',
    access: 'auth',
    permissions: view,
    crumbs: [{ title: 'Segurados', url: '/segurados' }],
    page: () => import('./pages/insured-page.js').then((m) => m.InsuredPage),
  },
]);
