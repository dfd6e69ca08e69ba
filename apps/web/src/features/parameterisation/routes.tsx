import { Permission as P } from '@aval/contracts';
import { definePages } from '../../app/routing/route-types.js';

const param = [P.PARAMETRIZAR_SEGURADORA];
const crumbs = [{ title: 'Parametrização', url: '/parametrizacao' }];
const modalities = [...crumbs, { title: 'Modalidades', url: '/parametrizacao/modalidades' }];

export const parameterisationPages = definePages([
  { path: '/parametrizacao', title: 'Parametrização', access: 'auth', permissions: param },
  { path: '/parametrizacao/menu', title: 'Menu', access: 'auth', permissions: param, crumbs },
  {
    path: '/parametrizacao/broker-profile',
    title: 'Perfil de corretor',
    access: 'auth',
    permissions: param,
    crumbs,
  },
  { path: '/parametrizacao/modalidades', title: 'Modalidades', access: 'auth', permissions: param, crumbs },
  { path: '/parametrizacao/clausulados', title: 'Clausulados', access: 'auth', permissions: param, crumbs },
  {
    path: '/parametrizacao/clausulados/:id',
    title: 'Clausulado',
    access: 'auth',
    permissions: param,
    crumbs: [...crumbs, { title: 'Clausulados', url: '/parametrizacao/clausulados' }],
  },
  {
    path: '/parametrizacao/branch/:branchId/grupo/:modalityGroupId/modalidade/:modalidadeId/:modalidadeUniqueId',
    title: 'Modalidade',
    access: 'auth',
    permissions: param,
    crumbs: modalities,
  },
  {
    path: '/parametrizacao/branch/:branchId/modalidade/:modalityGroupId',
    title: 'Grupo de modalidades',
    access: 'auth',
    permissions: param,
    crumbs: modalities,
  },
  {
    path: '/parametrizacao/condicoes-gerais',
    title: 'Condições gerais',
    access: 'auth',
    permissions: param,
    crumbs,
    description: 'Condições gerais públicas e privadas e histórico de alterações.',
  },
  {
    path: '/parametrizacao/pagamentos',
    title: 'Pagamentos',
    access: 'auth',
    permissions: param,
    crumbs,
    description: 'Parâmetros de parcelamento e de pagamento.',
  },
]);
