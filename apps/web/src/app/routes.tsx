import { authPages } from '../features/auth/routes.js';
import { biPages } from '../features/bi/routes.js';
import { brokerPages } from '../features/brokers/routes.js';
import { documentPages } from '../features/documents/routes.js';
import { endorsementPages } from '../features/endorsements/routes.js';
import { homePages } from '../features/home/routes.js';
import { insuredPages } from '../features/insureds/routes.js';
import { kanbanPages } from '../features/kanban/routes.js';
import { parameterisationPages } from '../features/parameterisation/routes.js';
import { policyPages } from '../features/policies/routes.js';
import { policyHolderPages } from '../features/policy-holders/routes.js';
import { portalPages } from '../features/portal/routes.js';
import { proposalPages } from '../features/proposals/routes.js';
import { sroPages } from '../features/sro/routes.js';
import { userPages } from '../features/users/routes.js';
import type { PageDef } from './routing/route-types.js';

/**
 * Feature registry: every feature exports its pages from `features/<domain>/routes.tsx`; add ONE
 * line here for a new feature. /redirect-to-home and the unknown-path rule live in router.tsx.
 */
export const featurePages: PageDef[] = [
  ...authPages,
  ...portalPages,
  ...homePages,
  ...biPages,
  ...kanbanPages,
  ...proposalPages,
  ...policyPages,
  ...sroPages,
  ...endorsementPages,
  ...brokerPages,
  ...documentPages,
  ...policyHolderPages,
  ...insuredPages,
  ...userPages,
  ...parameterisationPages,
];
