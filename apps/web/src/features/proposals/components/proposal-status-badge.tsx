import { type Tone, ToneBadge } from '../../../shared/ui/tone-badge.js';

const tones: Record<number, Tone> = {
  8: 'neutral',
  1: 'info',
  2: 'warning',
  6: 'warning',
  9: 'warning',
  7: 'success',
  3: 'info',
  4: 'info',
  5: 'success',
  97: 'danger',
  98: 'danger',
  99: 'danger',
};

/** The proposal's status as a badge (the label comes from the API, spec §3). */
export const ProposalStatusBadge = ({ statusId, label }: { statusId: number; label: string }) => (
  <ToneBadge
    tone={tones[statusId] ?? 'neutral'}
    style={{ flexShrink: 0 }}
    styles={{ label: { overflow: 'visible' } }}
  >
    {label}
  </ToneBadge>
);
