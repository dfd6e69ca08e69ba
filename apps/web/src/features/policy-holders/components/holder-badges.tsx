import type { PolicyHolderSummary } from '@aval/contracts';
import { Badge, Group } from '@mantine/core';

/** Situation of a policy holder: active/inactive, blocked, restrictive-blocked, CCG signature waived. */
export const HolderBadges = ({ holder }: { holder: PolicyHolderSummary }) => (
  <Group gap={4} wrap="wrap">
    {holder.IsBlocked ? (
      <Badge color="red.8" variant="light">
        Bloqueado
      </Badge>
    ) : holder.IsActive ? (
      <Badge color="green.9" variant="light">
        Ativo
      </Badge>
    ) : (
      <Badge color="gray.8" variant="light">
        Inativo
      </Badge>
    )}
    {holder.IsRestrictiveBlocked && (
      <Badge color="orange.9" variant="light">
        Restritivo
      </Badge>
    )}
    {holder.IgnoreCCGSignature && (
      <Badge color="blue.8" variant="light">
        CCG dispensada
      </Badge>
    )}
  </Group>
);
