import { UserType } from '@aval/domain';
import type { FastifyBaseLogger } from 'fastify';
import type { AuthUser, Platform, TenantContext, UserContext } from '../context.js';
import { withTenant } from '../db/client.js';

/**
 * Runs background work on behalf of an insurer user (the actor of a kanban decision) in the
 * company's RLS transaction, with the context a request would have. The actor's permissions are
 * not in the job: whoever sent it authorised the action (the kanban service checked the pipe's
 * management permission), so service functions that check permissions themselves are not for here.
 */
export const runAsInsurerUser = async <T>(
  platform: Platform,
  who: { companyId: number; userId: number; jobId: string },
  log: FastifyBaseLogger,
  fn: (ctx: UserContext) => Promise<T>,
): Promise<T> => {
  const directory = platform.wiring.directory;
  const company = await directory.companyById(platform.database.db, who.companyId);
  if (!company) throw new Error(`company ${who.companyId} not found`);
  const user: AuthUser = {
    userId: who.userId,
    companyId: who.companyId,
    userType: UserType.INSURANCE,
    permissions: new Set(),
  };
  return withTenant(platform.database.db, who.companyId, (tx) =>
    fn({
      requestId: `job-${who.jobId}`,
      host: '',
      ip: '',
      log,
      platform,
      db: tx,
      company,
      user,
      links: directory.callerLinks({ db: tx, company }, user),
    }),
  );
};

/**
 * The system (an insurer-type user 0 without permissions, 'Sistema' in histories) inside a tenant
 * call's own transaction: for work a public call needs done on the company's behalf (the
 * authenticity page renders a missing policy PDF).
 */
export const systemContext = (ctx: TenantContext): UserContext => {
  const user: AuthUser = {
    userId: 0,
    companyId: ctx.company.id,
    userType: UserType.INSURANCE,
    permissions: new Set(),
  };
  return {
    ...ctx,
    user,
    links: ctx.platform.wiring.directory.callerLinks({ db: ctx.db, company: ctx.company }, user),
  };
};

/**
 * Runs scheduled work once per company, each in its own RLS transaction, as the system: an
 * insurer-type context without permissions whose user id is 0 (history written with
 * `asSystem(ctx)` shows 'Sistema'). One company failing does not stop the others; the first
 * error is rethrown at the end so the job is retried.
 */
export const runForEachCompany = async (
  platform: Platform,
  jobId: string,
  log: FastifyBaseLogger,
  fn: (ctx: UserContext) => Promise<void>,
): Promise<void> => {
  let failure: unknown;
  for (const row of await platform.wiring.directory.companies(platform.database.db)) {
    try {
      await runAsInsurerUser(platform, { companyId: row.id, userId: 0, jobId }, log, fn);
    } catch (err) {
      log.error({ err, companyId: row.id }, 'scheduled work failed for a company');
      failure ??= err;
    }
  }
  if (failure) throw failure;
};

/** The same context recording as the system ('Sistema' in histories). */
export const asSystem = <C extends UserContext>(ctx: C) => ({ ...ctx, user: undefined });
