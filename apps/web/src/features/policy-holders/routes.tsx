import { Permission as P } from '@aval/contracts';
import { definePages } from '../../app/routing/route-types.js';

const view = [
  P.GERENCIAR_TOMADORES,
  P.VISUALIZAR_TOMADORES,
  P.GERENCIAR_TOMADORES_SEGURADORA,
  P.VISUALIZAR_TOMADORES_SEGURADORA,
];

export const policyHolderPages = definePages([
  {
    path: '/tomadores',
    title: 'Tomadores',
    access: 'auth',
    permissions: view,
    description: 'Pesquisa de tomadores.',
    page: () => import('./pages/policy-holders-page.js').then((m) => m.PolicyHoldersPage),
  },
  {
    path: '/tomador/:tomadorUniqueId',
    title: 'Tomador',
    access: 'auth',
    permissions: view,
    crumbs: [{ title: 'Tomadores', url: '/tomadores' }],
    page: () => import('./pages/policy-holder-page.js').then((m) => m.PolicyHolderPage),
  },
]);
