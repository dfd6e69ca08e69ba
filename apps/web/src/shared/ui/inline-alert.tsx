import { Alert, type AlertProps, Text } from '@mantine/core';
import { IconAlertCircle, IconAlertTriangle, IconInfoCircle } from '@tabler/icons-react';
import type { ReactNode } from 'react';

const tones = {
  error: { color: 'red', Icon: IconAlertCircle, role: 'alert' },
  warning: { color: 'yellow', Icon: IconAlertTriangle, role: 'status' },
  info: { color: 'blue', Icon: IconInfoCircle, role: 'status' },
} as const;

export type InlineAlertProps = Omit<AlertProps, 'color' | 'children' | 'title'> & {
  tone?: keyof typeof tones;
  title?: string;
  children: ReactNode;
};

/** Message inside a form or card (light background, black text: readable on any brand colour). */
export const InlineAlert = ({ tone = 'error', title, children, ...rest }: InlineAlertProps) => {
  const { color, Icon, role } = tones[tone];
  return (
    <Alert
      color={color}
      variant="light"
      role={role}
      title={title}
      icon={<Icon size={20} aria-hidden />}
      styles={{ title: { color: 'var(--mantine-color-black)' } }}
      {...rest}
    >
      <Text size="sm" c="black" style={{ whiteSpace: 'pre-line' }}>
        {children}
      </Text>
    </Alert>
  );
};
