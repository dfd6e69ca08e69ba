import { codeCatalogue } from './code-catalogue.js';

/** ProposalEngineExecutionLogs engine types of spec §3. */
export const { codes: EngineExecutionType, labels: engineExecutionTypeLabels } = codeCatalogue({
  CCG: [1, 'CCG'],
  ECONOMIC_GROUP: [2, 'Grupo Econômico'],
  CREDIT_RULES: [3, 'Regras de Crédito'],
  CREDIT_ENGINE: [4, 'Motor de Crédito'],
  REINSURANCE: [5, 'Resseguro'],
  SUBSCRIPTION: [6, 'Subscrição'],
  BROKERAGE: [7, 'Corretagem'],
  REGISTRATION: [8, 'Cadastro'],
  PEP: [9, 'PEP'],
});
export type EngineExecutionTypeId = (typeof EngineExecutionType)[keyof typeof EngineExecutionType];

/** Order of the automatic approval validations (spec §4): PEP, credit, registration, subscription, reinsurance. */
export const proposalValidationOrder: readonly EngineExecutionTypeId[] = [9, 3, 4, 8, 6, 5];

/** Order of the automatic steps of an endorsement (spec §4), before approval. */
export const endorsementValidationOrder: readonly EngineExecutionTypeId[] = [8, 3, 4, 5, 6];
