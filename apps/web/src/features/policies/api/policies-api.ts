import {
  type EndpointResult,
  getNumberOfDaysToCancelPolicy,
  getPolicyShortBrief,
  type PolicySearchQuery,
  searchPoliciesRelatedToLoggedUser as searchDef,
  type searchPoliciesRelatedToLoggedUser,
} from '@aval/contracts';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../app/api.js';

/** A row of /apolices (SearchPoliciesRelatedToLoggedUser) and of the policy tabs. */
export type PolicyRow = EndpointResult<typeof searchPoliciesRelatedToLoggedUser>['Data'][number];

/** Query keys of the policies feature; every mutation invalidates `all`. */
export const policyKeys = {
  all: ['policies'] as const,
  list: () => [...policyKeys.all, 'list'] as const,
  ofHolder: (uniqueId: string) => [...policyKeys.all, 'holder', uniqueId] as const,
  ofInsured: (uniqueId: string) => [...policyKeys.all, 'insured', uniqueId] as const,
  brief: (uniqueId: string) => [...policyKeys.all, 'brief', uniqueId] as const,
  history: (uniqueId: string) => [...policyKeys.all, 'history', uniqueId] as const,
  cancelWindow: () => [...policyKeys.all, 'cancel-window'] as const,
};

export const usePolicyBrief = (uniqueId: string) =>
  useQuery({
    queryKey: policyKeys.brief(uniqueId),
    queryFn: () => api.call(getPolicyShortBrief, { query: { policyUniqueId: uniqueId } }),
    retry: false,
  });

export const useCancelWindow = (enabled: boolean) =>
  useQuery({
    queryKey: policyKeys.cancelWindow(),
    queryFn: () => api.call(getNumberOfDaysToCancelPolicy),
    enabled,
    staleTime: 60 * 60 * 1000,
  });

type Filters = Omit<PolicySearchQuery, 'currentPage' | 'rowsPerPage'>;

const csvCell = (v: unknown) => {
  const s = v === null || v === undefined ? '' : String(v);
  return /[";\n]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
};

/** Up to 10 000 rows of the current filter as CSV (Excel pt-BR: `;`, BOM, decimal comma). */
export const policiesCsv = async (filters: Filters) => {
  const rows: PolicyRow[] = [];
  for (let page = 1; page <= 50; page++) {
    const body = await api.call(searchDef, {
      query: { ...filters, currentPage: page, rowsPerPage: 200 } as never,
    });
    rows.push(...body.Data);
    if (body.Data.length < 200 || rows.length >= body.Total) break;
  }
  const decimal = (v: string) => v.replace('.', ',');
  const header = [
    'Número',
    'Situação',
    'Tomador',
    'CPF/CNPJ do tomador',
    'Segurado',
    'CPF/CNPJ do segurado',
    'Corretora',
    'Modalidade',
    'Início da vigência',
    'Fim da vigência',
    'Importância segurada',
    'Prêmio',
  ];
  const lines = rows.map((r) =>
    [
      r.PolicyNumber,
      r.StatusName,
      r.PolicyHolderName,
      r.PolicyHolderDocument,
      r.InsuredName,
      r.InsuredDocument,
      r.BrokerName,
      r.ModalityName,
      r.StartDate.split('-').reverse().join('/'),
      r.EndDate.split('-').reverse().join('/'),
      decimal(r.InsuredAmountValue),
      decimal(r.InsurancePremium),
    ]
      .map(csvCell)
      .join(';'),
  );
  return `\uFEFF${[header.join(';'), ...lines].join('\r\n')}\r\n`;
};
