import { type PolicyStatusId, policyStatusColors } from '@aval/contracts';
import { type Tone, ToneBadge } from '../../../shared/ui/tone-badge.js';

/** Spec §3 colours: 1 blue, 2 green, 3 to 5 danger (in the accessible tones). */
const tones: Record<string, Tone> = { blue: 'info', green: 'success', danger: 'danger' };

export const PolicyStatusBadge = ({ statusId, label }: { statusId: number; label: string }) => (
  <ToneBadge
    tone={tones[policyStatusColors[statusId as PolicyStatusId]] ?? 'neutral'}
    style={{ flexShrink: 0 }}
    styles={{ label: { overflow: 'visible' } }}
  >
    {label}
  </ToneBadge>
);
