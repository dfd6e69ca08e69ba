import { Alert } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { getApplicationConfig } from '../config/portal-config.js';

export const defaultMaintenanceWarning =
  'O portal passará por manutenção em breve. Salve seu trabalho para não perder informações.';

/** Maintenance notice of the configuration (WarnMaintenance). */
export const MaintenanceBanner = () => {
  const config = getApplicationConfig();
  if (!config?.warnMaintenance) return null;
  return (
    <Alert
      color="yellow"
      variant="light"
      radius={0}
      icon={<IconAlertTriangle size={20} aria-hidden />}
      title="Aviso de manutenção"
      role="status"
      data-testid="maintenance-warning"
      styles={{
        title: { color: 'var(--mantine-color-black)' },
        message: { color: 'var(--mantine-color-black)' },
      }}
    >
      {config.maintenanceMessage?.trim() || defaultMaintenanceWarning}
    </Alert>
  );
};
