/** Product-related codes of spec §3 (property insurance) and the surety branches of domain.md §1. */
export const ContractType = {
  LMI_SINGLE_MULTIPLE_LOCATIONS: 1,
  SINGLE_LOCATION: 2,
} as const;
export type ContractTypeId = (typeof ContractType)[keyof typeof ContractType];
export const contractTypeLabels: Record<ContractTypeId, string> = {
  1: 'LMI único com múltiplos locais de risco',
  2: 'Local de risco único',
};

/** Property product branch codes. RC is the comprehensive business (empresarial) product. */
export const ProductBranchCode = {
  NAMED_RISK: 'NamedRisk',
  RC: 'RC',
} as const;
export type ProductBranchCodeValue = (typeof ProductBranchCode)[keyof typeof ProductBranchCode];
export const productBranchCodeLabels: Record<ProductBranchCodeValue, string> = {
  NamedRisk: 'Riscos Nomeados',
  RC: 'Compreensivo Empresarial',
};

/** Surety branches (ramos) of domain.md §1. */
export const SuretyBranch = {
  PUBLIC_INSURED: '0775',
  PRIVATE_INSURED: '0776',
} as const;
export type SuretyBranchCode = (typeof SuretyBranch)[keyof typeof SuretyBranch];
export const suretyBranchLabels: Record<SuretyBranchCode, string> = {
  '0775': 'Garantia Segurado - Setor Público',
  '0776': 'Garantia Segurado - Setor Privado',
};

/** Every branch code the financial engine knows (IOF rates are keyed by it). */
export type BranchCode = SuretyBranchCode | ProductBranchCodeValue;

export const LmiType = {
  BUILDING: 1,
  CONTENT: 2,
  BUILDING_AND_CONTENT: 3,
} as const;
export type LmiTypeId = (typeof LmiType)[keyof typeof LmiType];
export const lmiTypeLabels: Record<LmiTypeId, string> = {
  1: 'Prédio',
  2: 'Conteúdo',
  3: 'Prédio e Conteúdo',
};

export const ProposalType = {
  MANUAL_NAMED_RISKS: 1,
  MANUAL_COMPREHENSIVE_BUSINESS: 2,
  AUTOMATIC: 3,
} as const;
export type ProposalTypeId = (typeof ProposalType)[keyof typeof ProposalType];
export const proposalTypeLabels: Record<ProposalTypeId, string> = {
  1: 'Riscos Nomeados (manual)',
  2: 'Compreensivo Empresarial (manual)',
  3: 'Automática',
};

export const ContractualTermType = {
  GENERAL_CONDITIONS: 1,
  SPECIAL: 2,
  OBJECT: 3,
  ADDITIONAL_COVERAGES: 4,
  OBJECT_COVERAGE: 5,
} as const;
export type ContractualTermTypeId = (typeof ContractualTermType)[keyof typeof ContractualTermType];
export const contractualTermTypeLabels: Record<ContractualTermTypeId, string> = {
  1: 'Condições Gerais',
  2: 'Condições Especiais',
  3: 'Objeto',
  4: 'Coberturas Adicionais',
  5: 'Objeto da Cobertura',
};

/** Co-broker commission types of spec §3 and §9. */
export const CoBrokerCommissionType = {
  CO_BROKERAGE: 2,
  CO_FOR_LABOR: 3,
} as const;
export type CoBrokerCommissionTypeId = (typeof CoBrokerCommissionType)[keyof typeof CoBrokerCommissionType];
export const coBrokerCommissionTypeLabels: Record<CoBrokerCommissionTypeId, string> = {
  2: 'Cocorretagem',
  3: 'Co-for-labor',
};

export const ResponsiblePersonType = {
  ADMINISTRATOR: 1,
  FINANCIAL_OFFICER: 2,
} as const;
export type ResponsiblePersonTypeId = (typeof ResponsiblePersonType)[keyof typeof ResponsiblePersonType];
export const responsiblePersonTypeLabels: Record<ResponsiblePersonTypeId, string> = {
  1: 'Administrador',
  2: 'Responsável Financeiro',
};
