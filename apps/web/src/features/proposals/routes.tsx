import { Permission as P } from '@aval/contracts';
import { definePages } from '../../app/routing/route-types.js';

const view = [P.GERENCIAR_PROPOSTAS, P.VISUALIZAR_PROPOSTAS];
const manage = [P.GERENCIAR_PROPOSTAS];
const insurer = [P.GERENCIAR_PROPOSTAS_SEGURADORA, P.VISUALIZAR_PROPOSTAS_SEGURADORA];
const crumbs = [{ title: 'Propostas', url: '/propostas' }];
const wizard = () => import('./pages/proposal-wizard-page.js').then((m) => m.ProposalWizardPage);
const insurerCrumbs = [{ title: 'Propostas', url: '/propostas-seguradora' }];

/** Quotes and proposals, broker side and insurer side (spec §2). */
export const proposalPages = definePages([
  {
    path: '/cotacao/criar/:id',
    title: 'Nova cotação',
    access: 'auth',
    permissions: manage,
    crumbs,
    page: wizard,
  },
  {
    path: '/cotacao/editar/:id',
    title: 'Editar cotação',
    access: 'auth',
    permissions: manage,
    crumbs,
    page: wizard,
  },
  {
    path: '/propostas',
    title: 'Propostas',
    access: 'auth',
    permissions: view,
    description: 'Lista de propostas.',
    page: () => import('./pages/proposals-page.js').then((m) => m.ProposalsPage),
  },
  {
    path: '/propostas/proposta/emissao/:id',
    title: 'Emissão da proposta',
    access: 'auth',
    permissions: manage,
    crumbs,
    page: () => import('./pages/proposal-page.js').then((m) => m.ProposalIssuancePage),
  },
  {
    path: '/propostas/proposta/:propostaUniqueId',
    title: 'Proposta',
    access: 'auth',
    permissions: view,
    crumbs,
    page: () => import('./pages/proposal-page.js').then((m) => m.ProposalPage),
  },
  {
    path: '/propostas/timeline/:propostaUniqueId',
    title: 'Linha do tempo da proposta',
    access: 'auth',
    permissions: view,
    crumbs,
    page: () => import('./pages/proposal-timeline-page.js').then((m) => m.ProposalTimelinePage),
  },
  {
    path: '/propostas/proposta/editar/:propostaUniqueId',
    title: 'Editar proposta',
    access: 'auth',
    permissions: manage,
    crumbs,
    page: wizard,
  },
  {
    path: '/propostas/proposta/editar-property/:id',
    title: 'Editar proposta patrimonial',
    access: 'auth',
    permissions: manage,
    crumbs,
    page: wizard,
  },
  {
    path: '/propostas/proposta/editar-property-v2/:propostaUniqueId',
    title: 'Editar proposta patrimonial',
    access: 'auth',
    permissions: manage,
    crumbs,
    page: wizard,
  },
  {
    path: '/propostas/proposta/criar',
    title: 'Nova proposta',
    access: 'auth',
    permissions: manage,
    crumbs,
    page: wizard,
  },
  {
    path: '/propostas/proposta-new/criar',
    title: 'Nova proposta',
    access: 'auth',
    permissions: manage,
    crumbs,
    page: wizard,
  },
  {
    path: '/propostas/visualizar/:proposalType?/:propostaUniqueId?',
    title: 'Visualizar proposta',
    access: 'auth',
    permissions: view,
    crumbs,
    page: () => import('./pages/proposal-page.js').then((m) => m.ProposalPage),
  },
  {
    path: '/propostas/proposta/detalhes/:id',
    title: 'Detalhes da proposta',
    access: 'auth',
    permissions: view,
    crumbs,
    page: () => import('./pages/proposal-page.js').then((m) => m.ProposalPage),
  },
  {
    path: '/propostas-seguradora',
    title: 'Propostas',
    access: 'auth',
    permissions: insurer,
    description: 'Propostas recebidas pela seguradora.',
    page: () => import('./pages/insurer-proposals-page.js').then((m) => m.InsurerProposalsPage),
  },
  {
    path: '/propostas-seguradora/proposta/:proposalType?/:propostaUniqueId?',
    title: 'Proposta',
    access: 'auth',
    permissions: insurer,
    crumbs: insurerCrumbs,
    page: () => import('./pages/proposal-page.js').then((m) => m.ProposalPage),
  },
]);
