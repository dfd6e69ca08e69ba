import { definePages } from '../../app/routing/route-types.js';

const loginPage = () => import('./pages/login-page.js').then((m) => m.LoginPage);
const advisorLoginPage = () => import('./pages/login-page.js').then((m) => m.AdvisorLoginPage);

/** Public routes of spec §2 (only when logged out). */
export const authPages = definePages([
  { path: '/login/:companyDns?', title: 'Entrar', access: 'public', page: loginPage },
  {
    path: '/login/:companyDns?/assessor',
    title: 'Acesso do assessor',
    access: 'public',
    page: advisorLoginPage,
  },
  { path: '/iniciar-cadastro', title: 'Cadastro de corretora', access: 'public' },
  { path: '/completar-cadastro/:cnpj', title: 'Completar cadastro', access: 'public' },
  { path: '/primeiro-acesso/:token', title: 'Primeiro acesso', access: 'public' },
  { path: '/recuperacao-da-senha', title: 'Recuperação da senha', access: 'public' },
  { path: '/alterar-senha/:token', title: 'Alterar senha', access: 'public' },
]);
