import { Group, Image, Text } from '@mantine/core';
import { getApplicationConfig } from '../config/portal-config.js';

/** Logo of the insurer (or its name), from the configuration. */
export const Brand = ({ size = 'md' }: { size?: 'md' | 'lg' }) => {
  const config = getApplicationConfig();
  const name = config?.companyName ?? 'Aval';
  const logo = config?.layout.logoUrl;
  return (
    <Group gap="xs" wrap="nowrap">
      {logo ? (
        <Image src={logo} alt={name} h={size === 'lg' ? 56 : 32} w="auto" fit="contain" />
      ) : (
        <Text fw={600} size={size === 'lg' ? 'xl' : 'lg'} c="brand.6" lineClamp={1}>
          {name}
        </Text>
      )}
    </Group>
  );
};
