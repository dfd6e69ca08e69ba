import { z } from 'zod';
import type { Platform } from '../../context.js';
import { runAsInsurerUser } from '../../plugins/job-context.js';
import { defineQueue } from '../../plugins/jobs.js';
import { listCompanyIds } from '../portal/index.js';
import { cancelUnpaid } from './proposals.issuance.js';

export const ISSUANCE_DAILY_QUEUE = 'issuance-daily';
/** 06:00 in Brasília (09:00 UTC), every day. */
export const ISSUANCE_DAILY_CRON = '0 9 * * *';

/**
 * The daily issuance job: in each company, proposals whose boleto stayed unpaid past the modality's
 * days after the due date are cancelled (99) with an e-mail to the broker. Idempotent (a cancelled
 * proposal is no longer in 4); `today` may be given to replay a day.
 */
export const issuanceDailyQueue = (platform: Platform) =>
  defineQueue({
    name: ISSUANCE_DAILY_QUEUE,
    data: z.object({ today: z.string().optional() }),
    retryLimit: 3,
    handler: async (data, job) => {
      await runIssuanceDaily(platform, data.today, job.id);
    },
  });

export const runIssuanceDaily = async (platform: Platform, today?: string, jobId = 'manual') => {
  const cancelled: number[] = [];
  for (const companyId of await listCompanyIds(platform.database.db))
    cancelled.push(
      ...(await runAsInsurerUser(platform, { companyId, userId: 0, jobId }, platform.log, (ctx) =>
        cancelUnpaid(ctx, today),
      )),
    );
  return cancelled;
};
