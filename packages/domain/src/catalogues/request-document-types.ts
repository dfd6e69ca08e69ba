import { codeCatalogue } from './code-catalogue.js';

/** Request document types of spec §3. */
export const { codes: RequestDocumentType, labels: requestDocumentTypeLabels } = codeCatalogue({
  CCG: [1, 'CCG'],
  SUBSCRIPTION: [2, 'Subscrição'],
  PROPOSAL: [3, 'Proposta'],
  ENDORSEMENT: [4, 'Endosso'],
  COMPANY: [5, 'Corretora'],
  POLICY_HOLDER: [6, 'Tomador'],
  INSURED: [7, 'Segurado'],
  REQUEST_LIMIT: [8, 'Solicitação de Limite'],
});
export type RequestDocumentTypeId = (typeof RequestDocumentType)[keyof typeof RequestDocumentType];
