/** Request document types of spec §3. */
export const RequestDocumentType = {
  CCG: 1,
  SUBSCRIPTION: 2,
  PROPOSAL: 3,
  ENDORSEMENT: 4,
  COMPANY: 5,
  POLICY_HOLDER: 6,
  INSURED: 7,
  REQUEST_LIMIT: 8,
} as const;
export type RequestDocumentTypeId = (typeof RequestDocumentType)[keyof typeof RequestDocumentType];
export const requestDocumentTypeLabels: Record<RequestDocumentTypeId, string> = {
  1: 'CCG',
  2: 'Subscrição',
  3: 'Proposta',
  4: 'Endosso',
  5: 'Corretora',
  6: 'Tomador',
  7: 'Segurado',
  8: 'Solicitação de Limite',
};
