import { Group } from '@mantine/core';
import { ToneBadge } from '../../../shared/ui/tone-badge.js';
import type { InsuredRow } from '../api/insureds-api.js';

/** Public body (branch 0775) or private company (0776), and blocked. */
export const InsuredBadges = ({ insured }: { insured: Pick<InsuredRow, 'IsPrivate' | 'IsBlocked'> }) => (
  <Group gap={4} wrap="wrap">
    <ToneBadge tone="neutral">{insured.IsPrivate ? 'Privado' : 'Público'}</ToneBadge>
    {insured.IsBlocked ? (
      <ToneBadge tone="danger">Bloqueado</ToneBadge>
    ) : (
      <ToneBadge tone="success">Desbloqueado</ToneBadge>
    )}
  </Group>
);
