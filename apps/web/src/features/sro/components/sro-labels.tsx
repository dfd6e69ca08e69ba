import { type SroRegistration, SroRegistrationStatus } from '@aval/contracts';
import { List, type MantineSize, Text } from '@mantine/core';
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

/**
 * Why a registration is not registered, as the staff list's Motivos and the policy's SRO card both
 * show it: the registradora's reasons, each with its code (one code may come once per intermediary
 * at fault: each reason names its own), else what the delivery said (a registration held unsent
 * says why, e.g. the insurer's record lacks its SUSEP code; the registradora unreachable). The text
 * is the API's; `empty` when there is none.
 */
export const SroReasons = ({
  r,
  size = 'sm',
  empty = null,
}: {
  r: Pick<SroRegistration, 'Rejections' | 'LastError'>;
  size?: MantineSize;
  empty?: string | null;
}) => {
  if (r.Rejections.length > 0)
    return (
      <List size={size}>
        {r.Rejections.map((x) => (
          <List.Item key={`${x.Code} ${x.Message}`}>
            {x.Message} ({x.Code})
          </List.Item>
        ))}
      </List>
    );
  if (r.LastError) return <Text size={size}>{r.LastError}</Text>;
  return empty;
};
