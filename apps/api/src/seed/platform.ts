import { KANBAN_CARDS_QUEUE, kanbanCardCommand } from '@aval/contracts';
import { applyCardCommandIn } from '@aval/kanban';
import type { Platform, UserContext } from '../context.js';
import type { Db } from '../db/client.js';
import { ENDORSEMENT_STEPS_QUEUE, runAllSteps } from '../modules/endorsements/endorsements.service.js';
import {
  PROPOSAL_VALIDATIONS_QUEUE,
  runStep,
  type Validation,
} from '../modules/proposals/proposals.analysis.js';
import type { BlobStore } from '../plugins/storage.js';
import { wireModules } from '../wiring.js';

type Job = { queue: string; data: { companyId: number } & Record<string, unknown> };

/** The jobs the seed plays as the workers would (the rest is dropped: see `seedPlatform`). */
const played = new Set([PROPOSAL_VALIDATIONS_QUEUE, ENDORSEMENT_STEPS_QUEUE]);

/**
 * The platform the demo seed runs the services on: the app's wiring, and a job queue of its own,
 * since the seed runs before any worker. Card commands are applied at once, as the kanban service
 * applies them. The validations of a proposal and the automatic steps of an endorsement are kept,
 * and the seed works them when its story needs them (`playJobs`). E-mails are not sent (the demo
 * has no one to write to) but kept for the run, so a demo person can follow a link mailed to them
 * (`mailedLink`: a registration link, a first-access link); documents jobs are dropped: demo PDFs are rendered on first download,
 * so the start does no document work. One per seed run (per transaction).
 */
const platforms = new WeakMap<Db, { platform: Platform; jobs: Job[]; mails: Mail[] }>();
type Mail = { to: string; text: string };

/** Opens the seed run's platform on `db`, its files kept in `blobs` (the app's store). */
export const openSeedPlatform = (db: Db, blobs: BlobStore) => {
  const jobs: Job[] = [];
  const mails: Mail[] = [];
  // The platform's mail queue: the services send to it, the seed keeps what they send.
  const sendMail = { name: 'send-mail' };
  const platform = {
    jobs: {
      send: async (queue: { name: string }, data: Job['data']) => {
        if (queue === sendMail) mails.push({ to: String(data.to), text: String(data.text ?? '') });
        else if (queue.name === KANBAN_CARDS_QUEUE)
          await applyCardCommandIn(db, kanbanCardCommand.parse(data));
        else if (played.has(queue.name)) jobs.push({ queue: queue.name, data });
        return null;
      },
    },
    queues: { sendMail },
    // No instance keeps a user's access yet (the seed runs before the app serves): nothing to drop.
    access: { changed: async () => {} },
    // Links in the kept e-mails (read by `mailedLink`, never sent) on the company's default host.
    config: { port: 3000 },
    wiring: wireModules(),
    blobs,
  } as unknown as Platform;
  platforms.set(db, { platform, jobs, mails });
};

/** The seed run's platform on `db` (opened by seedDatabase). */
export const seedPlatform = (db: Db) => {
  const run = platforms.get(db);
  if (!run) throw new Error('seed: no platform opened on this database (seedDatabase opens it)');
  return run;
};

/**
 * Works the kept jobs of the context's company (of one proposal or endorsement when `of` is given),
 * in the order they were sent, until none is left (a validation that passes sends the next one),
 * as the workers would: each in `ctx`, the seed's insurer user.
 */
export const playJobs = async (ctx: UserContext, of?: { proposalId?: number; endorsementId?: number }) => {
  const { jobs } = seedPlatform(ctx.db as Db);
  const mine = (j: Job) =>
    j.data.companyId === ctx.company.id &&
    (!of?.proposalId || j.data.proposalId === of.proposalId) &&
    (!of?.endorsementId || j.data.endorsementId === of.endorsementId);
  for (;;) {
    const i = jobs.findIndex(mine);
    if (i < 0) return;
    const [job] = jobs.splice(i, 1);
    const d = job!.data;
    if (job!.queue === PROPOSAL_VALIDATIONS_QUEUE)
      await runStep(ctx, d.proposalId as number, d.round as number, d.engine as Validation);
    else await runAllSteps(ctx, d.endorsementId as number);
  }
};

/**
 * What a demo person reads in the last e-mail sent to `to` during this seed run: the first group of
 * `link` (e.g. the token of a first-access link), as they would follow it from their inbox.
 */
export const mailedLink = (db: Db, to: string, link: RegExp) => {
  const { mails } = seedPlatform(db);
  for (let i = mails.length - 1; i >= 0; i--) {
    const found = mails[i]!.to === to ? mails[i]!.text.match(link) : null;
    if (found?.[1]) return found[1];
  }
  throw new Error(`seed: no e-mail to ${to} with a link like ${link}`);
};
