import { definePages } from '../../app/routing/route-types.js';

const status = (name: 'AccessDeniedPage' | 'NotFoundPage' | 'MaintenancePage' | 'LockedPage') => () =>
  import('./pages/status-pages.js').then((m) => m[name]);

/** Error and status pages (spec §2) and the administrator-only routes. */
export const portalPages = definePages([
  { path: '/error-401', title: 'Acesso negado', access: 'any', page: status('AccessDeniedPage') },
  { path: '/error-404', title: 'Página não encontrada', access: 'any', page: status('NotFoundPage') },
  { path: '/maintenance', title: 'Em manutenção', access: 'any', page: status('MaintenancePage') },
  { path: '/locked', title: 'Acesso bloqueado', access: 'any', page: status('LockedPage') },
  {
    path: '/contrato',
    title: 'Contrato',
    access: 'admin',
    page: () => import('./pages/contract-page.js').then((m) => m.ContractPage),
  },
  {
    path: '/stepper',
    title: 'Stepper',
    access: 'admin',
    page: () => import('./pages/stepper-page.js').then((m) => m.StepperPage),
  },
  {
    path: '/upload',
    title: 'Upload de arquivos',
    access: 'admin',
    page: () => import('./pages/upload-page.js').then((m) => m.UploadPage),
  },
]);
