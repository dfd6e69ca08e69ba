import type { ApiModule } from '../../plugins/modules.js';
import { ISSUANCE_DAILY_CRON, ISSUANCE_DAILY_QUEUE, issuanceDailyQueue } from './issuance.jobs.js';
import { proposalValidationsQueue } from './proposals.analysis.js';
import { proposalAnalysisRoutes } from './proposals.analysis.routes.js';
import { proposalCardsRoutes } from './proposals.cards.routes.js';
import { proposalsRoutes } from './proposals.routes.js';

/** Proposals: the wizard, the automatic analysis, their cards, issuance and its daily job. */
export const proposalsModule: ApiModule = {
  name: 'proposals',
  routes: [proposalsRoutes, proposalAnalysisRoutes, proposalCardsRoutes],
  workers: (platform) => [proposalValidationsQueue(platform), issuanceDailyQueue(platform)],
  schedules: [{ queue: ISSUANCE_DAILY_QUEUE, cron: ISSUANCE_DAILY_CRON }],
};

// The public face: what other modules may import.
export * from './proposals.read-model.js';
export * from './proposals.service.js';
