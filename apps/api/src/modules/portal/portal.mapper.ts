import type { PortalConfig } from '@aval/contracts';
import type { CompanyRow } from './portal.repository.js';

export const toPortalConfig = (c: CompanyRow, dns: string, kanbanFallback: string): PortalConfig => ({
  CompanyId: c.id,
  CompanyName: c.name,
  CompanyKey: c.companyKey,
  Dns: dns,
  KanbanServiceUrl: c.kanbanServiceUrl ?? kanbanFallback,
  Maintenance: c.maintenance,
  WarnMaintenance: c.warnMaintenance,
  MaintenanceMessage: c.maintenanceMessage,
  Layout: {
    PrimaryColor: c.primaryColor,
    SuccessColor: c.successColor,
    DangerColor: c.dangerColor,
    WarningColor: c.warningColor,
    LineColor: c.lineColor,
    Font: c.font,
    LogoUrl: c.logoUrl,
  },
});
