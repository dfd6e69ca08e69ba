import { Permission as P, UserType } from '@aval/contracts';
import { definePages } from '../../app/routing/route-types.js';

export const documentPages = definePages([
  {
    path: '/documentos',
    title: 'Documentos',
    access: 'auth',
    permissions: [P.VISUALIZAR_DOCUMENTOS, P.GERENCIAR_DOCUMENTOS],
    // The insurer's own documents: their calls serve insurer staff only.
    userTypes: [UserType.INSURANCE],
    page: () => import('./pages/documents-page.js').then((m) => m.DocumentsPage),
  },
]);
