import { Permission as P, UserType } from '@aval/contracts';
import { definePages } from '../../app/routing/route-types.js';

const view = [P.VISUALIZAR_APOLICES, P.CANCELAR_APOLICE_MANUALMENTE, P.SOLICITAR_ENDOSSO];
const crumbs = [{ title: 'Apólices', url: '/apolices' }];

export const policyPages = definePages([
  {
    path: '/apolices',
    title: 'Apólices',
    access: 'auth',
    permissions: view,
    description: 'Pesquisa de apólices.',
    page: () => import('./pages/policies-page.js').then((m) => m.PoliciesPage),
  },
  {
    path: '/apolice/:policyUniqueId',
    title: 'Apólice',
    access: 'auth',
    permissions: view,
    crumbs,
    description: 'Detalhe da apólice.',
    page: () => import('./pages/policy-page.js').then((m) => m.PolicyPage),
  },
  {
    // Not in routes.tsv: the public authenticity check printed on the policy PDF (QR code).
    path: '/verificar/:number',
    title: 'Autenticidade de apólice',
    access: 'any',
    page: () => import('./pages/verify-page.js').then((m) => m.VerifyPage),
  },
  {
    path: '/apolices/registro-sro',
    title: 'Registros no SRO atrasados',
    access: 'auth',
    permissions: [P.VISUALIZAR_APOLICES, P.GERENCIAR_PROPOSTAS_SEGURADORA, P.VISUALIZAR_PROPOSTAS_SEGURADORA],
    userTypes: [UserType.INSURANCE],
    crumbs,
    page: () => import('./pages/late-sro-page.js').then((m) => m.LateSroPage),
  },
  {
    // Not in routes.tsv: the bank's return file (ImportBankReturnFile), which settles the paid boletos.
    path: '/apolices/retorno-bancario',
    title: 'Retorno bancário',
    access: 'auth',
    permissions: [P.GERENCIAR_PROPOSTAS_SEGURADORA],
    userTypes: [UserType.INSURANCE],
    crumbs,
    page: () => import('./pages/bank-return-page.js').then((m) => m.BankReturnPage),
  },
]);
