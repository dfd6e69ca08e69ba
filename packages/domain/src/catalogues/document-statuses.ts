import { codeCatalogue } from './code-catalogue.js';

/** Request document status codes of spec §3. */
export const {
  codes: DocumentStatus,
  all: allDocumentStatusIds,
  labels: documentStatusLabels,
} = codeCatalogue({
  CONFORME: [1, 'Conforme'],
  PENDENTE: [2, 'Pendente'],
  AGUARDANDO_ANALISE: [3, 'Aguardando Análise'],
  REPROVADO: [4, 'Reprovado'],
});

export type DocumentStatusKey = keyof typeof DocumentStatus;
export type DocumentStatusId = (typeof DocumentStatus)[DocumentStatusKey];
