import { type PortalConfig, themeDefaults } from '@aval/contracts';

/** localStorage key of the application config (spec §1). */
export const APPLICATION_CONFIG_KEY = 'lsApplicationConfig';

export type LayoutSettings = {
  primaryColor: string;
  successColor: string;
  dangerColor: string;
  warningColor: string;
  lineColor: string;
  font: string;
  logoUrl: string | null;
};

/** What the portal keeps of GetPortalConfig (spec §1: companyKey, kanban url, maintenance, layout). */
export type ApplicationConfig = {
  companyId: number;
  companyName: string;
  companyKey: string;
  dns: string;
  kanbanServiceUrl: string;
  maintenance: boolean;
  warnMaintenance: boolean;
  maintenanceMessage: string | null;
  layout: LayoutSettings;
};

export const defaultLayout: LayoutSettings = {
  primaryColor: themeDefaults.colors.primary,
  successColor: themeDefaults.colors.success,
  dangerColor: themeDefaults.colors.danger,
  warningColor: themeDefaults.colors.warning,
  lineColor: themeDefaults.colors.line,
  font: themeDefaults.fontFamily,
  logoUrl: null,
};

const orDefault = (value: string | null | undefined, fallback: string) =>
  value?.trim() ? value.trim() : fallback;

export const toApplicationConfig = (c: PortalConfig): ApplicationConfig => ({
  companyId: c.CompanyId,
  companyName: c.CompanyName,
  companyKey: c.CompanyKey,
  dns: c.Dns,
  kanbanServiceUrl: c.KanbanServiceUrl,
  maintenance: c.Maintenance,
  warnMaintenance: c.WarnMaintenance,
  maintenanceMessage: c.MaintenanceMessage,
  layout: {
    primaryColor: orDefault(c.Layout?.PrimaryColor, defaultLayout.primaryColor),
    successColor: orDefault(c.Layout?.SuccessColor, defaultLayout.successColor),
    dangerColor: orDefault(c.Layout?.DangerColor, defaultLayout.dangerColor),
    warningColor: orDefault(c.Layout?.WarningColor, defaultLayout.warningColor),
    lineColor: orDefault(c.Layout?.LineColor, defaultLayout.lineColor),
    font: orDefault(c.Layout?.Font, defaultLayout.font),
    logoUrl: c.Layout?.LogoUrl ?? null,
  },
});

/**
 * Host whose configuration is read (spec §1): on a login path with exactly three parts
 * (`/login/simula-aurora.localhost` splits into '', 'login', 'simula-aurora.localhost'), a segment
 * beginning with 'simula-' replaces the browser's host with the rest of the segment.
 */
export const resolveConfigHost = (pathname: string, hostname: string): string => {
  const parts = pathname.split('/');
  const segment = parts[2];
  if (parts.length === 3 && parts[1] === 'login' && segment?.startsWith('simula-')) {
    const simulated = decodeURIComponent(segment.slice('simula-'.length));
    if (simulated) return simulated;
  }
  return hostname;
};

let current: ApplicationConfig | undefined;

export const readStoredConfig = (): ApplicationConfig | undefined => {
  try {
    const raw = localStorage.getItem(APPLICATION_CONFIG_KEY);
    return raw ? (JSON.parse(raw) as ApplicationConfig) : undefined;
  } catch {
    return undefined;
  }
};

/** The configuration in force (loaded at start-up, else the stored one). */
export const getApplicationConfig = (): ApplicationConfig | undefined => current ?? readStoredConfig();

export const setApplicationConfig = (config: ApplicationConfig | undefined) => {
  current = config;
  if (config) localStorage.setItem(APPLICATION_CONFIG_KEY, JSON.stringify(config));
};

export type ConfigFetcher = (dns: string) => Promise<PortalConfig>;

/**
 * Start-up: reads the configuration of the current host and keeps it. A failure never stops the
 * portal (spec §8): the stored configuration, if any, stays in force.
 */
export const loadApplicationConfig = async (
  fetchConfig: ConfigFetcher,
  location: { pathname: string; hostname: string } = window.location,
): Promise<ApplicationConfig | undefined> => {
  const host = resolveConfigHost(location.pathname, location.hostname);
  try {
    const config = toApplicationConfig(await fetchConfig(host));
    setApplicationConfig(config);
    return config;
  } catch {
    current = readStoredConfig();
    return current;
  }
};
