import type { ApiModule } from '../../plugins/modules.js';
import { BI_AGGREGATES_CRON, BI_AGGREGATES_QUEUE, biAggregatesQueue } from './bi.jobs.js';
import { biRoutes } from './bi.routes.js';

/** BI: the dashboard, the external embed, and the daily aggregates. */
export const biModule: ApiModule = {
  name: 'bi',
  routes: [biRoutes],
  workers: (platform) => [biAggregatesQueue(platform)],
  schedules: [{ queue: BI_AGGREGATES_QUEUE, cron: BI_AGGREGATES_CRON }],
};
