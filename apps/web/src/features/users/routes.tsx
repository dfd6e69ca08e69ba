import { Permission as P } from '@aval/contracts';
import { definePages } from '../../app/routing/route-types.js';

const users = [P.VISUALIZAR_USUARIOS, P.GERENCIAR_USUARIOS];
const crumbs = [{ title: 'Usuários', url: '/usuarios' }];
const pages = {
  home: () => import('./pages/users-home-page.js').then((m) => m.UsersHomePage),
  list: () => import('./pages/users-list-page.js').then((m) => m.UsersListPage),
  profiles: () => import('./pages/profiles-page.js').then((m) => m.ProfilesPage),
};

export const userPages = definePages([
  {
    path: '/usuarios',
    title: 'Usuários',
    access: 'auth',
    permissions: [...users, P.GERENCIAR_PERFIS],
    page: pages.home,
  },
  {
    path: '/usuarios/listar',
    title: 'Lista de usuários',
    access: 'auth',
    permissions: users,
    crumbs,
    page: pages.list,
  },
  {
    path: '/usuarios/perfis',
    title: 'Perfis',
    access: 'auth',
    permissions: [P.GERENCIAR_PERFIS],
    crumbs,
    page: pages.profiles,
  },
]);
