import type { CompanyOfKey, PortalConfig } from '@aval/contracts';
import { type CachedLookup, cachedLookup } from '@aval/transport';
import type { Platform, PublicContext, TenantContext } from '../../context.js';
import { notFound } from '../../lib/errors.js';
import { toPortalConfig } from './portal.mapper.js';
import { findCompanyByHost, findCompanyById, hostsOfCompany, listCompanies } from './portal.repository.js';

/** The host names a company's portal answers on (its default one flagged). */
export const companyHosts = (ctx: Pick<TenantContext, 'db' | 'company'>) =>
  hostsOfCompany(ctx.db, ctx.company.id);

/** The origin (scheme, host, port) of a configured URL; undefined when it is not an http(s) URL. */
const originOf = (url: string | null | undefined) => {
  if (!url) return undefined;
  try {
    const parsed = new URL(url);
    return /^https?:$/.test(parsed.protocol) ? parsed.origin : undefined;
  } catch {
    return undefined;
  }
};

/**
 * Base URL of the company's portal for links sent out (e-mails), from configuration only: the
 * company's public URL, else PUBLIC_URL, else its default host on this server's port (http). Never
 * the request's Host header, which the sender of the request chooses.
 */
export const companyPortalUrl = async (ctx: Pick<TenantContext, 'db' | 'company' | 'platform'>) => {
  const company = await findCompanyById(ctx.db, ctx.company.id);
  const configured = originOf(company?.publicUrl) ?? originOf(ctx.platform.config.publicUrl);
  if (configured) return configured;
  const hosts = await companyHosts(ctx);
  const host = (hosts.find((h) => h.isDefault) ?? hosts[0])?.host ?? 'localhost';
  const { port } = ctx.platform.config;
  return `http://${host}${port === 80 ? '' : `:${port}`}`;
};

/** `Host:port` or a URL-ish value → the bare lower-case host name. */
export const normaliseHost = (dns: string) =>
  dns
    .trim()
    .toLowerCase()
    .replace(/^[a-z]+:\/\//, '')
    .replace(/[/?#].*$/, '')
    .replace(/:\d+$/, '')
    .replace(/\.$/, '');

type CompanyOfHost = Awaited<ReturnType<typeof findCompanyByHost>>;
const hostLookups = new WeakMap<Platform, CachedLookup<string, NonNullable<CompanyOfHost>>>();

/**
 * The company of a host, cached a few seconds per instance: every page load asks for the portal
 * configuration, and companies and their hosts change only by operators (seed, migrations).
 */
const companyOfHost = (platform: Platform) => {
  let lookup = hostLookups.get(platform);
  if (!lookup) {
    lookup = cachedLookup((host: string) => findCompanyByHost(platform.database.db, host), {
      ttlMs: 5_000,
      missTtlMs: 1_000,
    });
    hostLookups.set(platform, lookup);
  }
  return lookup;
};

type HostCompany = NonNullable<CompanyOfHost>;
/** The configuration of each cached host's company, built once per cached entry. */
const configs = new WeakMap<HostCompany, PortalConfig>();
const configOf = (platform: Platform, found: HostCompany) => {
  let config = configs.get(found);
  if (!config) {
    config = toPortalConfig(
      found.company,
      found.host,
      platform.config.kanbanServiceUrl ?? '/api/kanban/v1.0',
    );
    configs.set(found, config);
  }
  return config;
};

export const getPortalConfig = async (ctx: PublicContext, dns: string): Promise<PortalConfig> => {
  const host = normaliseHost(dns);
  const found = await companyOfHost(ctx.platform)(host);
  if (!found)
    throw notFound(`Nenhuma seguradora está configurada para o endereço "${host}".`, 'host_unknown');
  return configOf(ctx.platform, found);
};

/**
 * GetPortalConfig from memory while the host's company is cached (route option `fromMemory`: the
 * transport then reuses the reply bytes of the same configuration); undefined otherwise.
 */
export const keptPortalConfig = (platform: Platform, dns: string) =>
  companyOfHost(platform)
    .peek(normaliseHost(dns))
    ?.then((found: CompanyOfHost | undefined) => (found ? configOf(platform, found) : undefined));

/** The company the transport resolved from the CompanyKey header (for the stand-alone kanban service). */
export const getCompanyByKey = async (ctx: TenantContext): Promise<CompanyOfKey> => ({
  CompanyId: ctx.company.id,
  CompanyName: ctx.company.name,
  CompanyKey: ctx.company.key,
});

/** Ids of every company, for background jobs that run in each tenant. */
export const listCompanyIds = async (db: Parameters<typeof listCompanies>[0]) =>
  (await listCompanies(db)).map((c) => c.id);
