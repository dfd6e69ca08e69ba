import { type SroRegistration, SroRegistrationStatus } from '@aval/contracts';
import { type Tone, ToneBadge } from '../../../shared/ui/tone-badge.js';

const plural = (n: number) => (n === 1 ? '1 dia útil' : `${n} dias úteis`);

/** The deadline clock in words: "vence em 1 dia útil", "vence hoje", "atrasada há 2 dias úteis". */
export const sroDeadlineLabel = (r: Pick<SroRegistration, 'BusinessDaysLeft' | 'Late' | 'StatusId'>) => {
  if (r.StatusId === SroRegistrationStatus.REGISTRADA || r.BusinessDaysLeft === null) return '—';
  if (r.BusinessDaysLeft > 0) return `vence em ${plural(r.BusinessDaysLeft)}`;
  if (r.BusinessDaysLeft === 0) return r.Late ? 'atrasada' : 'vence hoje';
  return `atrasada há ${plural(-r.BusinessDaysLeft)}`;
};

const tones: Record<number, Tone> = { 1: 'neutral', 2: 'info', 3: 'success', 4: 'danger' };

/**
 * The registration's status as a label (Atrasada when not registered past its deadline), in
 * accessible tones. Never cut: a badge's label may shrink to an ellipsis, so a table column beside a
 * long reason would squeeze it to "REJEI…"; its whole text is its minimum width.
 */
export const SroStatusBadge = ({ r }: { r: Pick<SroRegistration, 'StatusId' | 'StatusName' | 'Late'> }) => (
  <ToneBadge tone={r.Late ? 'warning' : (tones[r.StatusId] ?? 'neutral')} miw="max-content">
    {r.Late ? `${r.StatusName} · atrasada` : r.StatusName}
  </ToneBadge>
);
