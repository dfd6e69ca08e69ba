import { codeCatalogue } from './code-catalogue.js';

/** Product-related codes of spec §3 (property insurance) and the surety branches of domain.md §1. */
export const { codes: ContractType, labels: contractTypeLabels } = codeCatalogue({
  LMI_SINGLE_MULTIPLE_LOCATIONS: [1, 'LMI único com múltiplos locais de risco'],
  SINGLE_LOCATION: [2, 'Local de risco único'],
});
export type ContractTypeId = (typeof ContractType)[keyof typeof ContractType];

/** Property product branch codes. RC is the comprehensive business (empresarial) product. */
export const { codes: ProductBranchCode, labels: productBranchCodeLabels } = codeCatalogue({
  NAMED_RISK: ['NamedRisk', 'Riscos Nomeados'],
  RC: ['RC', 'Compreensivo Empresarial'],
});
export type ProductBranchCodeValue = (typeof ProductBranchCode)[keyof typeof ProductBranchCode];

/** Surety branches (ramos) of domain.md §1. */
export const { codes: SuretyBranch, labels: suretyBranchLabels } = codeCatalogue({
  PUBLIC_INSURED: ['0775', 'Garantia Segurado - Setor Público'],
  PRIVATE_INSURED: ['0776', 'Garantia Segurado - Setor Privado'],
});
export type SuretyBranchCode = (typeof SuretyBranch)[keyof typeof SuretyBranch];

/** A branch as people read it: the surety branch's code ('0775'), a property product's name. */
export const branchText = (code: string) =>
  (productBranchCodeLabels as Record<string, string | undefined>)[code] ?? code;

/**
 * A branch as a form or a list titles it: a surety branch's code and name ('0775 – Garantia Segurado
 * - Setor Público'), a property product's name ('Riscos Nomeados', never its internal code).
 */
export const branchTitle = (code: string, name: string) => {
  const text = branchText(code);
  return text === code ? `${code} – ${name}` : text;
};

/** Every branch code the financial engine knows (IOF rates are keyed by it). */
export type BranchCode = SuretyBranchCode | ProductBranchCodeValue;

export const { codes: LmiType, labels: lmiTypeLabels } = codeCatalogue({
  BUILDING: [1, 'Prédio'],
  CONTENT: [2, 'Conteúdo'],
  BUILDING_AND_CONTENT: [3, 'Prédio e Conteúdo'],
});
export type LmiTypeId = (typeof LmiType)[keyof typeof LmiType];

export const { codes: ProposalType, labels: proposalTypeLabels } = codeCatalogue({
  MANUAL_NAMED_RISKS: [1, 'Riscos Nomeados (manual)'],
  MANUAL_COMPREHENSIVE_BUSINESS: [2, 'Compreensivo Empresarial (manual)'],
  AUTOMATIC: [3, 'Automática'],
});
export type ProposalTypeId = (typeof ProposalType)[keyof typeof ProposalType];

export const { codes: ContractualTermType, labels: contractualTermTypeLabels } = codeCatalogue({
  GENERAL_CONDITIONS: [1, 'Condições Gerais'],
  SPECIAL: [2, 'Condições Especiais'],
  OBJECT: [3, 'Objeto'],
  ADDITIONAL_COVERAGES: [4, 'Coberturas Adicionais'],
  OBJECT_COVERAGE: [5, 'Objeto da Cobertura'],
});
export type ContractualTermTypeId = (typeof ContractualTermType)[keyof typeof ContractualTermType];

/** Co-broker commission types of spec §3 and §9. */
export const { codes: CoBrokerCommissionType, labels: coBrokerCommissionTypeLabels } = codeCatalogue({
  CO_BROKERAGE: [2, 'Cocorretagem'],
  CO_FOR_LABOR: [3, 'Co-for-labor'],
});
export type CoBrokerCommissionTypeId = (typeof CoBrokerCommissionType)[keyof typeof CoBrokerCommissionType];

export const { codes: ResponsiblePersonType, labels: responsiblePersonTypeLabels } = codeCatalogue({
  ADMINISTRATOR: [1, 'Administrador'],
  FINANCIAL_OFFICER: [2, 'Responsável Financeiro'],
});
export type ResponsiblePersonTypeId = (typeof ResponsiblePersonType)[keyof typeof ResponsiblePersonType];
