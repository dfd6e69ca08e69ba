import type { PolicyHolderSummary } from '@aval/contracts';
import { Group } from '@mantine/core';
import { ToneBadge } from '../../../shared/ui/tone-badge.js';

/** Situation of a policy holder: active/inactive, blocked, restrictive-blocked, CCG signature waived. */
export const HolderBadges = ({ holder }: { holder: PolicyHolderSummary }) => (
  <Group gap={4} wrap="wrap">
    {holder.IsBlocked ? (
      <ToneBadge tone="danger">Bloqueado</ToneBadge>
    ) : holder.IsActive ? (
      <ToneBadge tone="success">Ativo</ToneBadge>
    ) : (
      <ToneBadge tone="neutral">Inativo</ToneBadge>
    )}
    {holder.IsRestrictiveBlocked && <ToneBadge tone="warning">Restritivo</ToneBadge>}
    {holder.IgnoreCCGSignature && <ToneBadge tone="info">CCG dispensada</ToneBadge>}
  </Group>
);
