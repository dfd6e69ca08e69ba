import type { TenantContext } from '../../context.js';
import { createLinkToken, portalBaseUrl } from './links.js';
import { firstAccessMail } from './mail.templates.js';

/**
 * Queues the first-access e-mail with a single-use link to /primeiro-acesso/{token}; returns the
 * link (the installer prints it for the operator who installs a company's first administrator).
 */
export const sendFirstAccess = async (ctx: TenantContext, userId: number, name: string, email: string) => {
  const token = await createLinkToken(ctx.db, ctx.company.id, userId, 'first_access');
  const link = `${await portalBaseUrl(ctx)}/primeiro-acesso/${token}`;
  const mail = firstAccessMail(ctx.company.name, name, link);
  await ctx.platform.jobs.send(ctx.platform.queues.sendMail, { to: email, ...mail }, { tx: ctx.db });
  return link;
};
