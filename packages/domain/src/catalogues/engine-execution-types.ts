/** ProposalEngineExecutionLogs engine types of spec §3. */
export const EngineExecutionType = {
  CCG: 1,
  ECONOMIC_GROUP: 2,
  CREDIT_RULES: 3,
  CREDIT_ENGINE: 4,
  REINSURANCE: 5,
  SUBSCRIPTION: 6,
  BROKERAGE: 7,
  REGISTRATION: 8,
  PEP: 9,
} as const;
export type EngineExecutionTypeId = (typeof EngineExecutionType)[keyof typeof EngineExecutionType];
export const engineExecutionTypeLabels: Record<EngineExecutionTypeId, string> = {
  1: 'CCG',
  2: 'Grupo Econômico',
  3: 'Regras de Crédito',
  4: 'Motor de Crédito',
  5: 'Resseguro',
  6: 'Subscrição',
  7: 'Corretagem',
  8: 'Cadastro',
  9: 'PEP',
};

/** Order of the automatic approval validations (spec §4): PEP, credit, registration, subscription, reinsurance. */
export const proposalValidationOrder: readonly EngineExecutionTypeId[] = [9, 3, 4, 8, 6, 5];

/** Order of the automatic steps of an endorsement (spec §4), before approval. */
export const endorsementValidationOrder: readonly EngineExecutionTypeId[] = [8, 3, 4, 5, 6];
