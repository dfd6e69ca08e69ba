import { accountsModule } from './modules/accounts/index.js';
import { authModule } from './modules/auth/index.js';
import { beneficiariesModule } from './modules/beneficiaries/index.js';
import { biModule } from './modules/bi/index.js';
import { brokersModule } from './modules/brokers/index.js';
import { endorsementsModule } from './modules/endorsements/index.js';
import { filesModule } from './modules/files/index.js';
import { homeModule } from './modules/home/index.js';
import { insuredsModule } from './modules/insureds/index.js';
import { insurerDocumentsModule } from './modules/insurer-documents/index.js';
import { kanbanModule } from './modules/kanban/index.js';
import { locationsModule } from './modules/locations/index.js';
import { parameterisationModule } from './modules/parameterisation/index.js';
import { pepModule } from './modules/pep/index.js';
import { policiesModule } from './modules/policies/index.js';
import { policyHoldersModule } from './modules/policy-holders/index.js';
import { portalModule } from './modules/portal/index.js';
import { proposalsModule } from './modules/proposals/index.js';
import { sroModule } from './modules/sro/index.js';
import { usersModule } from './modules/users/index.js';
import type { ApiModule } from './plugins/modules.js';

/**
 * The API's modules, each with its routes, workers and schedules (its `index.ts`): `app.ts`
 * registers them in this order. A new module adds its manifest here.
 */
export const apiModules: readonly ApiModule[] = [
  portalModule,
  filesModule,
  parameterisationModule,
  policyHoldersModule,
  authModule,
  usersModule,
  accountsModule,
  brokersModule,
  insurerDocumentsModule,
  locationsModule,
  insuredsModule,
  beneficiariesModule,
  kanbanModule,
  sroModule,
  proposalsModule,
  policiesModule,
  endorsementsModule,
  pepModule,
  homeModule,
  biModule,
];
