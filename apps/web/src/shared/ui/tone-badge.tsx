import { Badge, type BadgeProps } from '@mantine/core';

export type Tone = 'success' | 'danger' | 'warning' | 'info' | 'neutral';

/** Badge colours that keep WCAG AA contrast (≥ 4.5:1) for the badge's small bold text. */
export const toneColors: Record<Tone, { bg: string; c: string }> = {
  success: { bg: '#1e7a3c', c: '#ffffff' },
  danger: { bg: '#b42318', c: '#ffffff' },
  warning: { bg: '#fff4d6', c: '#6b4a00' },
  info: { bg: '#dbeafe', c: '#1e3a8a' },
  neutral: { bg: '#e9ecef', c: '#212529' },
};

export type ToneBadgeProps = Omit<BadgeProps, 'color' | 'variant' | 'bg' | 'c'> & {
  tone: Tone;
  children: React.ReactNode;
};

/** Status badge in one of the accessible tones. */
export const ToneBadge = ({ tone, ...rest }: ToneBadgeProps) => (
  <Badge variant="filled" radius="sm" bg={toneColors[tone].bg} c={toneColors[tone].c} {...rest} />
);
