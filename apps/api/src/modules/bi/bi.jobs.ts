import { z } from 'zod';
import type { Platform } from '../../context.js';
import { runForEachCompany } from '../../plugins/job-context.js';
import { defineQueue } from '../../plugins/jobs.js';
import { refreshAggregates } from './bi.service.js';

export const BI_AGGREGATES_QUEUE = 'bi-aggregates';
/**
 * Every day at 03:30 UTC (00:30 in Brasília): a month that just closed is stored the same night.
 * Until then, and for the current month always, the dashboard reads it live, so issuances,
 * endorsements and cancellations of the day show at once without a rebuild of their own.
 */
export const BI_AGGREGATES_CRON = '30 3 * * *';

/** Rebuilds every company's BI aggregates (idempotent: a rerun stores the same sums). */
export const biAggregatesQueue = (platform: Platform) =>
  defineQueue({
    name: BI_AGGREGATES_QUEUE,
    data: z.object({ today: z.string().optional() }).default({}),
    retryLimit: 3,
    handler: async (data, job) => {
      await runForEachCompany(platform, job.id, job.log, (ctx) => refreshAggregates(ctx, data.today));
    },
  });
