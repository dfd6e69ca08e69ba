/** Request document status codes of spec §3. */
export const DocumentStatus = {
  CONFORME: 1,
  PENDENTE: 2,
  AGUARDANDO_ANALISE: 3,
  REPROVADO: 4,
} as const;

export type DocumentStatusKey = keyof typeof DocumentStatus;
export type DocumentStatusId = (typeof DocumentStatus)[DocumentStatusKey];

export const allDocumentStatusIds = Object.values(DocumentStatus) as DocumentStatusId[];

export const documentStatusLabels: Record<DocumentStatusId, string> = {
  1: 'Conforme',
  2: 'Pendente',
  3: 'Aguardando Análise',
  4: 'Reprovado',
};
