import { Permission as P, UserType } from '@aval/contracts';
import { definePages } from '../../app/routing/route-types.js';

export const sroPages = definePages([
  {
    path: '/apolices/sro',
    title: 'Registros no SRO',
    access: 'auth',
    permissions: [P.GERENCIAR_REGISTROS_SRO],
    userTypes: [UserType.INSURANCE],
    crumbs: [{ title: 'Apólices', url: '/apolices' }],
    description: 'Registros das operações no SRO, por situação.',
    page: () => import('./pages/sro-registrations-page.js').then((m) => m.SroRegistrationsPage),
  },
]);
