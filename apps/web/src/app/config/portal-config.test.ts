import type { PortalConfig } from '@aval/contracts';
import { beforeEach, describe, expect, it } from 'vitest';
import {
  APPLICATION_CONFIG_KEY,
  getApplicationConfig,
  loadApplicationConfig,
  resolveConfigHost,
  toApplicationConfig,
} from './portal-config.js';

const config = (over: Partial<PortalConfig> = {}): PortalConfig => ({
  CompanyId: 54,
  CompanyName: 'Aurora Seguros Garantia',
  CompanyKey: 'ck-54',
  Dns: 'aurora.localhost',
  KanbanServiceUrl: '/api/kanban/v1.0',
  Maintenance: false,
  WarnMaintenance: false,
  MaintenanceMessage: null,
  Layout: {
    PrimaryColor: '#123456',
    SuccessColor: '',
    DangerColor: '#EA5455',
    WarningColor: '#FF9F43',
    LineColor: '#ff9f43',
    Font: '',
    LogoUrl: null,
  },
  ...over,
});

describe('resolveConfigHost', () => {
  it('should use the simulated host when the login path has exactly three parts', () => {
    expect(resolveConfigHost('/login/simula-fianca.localhost', 'localhost')).toBe('fianca.localhost');
  });
  it('should keep the browser host when the path has more or fewer parts', () => {
    expect(resolveConfigHost('/login/simula-fianca.localhost/assessor', 'aurora.localhost')).toBe(
      'aurora.localhost',
    );
    expect(resolveConfigHost('/login', 'aurora.localhost')).toBe('aurora.localhost');
  });
  it('should keep the browser host when the segment does not start with simula-', () => {
    expect(resolveConfigHost('/login/fianca.localhost', 'aurora.localhost')).toBe('aurora.localhost');
    expect(resolveConfigHost('/tomadores/simula-x', 'aurora.localhost')).toBe('aurora.localhost');
  });
});

describe('loadApplicationConfig', () => {
  beforeEach(() => localStorage.clear());

  it('should keep the configuration in lsApplicationConfig when the call succeeds', async () => {
    const seen: string[] = [];
    const loaded = await loadApplicationConfig(
      async (dns) => {
        seen.push(dns);
        return config();
      },
      { pathname: '/login/simula-aurora.localhost', hostname: 'localhost' },
    );
    expect(seen).toEqual(['aurora.localhost']);
    expect(loaded?.companyKey).toBe('ck-54');
    expect(JSON.parse(localStorage.getItem(APPLICATION_CONFIG_KEY) ?? '{}').companyKey).toBe('ck-54');
  });

  it('should still start with the stored configuration when the call fails', async () => {
    localStorage.setItem(
      APPLICATION_CONFIG_KEY,
      JSON.stringify(toApplicationConfig(config({ CompanyKey: 'old' }))),
    );
    const loaded = await loadApplicationConfig(
      async () => {
        throw new Error('offline');
      },
      { pathname: '/', hostname: 'aurora.localhost' },
    );
    expect(loaded?.companyKey).toBe('old');
    expect(getApplicationConfig()?.companyKey).toBe('old');
  });

  it('should start without configuration when the call fails and nothing is stored', async () => {
    const loaded = await loadApplicationConfig(
      async () => {
        throw new Error('404');
      },
      { pathname: '/', hostname: 'x.localhost' },
    );
    expect(loaded).toBeUndefined();
  });
});

describe('toApplicationConfig', () => {
  it('should fill missing layout values with the spec defaults', () => {
    const c = toApplicationConfig(config());
    expect(c.layout.primaryColor).toBe('#123456');
    expect(c.layout.successColor).toBe('#28C76F');
    expect(c.layout.font).toBe('Montserrat');
  });
});
