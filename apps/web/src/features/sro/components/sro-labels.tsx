import { type SroRegistration, SroRegistrationStatus } from '@aval/contracts';
import { Badge } from '@mantine/core';

const plural = (n: number) => (n === 1 ? '1 dia útil' : `${n} dias úteis`);

/** The deadline clock in words: "vence em 1 dia útil", "vence hoje", "atrasada há 2 dias úteis". */
export const sroDeadlineLabel = (r: Pick<SroRegistration, 'BusinessDaysLeft' | 'Late' | 'StatusId'>) => {
  if (r.StatusId === SroRegistrationStatus.REGISTRADA || r.BusinessDaysLeft === null) return '—';
  if (r.BusinessDaysLeft > 0) return `vence em ${plural(r.BusinessDaysLeft)}`;
  if (r.BusinessDaysLeft === 0) return r.Late ? 'atrasada' : 'vence hoje';
  return `atrasada há ${plural(-r.BusinessDaysLeft)}`;
};

const colors: Record<number, string> = { 1: 'gray', 2: 'blue', 3: 'green', 4: 'red' };

/** The registration's status as a label (Atrasada when not registered past its deadline). */
export const SroStatusBadge = ({ r }: { r: Pick<SroRegistration, 'StatusId' | 'StatusName' | 'Late'> }) => (
  <Badge variant="light" color={r.Late ? 'orange' : (colors[r.StatusId] ?? 'gray')}>
    {r.Late ? `${r.StatusName} · atrasada` : r.StatusName}
  </Badge>
);
