import { codeCatalogue } from './code-catalogue.js';

/** Timeline (TimelineHistory) codes of spec §3. */
export const { codes: TimelineGroup, labels: timelineGroupLabels } = codeCatalogue({
  COTACAO: [1, 'Cotação'],
  PROPOSTA: [2, 'Proposta'],
  EMISSAO: [3, 'Emissão'],
});
export type TimelineGroupId = (typeof TimelineGroup)[keyof typeof TimelineGroup];

export const { codes: TimelineSituation, labels: timelineSituationLabels } = codeCatalogue({
  COTACAO: [1, 'Cotação'],
  CADASTRO: [2, 'Cadastro'],
  CREDITO: [3, 'Crédito'],
  SUBSCRICAO: [4, 'Subscrição'],
  RESSEGURO: [5, 'Resseguro'],
  EMISSAO: [6, 'Emissão'],
});
export type TimelineSituationId = (typeof TimelineSituation)[keyof typeof TimelineSituation];

export const { codes: TimelineStatus, labels: timelineStatusLabels } = codeCatalogue({
  APROVADO: [1, 'Aprovado'],
  SEGURADORA: [2, 'Seguradora'],
  CORRETOR: [3, 'Corretor'],
  RECUSADO: [4, 'Recusado'],
  CANCELADO: [5, 'Cancelado'],
});
export type TimelineStatusId = (typeof TimelineStatus)[keyof typeof TimelineStatus];
