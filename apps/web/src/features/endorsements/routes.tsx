import { Permission as P } from '@aval/contracts';
import { definePages } from '../../app/routing/route-types.js';

const request = [P.SOLICITAR_ENDOSSO];
const crumbs = [{ title: 'Apólices', url: '/apolices' }, { title: 'Endossos' }];

export const endorsementPages = definePages([
  {
    path: '/apolices/endossos/alteracao/:policyUniqueId/:typeId',
    title: 'Endosso de alteração',
    access: 'auth',
    permissions: request,
    crumbs,
    page: () => import('./pages/endorsement-request-page.js').then((m) => m.EndorsementRequestPage),
  },
  {
    path: '/apolices/endossos/cancelamento/:policyUniqueId/:typeId',
    title: 'Endosso de cancelamento',
    access: 'auth',
    permissions: request,
    crumbs,
    page: () => import('./pages/endorsement-request-page.js').then((m) => m.EndorsementRequestPage),
  },
  {
    path: '/apolices/endossos/emissao/:uniqueId',
    title: 'Emissão de endosso',
    access: 'auth',
    permissions: request,
    crumbs,
    page: () => import('./pages/endorsement-page.js').then((m) => m.EndorsementPage),
  },
]);
