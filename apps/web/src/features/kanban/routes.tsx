import { Permission as P } from '@aval/contracts';
import { definePages } from '../../app/routing/route-types.js';

const kanban = [P.VISUALIZAR_ESTEIRAS];
const crumbs = [{ title: 'Esteiras', url: '/kanban' }];

export const kanbanPages = definePages([
  {
    path: '/kanban',
    title: 'Esteiras',
    access: 'auth',
    permissions: kanban,
    description: 'Lista das esteiras.',
    page: () => import('./pages/pipes-page.js').then((m) => m.PipesPage),
  },
  {
    path: '/kanban/pipe/:token',
    title: 'Esteira',
    access: 'auth',
    permissions: kanban,
    crumbs,
    description: 'Etapas e cards da esteira.',
    page: () => import('./pages/pipe-board-page.js').then((m) => m.PipeBoardPage),
  },
]);
