import { UserType } from '@aval/contracts';
import { definePages } from '../../app/routing/route-types.js';

/** The home (menu 11 Início, the HomeMenuId of these user types; not a row of routes.tsv). */
export const homePages = definePages([
  {
    path: '/inicio',
    title: 'Início',
    access: 'auth',
    userTypes: [UserType.INSURANCE, UserType.BROKER, UserType.AGENT, UserType.POLICY_HOLDER],
    page: () => import('./pages/home-page.js').then((m) => m.HomePage),
    prefetch: () => import('./api/home-api.js').then((m) => m.prefetchHome()),
  },
]);
