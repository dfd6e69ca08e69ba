import { Permission as P } from '@aval/contracts';
import { definePages } from '../../app/routing/route-types.js';

export const biPages = definePages([
  {
    path: '/bi/embbeded',
    title: 'BI',
    access: 'auth',
    permissions: [P.VISUALIZAR_BI],
    description: 'Painel de BI incorporado.',
    page: () => import('./pages/bi-page.js').then((m) => m.BiPage),
  },
]);
