import { Permission as P } from '@aval/contracts';
import { definePages } from '../../app/routing/route-types.js';

const users = [P.VISUALIZAR_USUARIOS, P.GERENCIAR_USUARIOS];
const crumbs = [{ title: 'Usuários', url: '/usuarios' }];

export const userPages = definePages([
  { path: '/usuarios', title: 'Usuários', access: 'auth', permissions: [...users, P.GERENCIAR_PERFIS] },
  { path: '/usuarios/listar', title: 'Lista de usuários', access: 'auth', permissions: users, crumbs },
  { path: '/usuarios/perfis', title: 'Perfis', access: 'auth', permissions: [P.GERENCIAR_PERFIS], crumbs },
]);
