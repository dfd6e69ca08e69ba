import { Badge } from '@mantine/core';
import type { ReactNode } from 'react';

/** Accessible badge colours (text/background ≥ 4.5:1) for the policy holder's situations and document statuses. */
const palette = {
  success: ['#1e7a3c', '#ffffff'],
  danger: ['#b42318', '#ffffff'],
  warning: ['#fff4d6', '#6b4a00'],
  info: ['#dbeafe', '#1e3a8a'],
  neutral: ['#e9ecef', '#212529'],
} as const;
export type Tone = keyof typeof palette;

export const ToneBadge = ({
  tone,
  children,
  ...rest
}: {
  tone: Tone;
  children: ReactNode;
  'data-status'?: number;
}) => (
  <Badge variant="filled" radius="sm" bg={palette[tone][0]} c={palette[tone][1]} {...rest}>
    {children}
  </Badge>
);
