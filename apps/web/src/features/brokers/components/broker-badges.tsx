import type { BrokerSummary } from '@aval/contracts';
import { Group } from '@mantine/core';
import { type Tone, ToneBadge } from '../../../shared/ui/tone-badge.js';

const tones: Record<BrokerSummary['StatusKey'], Tone> = {
  active: 'success',
  pending: 'warning',
  blocked: 'danger',
  inactive: 'neutral',
};

/** Registration state plus the pending flags of spec §3 (documents, compliance). */
export const BrokerBadges = ({ broker }: { broker: BrokerSummary | Omit<BrokerSummary, 'AdvisedUsers'> }) => (
  <Group gap={6} wrap="wrap">
    <ToneBadge tone={tones[broker.StatusKey]} data-status={broker.StatusKey}>
      {broker.StatusName}
    </ToneBadge>
    {broker.HasPendingDocuments && broker.StatusKey !== 'inactive' && (
      <ToneBadge tone="info">Documentos pendentes</ToneBadge>
    )}
    {broker.HasPendingComplianceValidation && broker.StatusKey !== 'inactive' && (
      <ToneBadge tone="neutral">Conformidade em análise</ToneBadge>
    )}
  </Group>
);
