import {
  type EndpointDef,
  getAllCompanyBranch,
  getCardProposalParameterRequestDocuments,
  getCompanyProposalTagsEndpoint,
  getGeneralConditions,
  getInstallmentParameter,
  getInsurerRecord,
  getModalitiesGroups,
  getModality,
} from '@aval/contracts';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../app/api.js';
import type { ContractMutationOptions } from '../../../shared/api/use-contract-mutation.js';

/** Query keys of the parameterisation feature; every mutation invalidates `all`. */
export const paramKeys = {
  all: ['parameterisation'] as const,
  branches: () => [...paramKeys.all, 'branches'] as const,
  groups: (branchId?: number) => [...paramKeys.all, 'groups', branchId ?? 'all'] as const,
  modality: (id: number) => [...paramKeys.all, 'modality', id] as const,
  history: (id: number) => [...paramKeys.all, 'history', id] as const,
  generalConditions: () => [...paramKeys.all, 'general-conditions'] as const,
  installments: () => [...paramKeys.all, 'installments'] as const,
  documentCards: () => [...paramKeys.all, 'document-cards'] as const,
  insurerTags: () => [...paramKeys.all, 'insurer-tags'] as const,
  insurerRecord: () => [...paramKeys.all, 'insurer-record'] as const,
};

/** The insurer's own tag values (`[CNPJ_SEGURADORA]`…) by name, for the editors' preview. */
export const useInsurerTagValues = () =>
  useQuery({
    queryKey: paramKeys.insurerTags(),
    queryFn: () => api.call(getCompanyProposalTagsEndpoint),
    select: (tags) =>
      Object.fromEntries(
        tags.filter((t) => t.Group === 'insurer' && t.Value != null).map((t) => [t.Name, String(t.Value)]),
      ),
    staleTime: 5 * 60_000,
  });

export const useBranches = () =>
  useQuery({ queryKey: paramKeys.branches(), queryFn: () => api.call(getAllCompanyBranch) });

export const useModalityGroups = (branchId?: number) =>
  useQuery({
    queryKey: paramKeys.groups(branchId),
    queryFn: () => api.call(getModalitiesGroups, { query: { branchId, includeInactive: true } }),
  });

export const useModality = (id: number) =>
  useQuery({
    queryKey: paramKeys.modality(id),
    queryFn: () => api.call(getModality, { query: { modalityId: id } }),
    enabled: Number.isInteger(id) && id > 0,
  });

export const useGeneralConditions = () =>
  useQuery({ queryKey: paramKeys.generalConditions(), queryFn: () => api.call(getGeneralConditions) });

export const useInstallmentParameters = () =>
  useQuery({ queryKey: paramKeys.installments(), queryFn: () => api.call(getInstallmentParameter) });

/** The insurer's own record (Dados da seguradora), with what is missing and its history. */
export const useInsurerRecord = () =>
  useQuery({ queryKey: paramKeys.insurerRecord(), queryFn: () => api.call(getInsurerRecord) });

export const useDocumentCards = () =>
  useQuery({
    queryKey: paramKeys.documentCards(),
    queryFn: () => api.call(getCardProposalParameterRequestDocuments),
  });

/**
 * Options of every parameterisation write (`useContractMutation(def, { ...paramWrites, success })`):
 * refreshes every parameterisation query and notifies the server's message on a refusal.
 */
export const paramWrites = {
  invalidate: [paramKeys.all],
  error: 'notify',
} satisfies ContractMutationOptions<EndpointDef>;

/** Options of a parameterisation form's save: the same refresh; the refusal stays on the form. */
export const paramFormWrites = {
  invalidate: [paramKeys.all],
} satisfies ContractMutationOptions<EndpointDef>;
