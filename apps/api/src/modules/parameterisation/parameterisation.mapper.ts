import {
  type Branch,
  type ComplementaryModality,
  type ContractualTerm,
  type Coverage,
  type InstallmentParameter,
  type ModalitySummary,
  type ParameterRequestDocument,
  type ParticularClause,
  pipeTypeLabels,
} from '@aval/contracts';
import {
  type ContractualTermTypeId,
  contractualTermTypeLabels,
  type RequestDocumentTypeId,
  requestDocumentTypeLabels,
  type TagContext,
} from '@aval/domain';
import type { CoverageRow } from './coverages.repository.js';
import type { InstallmentRow } from './installments.repository.js';
import type {
  BranchRow,
  ComplementaryJoined,
  ModalityJoined,
  ModalityRow,
} from './parameterisation.repository.js';
import type { RequestDocumentJoined } from './request-documents.repository.js';
import { tagView } from './rich-text.js';
import type { ClauseRow, TermRow } from './terms.repository.js';

export const toBranch = (b: BranchRow): Branch => ({
  Id: b.id,
  Code: b.code,
  Name: b.name,
  Kind: b.kind === 'property' ? 'property' : 'surety',
  IsPublic: b.isPublic,
  IofRate: b.iofRate,
  IsActive: b.isActive,
});

/** A modality's limits, terms and flags by their wire names: in its summary and in its audit. */
const modalityRules = (m: ModalityRow) => ({
  MaxInsuredAmountValue: m.maxInsuredAmount,
  MinInsuredAmountValue: m.minInsuredAmount,
  AutomaticApprovalLimit: m.automaticApprovalLimit,
  MinInsurancePremium: m.minPremium,
  DefaultRate: m.defaultRate,
  MinComissionPercentage: m.minCommissionPercentage,
  MaxComissionPercentage: m.maxCommissionPercentage,
  RetroactiveDays: m.retroactiveDays,
  FutureDays: m.futureDays,
  MinPeriodInDays: m.minPeriodDays,
  MaxPeriodInDays: m.maxPeriodDays,
  IsComplementary: m.isComplementary,
  AutomaticCancel: m.automaticCancel,
  DaysAfterDueDate: m.daysAfterDueDate,
  CanHaveBeneficiaryPF: m.canHaveBeneficiaryPf,
  IsActive: m.isActive,
  Order: m.sortOrder,
});

export const toModalitySummary = ({ modality: m, branchCode, group }: ModalityJoined): ModalitySummary => ({
  Id: m.id,
  UniqueId: m.uniqueId,
  BranchId: m.branchId,
  BranchCode: branchCode,
  ModalityGroupId: group.id,
  ModalityGroupUniqueId: group.uniqueId,
  ModalityGroupName: group.name,
  Name: m.name,
  Description: m.description,
  SusepCode: m.susepCode,
  ...modalityRules(m),
  UpdatedAt: m.updatedAt.toISOString(),
});

/** The audited fields of a modality row, by their wire names. */
export const modalityAuditFields = (m: ModalityRow): Record<string, unknown> => ({
  Name: m.name,
  Description: m.description,
  SusepCode: m.susepCode,
  ModalityGroupId: m.groupId,
  ...modalityRules(m),
});

export const toCoverage = (c: CoverageRow): Coverage => ({
  Id: c.id,
  UniqueId: c.uniqueId,
  ModalityId: c.modalityId,
  Name: c.name,
  Description: c.description,
  IsAdditional: c.isAdditional,
  InsuredAmountPercentage: c.insuredAmountPercentage,
  Rate: c.rate,
  IsActive: c.isActive,
  Order: c.sortOrder,
});

export const coverageAuditFields = (c: CoverageRow): Record<string, unknown> => ({
  Name: c.name,
  Description: c.description,
  IsAdditional: c.isAdditional,
  InsuredAmountPercentage: c.insuredAmountPercentage,
  Rate: c.rate,
  IsActive: c.isActive,
  Order: c.sortOrder,
});

export const toComplementary = (r: ComplementaryJoined): ComplementaryModality => ({
  Id: r.link.id,
  ModalityId: r.link.modalityId,
  ModalityName: r.modalityName,
  ComplementaryModalityId: r.link.complementaryModalityId,
  ComplementaryModalityUniqueId: r.complementaryUniqueId,
  ComplementaryModalityName: r.complementaryName,
  IsActive: r.link.isActive,
});

export const toTerm = (t: TermRow, context: TagContext): ContractualTerm => ({
  Id: t.id,
  UniqueId: t.uniqueId,
  TermType: t.termType,
  TermTypeName: contractualTermTypeLabels[t.termType as ContractualTermTypeId] ?? String(t.termType),
  BranchId: t.branchId,
  ModalityId: t.modalityId,
  CoverageId: t.coverageId,
  Title: t.title,
  Text: t.text,
  Version: t.version,
  IsActive: t.isActive,
  ...tagView(t.text, context),
  UpdatedAt: t.updatedAt.toISOString(),
});

export const toClause = (c: ClauseRow, context: TagContext): ParticularClause => ({
  Id: c.id,
  UniqueId: c.uniqueId,
  ModalityId: c.modalityId,
  Title: c.title,
  Text: c.text,
  IsActive: c.isActive,
  Order: c.sortOrder,
  ...tagView(c.text, context),
  UpdatedAt: c.updatedAt.toISOString(),
});

export const toRequestDocument = ({
  doc: d,
  modalityUniqueId,
}: RequestDocumentJoined): ParameterRequestDocument => ({
  Id: d.id,
  UniqueId: d.uniqueId,
  ModalityId: d.modalityId,
  ModalityUniqueId: modalityUniqueId,
  Name: d.name,
  Description: d.description,
  RequestDocumentTypeId: d.requestDocumentTypeId,
  RequestDocumentTypeName:
    requestDocumentTypeLabels[d.requestDocumentTypeId as RequestDocumentTypeId] ??
    String(d.requestDocumentTypeId),
  PipeTypeId: d.pipeTypeId,
  PipeTypeName: pipeTypeLabels[d.pipeTypeId] ?? String(d.pipeTypeId),
  IsRequired: d.isRequired,
  IsDeleted: d.isDeleted,
  Order: d.sortOrder,
});

export const requestDocumentAuditFields = (d: RequestDocumentJoined['doc']): Record<string, unknown> => ({
  Name: d.name,
  Description: d.description,
  RequestDocumentTypeId: requestDocumentTypeLabels[d.requestDocumentTypeId as RequestDocumentTypeId],
  PipeTypeId: pipeTypeLabels[d.pipeTypeId],
  IsRequired: d.isRequired,
  IsDeleted: d.isDeleted,
  Order: d.sortOrder,
});

export const toInstallmentParameter = (
  p: InstallmentRow,
  links: { Id: number; ModalityId: number; ModalityName: string }[],
): InstallmentParameter => ({
  Id: p.id,
  UniqueId: p.uniqueId,
  Code: p.code,
  Name: p.name,
  IsActive: p.isActive,
  InstallmentParameter: {
    MinimumInstallmentValue: p.minimumInstallmentValue,
    MaximumInstallments: p.maximumInstallments,
    GracePeriodsInDays: p.gracePeriodsInDays,
    PaymentMethods: p.paymentMethods,
    FirstDueDays: p.firstDueDays,
  },
  Modalities: links,
});

export const installmentAuditFields = (p: InstallmentRow): Record<string, unknown> => ({
  Code: p.code,
  Name: p.name,
  MinimumInstallmentValue: p.minimumInstallmentValue,
  MaximumInstallments: p.maximumInstallments,
  GracePeriodsInDays: p.gracePeriodsInDays,
  PaymentMethods: p.paymentMethods,
  FirstDueDays: p.firstDueDays,
  IsActive: p.isActive,
});
