/** Timeline (TimelineHistory) codes of spec §3. */
export const TimelineGroup = { COTACAO: 1, PROPOSTA: 2, EMISSAO: 3 } as const;
export type TimelineGroupId = (typeof TimelineGroup)[keyof typeof TimelineGroup];
export const timelineGroupLabels: Record<TimelineGroupId, string> = {
  1: 'Cotação',
  2: 'Proposta',
  3: 'Emissão',
};

export const TimelineSituation = {
  COTACAO: 1,
  CADASTRO: 2,
  CREDITO: 3,
  SUBSCRICAO: 4,
  RESSEGURO: 5,
  EMISSAO: 6,
} as const;
export type TimelineSituationId = (typeof TimelineSituation)[keyof typeof TimelineSituation];
export const timelineSituationLabels: Record<TimelineSituationId, string> = {
  1: 'Cotação',
  2: 'Cadastro',
  3: 'Crédito',
  4: 'Subscrição',
  5: 'Resseguro',
  6: 'Emissão',
};

export const TimelineStatus = {
  APROVADO: 1,
  SEGURADORA: 2,
  CORRETOR: 3,
  RECUSADO: 4,
  CANCELADO: 5,
} as const;
export type TimelineStatusId = (typeof TimelineStatus)[keyof typeof TimelineStatus];
export const timelineStatusLabels: Record<TimelineStatusId, string> = {
  1: 'Aprovado',
  2: 'Seguradora',
  3: 'Corretor',
  4: 'Recusado',
  5: 'Cancelado',
};
