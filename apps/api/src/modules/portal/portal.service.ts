import type { CompanyOfKey, PortalConfig } from '@aval/contracts';
import type { PublicContext, TenantContext } from '../../context.js';
import { notFound } from '../../lib/errors.js';
import { toPortalConfig } from './portal.mapper.js';
import { findCompanyByHost, hostsOfCompany } from './portal.repository.js';

/** The host names a company's portal answers on (its default one flagged). */
export const companyHosts = (ctx: TenantContext) => hostsOfCompany(ctx.db, ctx.company.id);

/** `Host:port` or a URL-ish value → the bare lower-case host name. */
export const normaliseHost = (dns: string) =>
  dns
    .trim()
    .toLowerCase()
    .replace(/^[a-z]+:\/\//, '')
    .replace(/[/?#].*$/, '')
    .replace(/:\d+$/, '')
    .replace(/\.$/, '');

export const getPortalConfig = async (ctx: PublicContext, dns: string): Promise<PortalConfig> => {
  const host = normaliseHost(dns);
  const found = await findCompanyByHost(ctx.db, host);
  if (!found)
    throw notFound(`Nenhuma seguradora está configurada para o endereço "${host}".`, 'host_unknown');
  const kanban = ctx.platform.config.kanbanServiceUrl ?? '/api/kanban/v1.0';
  return toPortalConfig(found.company, found.host, kanban);
};

/** The company the transport resolved from the CompanyKey header (for the stand-alone kanban service). */
export const getCompanyByKey = async (ctx: TenantContext): Promise<CompanyOfKey> => ({
  CompanyId: ctx.company.id,
  CompanyName: ctx.company.name,
  CompanyKey: ctx.company.key,
});
