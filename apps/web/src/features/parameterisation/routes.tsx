import { Permission as P } from '@aval/contracts';
import { definePages } from '../../app/routing/route-types.js';

const param = [P.PARAMETRIZAR_SEGURADORA];
const pages = {
  home: () => import('./pages/parameterisation-home-page.js').then((m) => m.ParameterisationHomePage),
  modalities: () => import('./pages/modalities-page.js').then((m) => m.ModalitiesPage),
  modality: () => import('./pages/modality-page.js').then((m) => m.ModalityPage),
  group: () => import('./pages/modality-group-page.js').then((m) => m.ModalityGroupPage),
  clauseSets: () => import('./pages/clause-sets-page.js').then((m) => m.ClauseSetsPage),
  clauseSet: () => import('./pages/clause-set-page.js').then((m) => m.ClauseSetPage),
  generalConditions: () => import('./pages/general-conditions-page.js').then((m) => m.GeneralConditionsPage),
  payments: () => import('./pages/payments-page.js').then((m) => m.PaymentsPage),
  menu: () => import('./pages/menu-page.js').then((m) => m.MenuPage),
  brokerProfile: () => import('./pages/broker-profile-page.js').then((m) => m.BrokerProfilePage),
};
const crumbs = [{ title: 'Parametrização', url: '/parametrizacao' }];
const modalities = [...crumbs, { title: 'Modalidades', url: '/parametrizacao/modalidades' }];

export const parameterisationPages = definePages([
  { path: '/parametrizacao', title: 'Parametrização', access: 'auth', permissions: param, page: pages.home },
  {
    path: '/parametrizacao/menu',
    title: 'Menu',
    access: 'auth',
    permissions: param,
    crumbs,
    page: pages.menu,
  },
  {
    path: '/parametrizacao/broker-profile',
    title: 'Perfil de corretor',
    access: 'auth',
    permissions: param,
    crumbs,
    page: pages.brokerProfile,
  },
  {
    path: '/parametrizacao/modalidades',
    title: 'Modalidades',
    access: 'auth',
    permissions: param,
    crumbs,
    page: pages.modalities,
  },
  {
    path: '/parametrizacao/clausulados',
    title: 'Clausulados',
    access: 'auth',
    permissions: param,
    crumbs,
    page: pages.clauseSets,
  },
  {
    path: '/parametrizacao/clausulados/:id',
    title: 'Clausulado',
    access: 'auth',
    permissions: param,
    crumbs: [...crumbs, { title: 'Clausulados', url: '/parametrizacao/clausulados' }],
    page: pages.clauseSet,
  },
  {
    path: '/parametrizacao/branch/:branchId/grupo/:modalityGroupId/modalidade/:modalidadeId/:modalidadeUniqueId',
    title: 'Modalidade',
    access: 'auth',
    permissions: param,
    crumbs: modalities,
    page: pages.modality,
  },
  {
    path: '/parametrizacao/branch/:branchId/modalidade/:modalityGroupId',
    title: 'Grupo de modalidades',
    access: 'auth',
    permissions: param,
    crumbs: modalities,
    page: pages.group,
  },
  {
    path: '/parametrizacao/condicoes-gerais',
    title: 'Condições gerais',
    access: 'auth',
    permissions: param,
    crumbs,
    description: 'Condições gerais públicas e privadas e histórico de alterações.',
    page: pages.generalConditions,
  },
  {
    path: '/parametrizacao/pagamentos',
    title: 'Pagamentos',
    access: 'auth',
    permissions: param,
    crumbs,
    description: 'Parâmetros de parcelamento e de pagamento.',
    page: pages.payments,
  },
]);
