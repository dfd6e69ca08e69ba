import { Permission as P } from '@aval/contracts';
import { definePages } from '../../app/routing/route-types.js';

const view = [P.VISUALIZAR_APOLICES];
const crumbs = [{ title: 'Apólices', url: '/apolices' }];

export const policyPages = definePages([
  {
    path: '/apolices',
    title: 'Apólices',
    access: 'auth',
    permissions: view,
    description: 'Pesquisa de apólices.',
  },
  {
    path: '/apolice/:policyUniqueId',
    title: 'Apólice',
    access: 'auth',
    permissions: view,
    crumbs,
    description: 'Detalhe da apólice.',
  },
]);
