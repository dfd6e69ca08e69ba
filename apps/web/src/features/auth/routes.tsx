import { definePages } from '../../app/routing/route-types.js';
import { brokerRegistrationPages } from '../brokers/routes.js';

const loginPage = () => import('./pages/login-page.js').then((m) => m.LoginPage);
const advisorLoginPage = () => import('./pages/login-page.js').then((m) => m.AdvisorLoginPage);
const recoveryPage = () => import('./pages/password-recovery-page.js').then((m) => m.PasswordRecoveryPage);
const changePasswordPage = () => import('./pages/change-password-page.js').then((m) => m.ChangePasswordPage);
const firstAccessPage = () => import('./pages/change-password-page.js').then((m) => m.FirstAccessPage);

/** Public routes of spec §2 (only when logged out). */
export const authPages = definePages([
  { path: '/login/:companyDns?', title: 'Entrar', access: 'public', withoutQueries: true, page: loginPage },
  {
    path: '/login/:companyDns?/assessor',
    title: 'Acesso do assessor',
    access: 'public',
    withoutQueries: true,
    page: advisorLoginPage,
  },
  {
    path: '/iniciar-cadastro',
    title: 'Cadastro de corretora',
    access: 'public',
    page: brokerRegistrationPages.start,
  },
  {
    path: '/completar-cadastro/:cnpj',
    title: 'Completar cadastro',
    access: 'public',
    page: brokerRegistrationPages.complete,
  },
  { path: '/primeiro-acesso/:token', title: 'Primeiro acesso', access: 'public', page: firstAccessPage },
  { path: '/recuperacao-da-senha', title: 'Recuperação da senha', access: 'public', page: recoveryPage },
  { path: '/alterar-senha/:token', title: 'Alterar senha', access: 'public', page: changePasswordPage },
]);
