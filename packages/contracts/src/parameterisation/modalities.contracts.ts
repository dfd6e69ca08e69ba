import { z } from 'zod';
import { endpoint } from '../endpoint.js';
import { changeHistoryEntry } from '../shared/change-history.js';
import { id, integer, money, optionalText, rate, requiredText, uuid } from '../shared/fields.js';
import { qBool, qInt } from '../shared/schemas.js';
import { days, paramAdminRead, paramRead, paramWrite } from './common.contracts.js';

export const branch = z
  .object({
    Id: z.number().int(),
    Code: z.string(),
    Name: z.string(),
    Kind: z.enum(['surety', 'property']),
    IsPublic: z.boolean(),
    IofRate: z.string(),
    IsActive: z.boolean(),
  })
  .meta({ id: 'Branch' });
export type Branch = z.infer<typeof branch>;

export const modalitySummary = z
  .object({
    Id: z.number().int(),
    UniqueId: z.string(),
    BranchId: z.number().int(),
    BranchCode: z.string(),
    ModalityGroupId: z.number().int(),
    ModalityGroupUniqueId: z.string(),
    ModalityGroupName: z.string(),
    Name: z.string(),
    Description: z.string().nullable(),
    SusepCode: z.string().nullable(),
    MaxInsuredAmountValue: z.string().nullable(),
    MinInsuredAmountValue: z.string().nullable(),
    AutomaticApprovalLimit: z.string().nullable(),
    MinInsurancePremium: z.string(),
    DefaultRate: z.string().nullable(),
    MinComissionPercentage: z.string(),
    MaxComissionPercentage: z.string(),
    RetroactiveDays: z.number().int(),
    FutureDays: z.number().int(),
    MinPeriodInDays: z.number().int(),
    MaxPeriodInDays: z.number().int(),
    IsComplementary: z.boolean(),
    AutomaticCancel: z.boolean(),
    DaysAfterDueDate: z.number().int().nullable(),
    CanHaveBeneficiaryPF: z.boolean(),
    IsActive: z.boolean(),
    Order: z.number().int(),
    UpdatedAt: z.string(),
  })
  .meta({ id: 'ModalitySummary' });
export type ModalitySummary = z.infer<typeof modalitySummary>;

export const coverage = z
  .object({
    Id: z.number().int(),
    UniqueId: z.string(),
    ModalityId: z.number().int(),
    Name: z.string(),
    Description: z.string().nullable(),
    IsAdditional: z.boolean(),
    InsuredAmountPercentage: z.string(),
    Rate: z.string(),
    IsActive: z.boolean(),
    Order: z.number().int(),
  })
  .meta({ id: 'Coverage' });
export type Coverage = z.infer<typeof coverage>;

export const complementaryModality = z
  .object({
    Id: z.number().int(),
    ModalityId: z.number().int(),
    ModalityName: z.string(),
    ComplementaryModalityId: z.number().int(),
    ComplementaryModalityUniqueId: z.string(),
    ComplementaryModalityName: z.string(),
    IsActive: z.boolean(),
  })
  .meta({ id: 'ComplementaryModality' });
export type ComplementaryModality = z.infer<typeof complementaryModality>;

export const contractualTerm = z
  .object({
    Id: z.number().int(),
    UniqueId: z.string(),
    TermType: z.number().int(),
    TermTypeName: z.string(),
    BranchId: z.number().int().nullable(),
    ModalityId: z.number().int().nullable(),
    CoverageId: z.number().int().nullable(),
    Title: z.string(),
    Text: z.string(),
    Version: z.number().int(),
    IsActive: z.boolean(),
    /** Known tags the text uses, in order. */
    Tags: z.array(z.string()),
    /** Bracketed words that are not tags of the catalogue (likely typos). */
    UnknownTags: z.array(z.string()),
    /** The text rendered with sample data; unfilled tags show their label in red. */
    PreviewHtml: z.string(),
    UpdatedAt: z.string(),
  })
  .meta({ id: 'ContractualTerm' });
export type ContractualTerm = z.infer<typeof contractualTerm>;

export const particularClause = z
  .object({
    Id: z.number().int(),
    UniqueId: z.string(),
    ModalityId: z.number().int(),
    Title: z.string(),
    Text: z.string(),
    IsActive: z.boolean(),
    Order: z.number().int(),
    Tags: z.array(z.string()),
    UnknownTags: z.array(z.string()),
    PreviewHtml: z.string(),
    UpdatedAt: z.string(),
  })
  .meta({ id: 'ParticularClause' });
export type ParticularClause = z.infer<typeof particularClause>;

export const parameterRequestDocument = z
  .object({
    Id: z.number().int(),
    UniqueId: z.string(),
    ModalityId: z.number().int(),
    ModalityUniqueId: z.string(),
    Name: z.string(),
    Description: z.string().nullable(),
    RequestDocumentTypeId: z.number().int(),
    RequestDocumentTypeName: z.string(),
    PipeTypeId: z.number().int(),
    PipeTypeName: z.string(),
    IsRequired: z.boolean(),
    IsDeleted: z.boolean(),
    Order: z.number().int(),
  })
  .meta({ id: 'ParameterRequestDocument' });
export type ParameterRequestDocument = z.infer<typeof parameterRequestDocument>;

export const installmentParameterValues = z.object({
  MinimumInstallmentValue: z.string(),
  MaximumInstallments: z.number().int(),
  GracePeriodsInDays: z.array(z.number().int()),
  PaymentMethods: z.array(z.string()),
  FirstDueDays: z.number().int(),
});

export const installmentParameter = z
  .object({
    Id: z.number().int(),
    UniqueId: z.string(),
    Code: z.string(),
    Name: z.string(),
    IsActive: z.boolean(),
    InstallmentParameter: installmentParameterValues,
    Modalities: z.array(
      z.object({ Id: z.number().int(), ModalityId: z.number().int(), ModalityName: z.string() }),
    ),
  })
  .meta({ id: 'InstallmentParameter' });
export type InstallmentParameter = z.infer<typeof installmentParameter>;

export const modalityDetail = modalitySummary
  .extend({
    Coverages: z.array(coverage),
    AdditionalCoverages: z.array(coverage),
    ComplementaryModalities: z.array(complementaryModality),
    ContractualTerms: z.array(contractualTerm),
    ParticularClauses: z.array(particularClause),
    RequestDocuments: z.array(parameterRequestDocument),
    InstallmentParameter: installmentParameter.omit({ Modalities: true }).nullable(),
  })
  .meta({ id: 'Modality' });
export type ModalityDetail = z.infer<typeof modalityDetail>;

export const modalityGroup = z
  .object({
    Id: z.number().int(),
    ModalityGroupUniqueId: z.string(),
    BranchId: z.number().int(),
    BranchCode: z.string(),
    Name: z.string(),
    Description: z.string().nullable(),
    Order: z.number().int(),
    Modalities: z.array(modalitySummary),
  })
  .meta({ id: 'ModalityGroup' });
export type ModalityGroup = z.infer<typeof modalityGroup>;

/** The editable fields of a modality (spec §9 limits and the rest). */
const modalityFields = {
  Name: requiredText('o nome da modalidade', 120),
  Description: optionalText('a descrição', 2000),
  SusepCode: optionalText('o código SUSEP', 20),
  MaxInsuredAmountValue: money('a importância segurada máxima').nullish(),
  MinInsuredAmountValue: money('a importância segurada mínima').nullish(),
  AutomaticApprovalLimit: money('o limite de aprovação automática').nullish(),
  MinInsurancePremium: money('o prêmio mínimo'),
  DefaultRate: rate('a taxa padrão').nullish(),
  MinComissionPercentage: rate('a comissão mínima'),
  MaxComissionPercentage: rate('a comissão máxima'),
  RetroactiveDays: days(),
  FutureDays: days(),
  MinPeriodInDays: days(),
  MaxPeriodInDays: days(),
  IsComplementary: z.boolean(),
  AutomaticCancel: z.boolean(),
  DaysAfterDueDate: days().nullish(),
  CanHaveBeneficiaryPF: z.boolean(),
  IsActive: z.boolean(),
  Order: integer({ min: 0 }),
};

export const insertModalityBody = z
  .object({
    BranchId: id(),
    /** Existing group; or NewModalityGroupName to create one in the branch. */
    ModalityGroupId: id().optional(),
    NewModalityGroupName: requiredText('o nome do grupo', 120).optional(),
    ...modalityFields,
    MinInsurancePremium: modalityFields.MinInsurancePremium.default('0'),
    MinComissionPercentage: modalityFields.MinComissionPercentage.default('0'),
    MaxComissionPercentage: modalityFields.MaxComissionPercentage.default('30'),
    RetroactiveDays: modalityFields.RetroactiveDays.default(0),
    FutureDays: modalityFields.FutureDays.default(0),
    MinPeriodInDays: modalityFields.MinPeriodInDays.default(1),
    MaxPeriodInDays: modalityFields.MaxPeriodInDays.default(1825),
    IsComplementary: modalityFields.IsComplementary.default(false),
    AutomaticCancel: modalityFields.AutomaticCancel.default(false),
    CanHaveBeneficiaryPF: modalityFields.CanHaveBeneficiaryPF.default(false),
    IsActive: modalityFields.IsActive.default(true),
    Order: modalityFields.Order.default(0),
  })
  .refine((b) => b.ModalityGroupId !== undefined || b.NewModalityGroupName !== undefined, {
    message: 'Informe o grupo da modalidade.',
    path: ['ModalityGroupId'],
  });
export type InsertModalityBody = z.infer<typeof insertModalityBody>;

export const updateModalityBody = z
  .object(modalityFields)
  .partial()
  .extend({ Id: id(), ModalityGroupId: id().optional() });
export type UpdateModalityBody = z.infer<typeof updateModalityBody>;

const modalityRules =
  'Regras: prazo mínimo ≤ prazo máximo; IS mínima ≤ IS máxima; limite de aprovação automática ≤ IS máxima; comissão mínima ≤ máxima; cancelamento automático exige DaysAfterDueDate. Cada campo alterado é gravado no histórico (GetModalityChangeHistory).';

export const getModality = endpoint({
  ...paramRead,
  method: 'GET',
  path: '/api/Core/GetModality',
  summary:
    'Modalidade com coberturas, modalidades complementares, termos, cláusulas, documentos e parcelamento',
  query: z.object({ modalityId: qInt().positive('Identificador inválido.') }),
  response: modalityDetail,
});

export const getAllCompanyBranch = endpoint({
  ...paramRead,
  method: 'GET',
  path: '/api/Core/GetAllCompanyBranch',
  summary: 'Ramos da seguradora (0775 setor público, 0776 setor privado, produtos patrimoniais)',
  description:
    'Aberto a qualquer usuário autenticado da seguradora: o assistente de proposta escolhe o ramo.',
  response: z.array(branch),
});

export const getModalitiesByBranch = endpoint({
  ...paramRead,
  method: 'GET',
  path: '/api/Core/GetModalitiesByBranch',
  summary: 'Modalidades de um ramo',
  description: 'Somente ativas, salvo `includeInactive=true` (que exige a permissão 26).',
  query: z.object({
    branchId: qInt().positive('Identificador inválido.'),
    includeInactive: qBool().optional(),
  }),
  response: z.array(modalitySummary),
});

export const getModalitiesGroups = endpoint({
  ...paramRead,
  method: 'GET',
  path: '/api/Modality/GetModalitiesGroups',
  summary: 'Grupos de modalidades (com ModalityGroupUniqueId e Modalities)',
  description:
    'Filtro opcional `branchId`. Modalidades inativas só aparecem com `includeInactive=true` e permissão 26.',
  query: z.object({
    branchId: qInt().positive().optional(),
    includeInactive: qBool().optional(),
  }),
  response: z.array(modalityGroup),
});

export const getModalitiesByGroup = endpoint({
  ...paramRead,
  method: 'GET',
  path: '/api/Modality/GetModalitiesByGroup',
  summary: 'Modalidades de um grupo',
  query: z.object({
    modalityGroupUniqueId: uuid(),
    includeInactive: qBool().optional(),
  }),
  response: z.array(modalitySummary),
});

export const insertModality = endpoint({
  ...paramWrite,
  method: 'POST',
  path: '/api/Core/InsertModality',
  summary: 'Cria uma modalidade',
  description: `Corpo: BranchId, ModalityGroupId (ou NewModalityGroupName para criar o grupo no ramo) e os limites da modalidade (valores monetários como texto decimal). ${modalityRules}`,
  body: insertModalityBody,
  response: modalityDetail,
});

export const updateModality = endpoint({
  ...paramWrite,
  method: 'PUT',
  path: '/api/Core/UpdateModality',
  summary: 'Altera uma modalidade (somente os campos enviados)',
  description: `Corpo: Id e os campos a alterar. ${modalityRules}`,
  body: updateModalityBody,
  response: modalityDetail,
});

export const getModalityChangeHistory = endpoint({
  ...paramAdminRead,
  method: 'GET',
  path: '/api/ModalityChangeHistory/GetModalityChangeHistory',
  summary: 'Histórico de alterações da modalidade e dos seus itens (mais recentes primeiro)',
  description:
    'Cada entrada: quem (ChangedBy, ChangedByName), quando, entidade, campo (FieldLabel com os rótulos do spec §9), valor anterior e novo.',
  query: z.object({ modalityId: qInt().positive('Identificador inválido.') }),
  response: z.array(changeHistoryEntry),
});

export const getComplementaryModalities = endpoint({
  ...paramRead,
  method: 'GET',
  path: '/api/Core/GetComplementaryModalities',
  summary: 'Modalidades complementares cadastradas',
  description: 'Filtro opcional `modalityId`; `onlyActive=true` devolve só os vínculos ativos.',
  query: z.object({
    modalityId: qInt().positive().optional(),
    onlyActive: qBool().optional(),
  }),
  response: z.array(complementaryModality),
});

export const insertComplementaryModality = endpoint({
  ...paramWrite,
  method: 'POST',
  path: '/api/Core/InsertComplementaryModality',
  summary: 'Vincula uma modalidade complementar a uma modalidade',
  description:
    'A complementar deve ser outra modalidade da seguradora marcada como IsComplementary. Um vínculo existente inativo é reativado.',
  query: z.object({
    modalityId: qInt().positive('Identificador inválido.'),
    complementaryModalityId: qInt().positive('Identificador inválido.'),
  }),
  response: complementaryModality,
});

export const enableDisableComplementaryModality = endpoint({
  ...paramWrite,
  method: 'DELETE',
  path: '/api/Core/EnableDisableComplementaryModality',
  summary: 'Ativa ou desativa o vínculo de modalidade complementar (Id do vínculo)',
  query: z.object({ complementaryModalityId: qInt().positive('Identificador inválido.') }),
  response: complementaryModality,
});
