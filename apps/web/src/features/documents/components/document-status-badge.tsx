import { DocumentStatus } from '@aval/contracts';
import { type Tone, ToneBadge } from '../../../shared/ui/tone-badge.js';

/** Conforme green, Reprovado red, Pendente amber, Aguardando Análise blue (AA contrast). */
const tones: Record<number, Tone> = {
  [DocumentStatus.CONFORME]: 'success',
  [DocumentStatus.PENDENTE]: 'warning',
  [DocumentStatus.AGUARDANDO_ANALISE]: 'info',
  [DocumentStatus.REPROVADO]: 'danger',
};

export const DocumentStatusBadge = ({ statusId, name }: { statusId: number; name: string }) => (
  <ToneBadge tone={tones[statusId] ?? 'neutral'} data-status={statusId}>
    {name}
  </ToneBadge>
);
