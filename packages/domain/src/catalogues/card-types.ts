/** Kanban card types of spec §3 and the title of each detail view (spec §4). */
export const CardType = {
  CORRETORA_PEP: 'CORRETORA_PEP',
  NOMEACAO_TOMADOR: 'NOMEACAO_TOMADOR',
  ANALISE_CCG: 'ANALISE_CCG',
  ANALISE_CCG_MANUAL: 'ANALISE_CCG_MANUAL',
  PROPOSTA_SUBSCRICAO: 'PROPOSTA_SUBSCRICAO',
  PROPOSTA_INSPECAO: 'PROPOSTA_INSPECAO',
  PROPOSTA: 'PROPOSTA',
  SUBSCRICAO: 'SUBSCRICAO',
  INSPECAO: 'INSPECAO',
  GRUPO_ECONOMICO: 'GRUPO_ECONOMICO',
  TOMADOR_QSA_PEP: 'TOMADOR_QSA_PEP',
  SEGURADO_QSA_PEP: 'SEGURADO_QSA_PEP',
  ENDOSSO_CANCELAMENTO: 'ENDOSSO_CANCELAMENTO',
  ENDOSSO_ALTERACAO: 'ENDOSSO_ALTERACAO',
  ANALISE_DOCUMENTACAO_CORRETORA: 'ANALISE_DOCUMENTACAO_CORRETORA',
  ANALISE_CONFORMIDADE_CORRETORA: 'ANALISE_CONFORMIDADE_CORRETORA',
  RAMO_ATIVIDADE: 'RAMO_ATIVIDADE',
  REQUEST_LIMIT: 'REQUEST_LIMIT',
} as const;

export type CardTypeValue = (typeof CardType)[keyof typeof CardType];

export const allCardTypes = Object.values(CardType) as CardTypeValue[];

/** The eight detail-view titles of spec §4. */
export const CardDetailTitle = {
  BROKER: 'Dados da Corretora',
  NOMINATION: 'Dados da Solicitação de Nomeação',
  CCG: 'Dados da Solicitação de CCG',
  PROPOSAL_DETAILS: 'Detalhes da Proposta',
  PROPOSAL: 'Dados da Proposta',
  ENDORSEMENT: 'Dados do Endosso',
  POLICY_HOLDER: 'Dados do Tomador',
  LIMIT_REVIEW: 'Revisão de Limite',
} as const;

export type CardDetailTitleValue = (typeof CardDetailTitle)[keyof typeof CardDetailTitle];

export const cardDetailTitles: Record<CardTypeValue, CardDetailTitleValue> = {
  CORRETORA_PEP: 'Dados da Corretora',
  ANALISE_DOCUMENTACAO_CORRETORA: 'Dados da Corretora',
  ANALISE_CONFORMIDADE_CORRETORA: 'Dados da Corretora',
  NOMEACAO_TOMADOR: 'Dados da Solicitação de Nomeação',
  ANALISE_CCG: 'Dados da Solicitação de CCG',
  ANALISE_CCG_MANUAL: 'Dados da Solicitação de CCG',
  PROPOSTA_SUBSCRICAO: 'Detalhes da Proposta',
  PROPOSTA_INSPECAO: 'Detalhes da Proposta',
  PROPOSTA: 'Dados da Proposta',
  SUBSCRICAO: 'Dados da Proposta',
  INSPECAO: 'Dados da Proposta',
  SEGURADO_QSA_PEP: 'Dados da Proposta',
  ENDOSSO_CANCELAMENTO: 'Dados do Endosso',
  ENDOSSO_ALTERACAO: 'Dados do Endosso',
  TOMADOR_QSA_PEP: 'Dados do Tomador',
  GRUPO_ECONOMICO: 'Dados do Tomador',
  RAMO_ATIVIDADE: 'Dados do Tomador',
  REQUEST_LIMIT: 'Revisão de Limite',
};

/** Spec §8: a card type with no view rejects with this message. */
export const CARD_WITHOUT_VIEW_MESSAGE = 'Erro! Esse card não possui uma visualização formatada.';

export const isCardType = (value: unknown): value is CardTypeValue =>
  typeof value === 'string' && Object.hasOwn(cardDetailTitles, value);

/** Title of a card's detail view, or undefined when the type has no formatted view. */
export const cardDetailTitle = (cardType: string): CardDetailTitleValue | undefined =>
  isCardType(cardType) ? cardDetailTitles[cardType] : undefined;
