import {
  formatDate,
  formatDecimal,
  formatMoney,
  getProposals,
  maskCpfCnpj,
  proposalStatusLabels,
  searchProposals,
} from '@aval/contracts';
import { Badge, MultiSelect, Stack, TextInput } from '@mantine/core';
import type { DataTableColumn, DataTableSortStatus } from 'mantine-datatable';
import { useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import type { CsvColumn } from '../../../shared/export/csv.js';
import { ClampedText } from '../../../shared/ui/clamped-text.js';
import { ExportCsvButton } from '../../../shared/ui/export-csv-button.js';
import {
  DateField,
  DocumentSearchInput,
  documentSearchValue,
} from '../../../shared/ui/fields/masked-fields.js';
import { chipsOf, FilterBar, useListFilters } from '../../../shared/ui/filter-bar.js';
import { NameCell } from '../../../shared/ui/name-cell.js';
import {
  PagedDataTable,
  type PagedDataTableProps,
  type PagedEndpoint,
  type PageRow,
} from '../../../shared/ui/paged-data-table.js';
import { type ProposalRow, proposalKeys } from '../api/proposals-api.js';
import { ProposalStatusBadge } from './proposal-status-badge.js';

type Filters = {
  number: string;
  holder: string;
  holderDocument: string;
  insured: string;
  insuredDocument: string;
  broker: string;
  status: string[];
  start: string | null;
  end: string | null;
};
const empty: Filters = {
  number: '',
  holder: '',
  holderDocument: '',
  insured: '',
  insuredDocument: '',
  broker: '',
  status: [],
  start: null,
  end: null,
};

const statusOptions = Object.entries(proposalStatusLabels).map(([value, label]) => ({ value, label }));

const columns = (side: 'broker' | 'insurer'): DataTableColumn<ProposalRow>[] => [
  { accessor: 'Number', title: 'Nº', sortable: true, width: 80 },
  {
    accessor: 'StatusId',
    title: 'Status',
    sortable: true,
    width: 150,
    render: (r) => (
      <Stack gap={4} align="flex-start">
        <ProposalStatusBadge statusId={r.StatusId} label={r.StatusName} />
        {r.CoBrokered && (
          <Badge variant="outline" color="gray.7" size="sm" style={{ overflow: 'visible' }}>
            Cocorretagem
          </Badge>
        )}
      </Stack>
    ),
  },
  {
    accessor: 'PolicyHolderName',
    title: 'Tomador',
    sortable: true,
    render: (r) => <NameCell name={r.PolicyHolderName} detail={maskCpfCnpj(r.PolicyHolderDocument)} nowrap />,
  },
  // Long names keep to two lines at 1280 px (the whole name on hover and in the detail).
  { accessor: 'ProductName', title: 'Modalidade', render: (r) => <ClampedText text={r.ProductName} /> },
  { accessor: 'InsuredName', title: 'Segurado', render: (r) => <ClampedText text={r.InsuredName ?? '—'} /> },
  ...(side === 'insurer'
    ? [
        {
          accessor: 'BrokerName',
          title: 'Corretora',
          render: (r) => <ClampedText text={r.BrokerName ?? '—'} />,
        } as DataTableColumn<ProposalRow>,
      ]
    : []),
  {
    accessor: 'InsuredAmountValue',
    title: 'Importância segurada',
    sortable: true,
    textAlign: 'right',
    noWrap: true,
    render: (r) => (r.InsuredAmountValue ? formatMoney(r.InsuredAmountValue) : '—'),
  },
  {
    accessor: 'InsurancePremium',
    title: 'Prêmio',
    textAlign: 'right',
    noWrap: true,
    render: (r) => (r.InsurancePremium ? formatMoney(r.InsurancePremium) : '—'),
  },
  {
    accessor: 'StartDate',
    title: 'Vigência',
    sortable: true,
    render: (r) => (r.StartDate && r.EndDate ? `${formatDate(r.StartDate)} a ${formatDate(r.EndDate)}` : '—'),
  },
  {
    accessor: 'AcceptanceDaysLeft',
    title: 'Prazo de aceitação',
    render: (r) =>
      r.AcceptanceDaysLeft === null ? '—' : r.AcceptancePaused ? 'Pausado' : `${r.AcceptanceDaysLeft} dias`,
  },
];

/** The export: the list's columns as people read them, every row of the current filter. */
const csvColumns = (side: 'broker' | 'insurer'): CsvColumn<ProposalRow>[] => [
  { title: 'Número', value: (r) => r.Number },
  { title: 'Status', value: (r) => r.StatusName },
  { title: 'Tomador', value: (r) => r.PolicyHolderName },
  { title: 'CPF/CNPJ do tomador', value: (r) => maskCpfCnpj(r.PolicyHolderDocument) },
  { title: 'Modalidade', value: (r) => r.ProductName },
  { title: 'Segurado', value: (r) => r.InsuredName },
  ...(side === 'insurer' ? [{ title: 'Corretora', value: (r: ProposalRow) => r.BrokerName }] : []),
  {
    title: 'Importância segurada',
    value: (r) => (r.InsuredAmountValue ? formatDecimal(r.InsuredAmountValue, 2) : ''),
  },
  { title: 'Prêmio', value: (r) => (r.InsurancePremium ? formatDecimal(r.InsurancePremium, 2) : '') },
  { title: 'Início da vigência', value: (r) => (r.StartDate ? formatDate(r.StartDate) : '') },
  { title: 'Fim da vigência', value: (r) => (r.EndDate ? formatDate(r.EndDate) : '') },
];

/** The filters behind "Mais filtros" (the bar opens them when one is in force). */
const moreActive = (f: Filters) =>
  Boolean(f.holderDocument || f.insured || f.insuredDocument || f.start || f.end || f.broker);

/** The filters in force, as chips ("Tomador: Vale", "Status: Em análise"). */
const activeFilters = (f: Filters, side: 'broker' | 'insurer') =>
  chipsOf([
    ['number', f.number && `Número: ${f.number}`],
    ['holder', f.holder.trim() && `Tomador: ${f.holder.trim()}`],
    ['holderDocument', f.holderDocument && `CPF/CNPJ do tomador: ${f.holderDocument}`],
    ['insured', f.insured.trim() && `Segurado: ${f.insured.trim()}`],
    ['insuredDocument', f.insuredDocument && `CPF/CNPJ do segurado: ${f.insuredDocument}`],
    ['start', f.start && `Vigência a partir de ${formatDate(f.start)}`],
    ['end', f.end && `Vigência até ${formatDate(f.end)}`],
    ['broker', side === 'insurer' && f.broker.trim() && `Corretora: ${f.broker.trim()}`],
    [
      'status',
      f.status.length > 0 &&
        `Status: ${f.status.map((s) => proposalStatusLabels[Number(s) as keyof typeof proposalStatusLabels]).join(', ')}`,
    ],
  ]);

/** One side's list call: its table and, in the filter bar, its export, on the same query. */
const sideList = <D extends PagedEndpoint>(
  endpoint: D,
  query: PagedDataTableProps<D>['query'],
  table: Omit<PagedDataTableProps<D>, 'endpoint' | 'query'>,
  csv: CsvColumn<PageRow<D>>[],
) => ({
  table: <PagedDataTable endpoint={endpoint} query={query} {...table} />,
  csv: <ExportCsvButton endpoint={endpoint} query={query} name="propostas" columns={csv} />,
});

/**
 * The proposals list of one side: broker (/propostas, GetProposals: own and co-brokered, status
 * multi-filter) or insurer (/propostas-seguradora, SearchProposals: broker filter, one status).
 */
export const ProposalsList = ({ side }: { side: 'broker' | 'insurer' }) => {
  const navigate = useNavigate();
  // A link may open the list filtered by status (`?status=8,1`, the homes' counts).
  const [params] = useSearchParams();
  const [initial] = useState<Filters>(() => {
    const known = (params.get('status') ?? '')
      .split(',')
      .filter((s) => s in proposalStatusLabels)
      .slice(0, side === 'insurer' ? 1 : undefined);
    return { ...empty, status: known };
  });
  const { draft, set, field, applied, bar } = useListFilters(empty, initial);
  const [sort, setSort] = useState<DataTableSortStatus<ProposalRow>>({
    columnAccessor: 'Number',
    direction: 'desc',
  });
  const common = {
    Number: /^\d+$/.test(applied.number) ? Number(applied.number) : undefined,
    PolicyHolderName: applied.holder.trim() || undefined,
    PolicyHolderCpfCnpj: documentSearchValue(applied.holderDocument),
    InsuredName: applied.insured.trim() || undefined,
    InsuredCpfCnpj: documentSearchValue(applied.insuredDocument),
    StartDate: applied.start ?? undefined,
    EndDate: applied.end ?? undefined,
    OrderBy: sort.columnAccessor as 'Number',
    OrderDirection: sort.direction,
  };
  const open = (r: ProposalRow) =>
    void navigate(
      side === 'insurer'
        ? `/propostas-seguradora/proposta/${r.Kind}/${r.UniqueId}`
        : `/propostas/proposta/${r.UniqueId}`,
    );
  const brokerQuery = {
    ...common,
    Status: applied.status.length ? (applied.status.join(',') as never) : undefined,
  };
  const insurerQuery = {
    ...common,
    StatusId: applied.status[0] ? Number(applied.status[0]) : undefined,
    BrokerName: applied.broker.trim() || undefined,
  };
  const table = {
    queryKey: proposalKeys.list(side),
    idAccessor: 'UniqueId' as const,
    columns: columns(side),
    sortStatus: sort,
    onSortStatusChange: setSort,
    onRowClick: open,
    noRecordsText: 'Nenhuma proposta encontrada',
  };
  const list =
    side === 'broker'
      ? sideList(getProposals, brokerQuery, table, csvColumns(side))
      : sideList(searchProposals, insurerQuery, table, csvColumns(side));
  return (
    <Stack>
      <FilterBar
        label="Filtros de propostas"
        {...bar}
        moreActive={moreActive(applied)}
        active={activeFilters(applied, side)}
        primary={
          <>
            <TextInput
              label="Número"
              inputMode="numeric"
              value={draft.number}
              maxLength={9}
              onChange={(e) => set('number', e.currentTarget.value.replace(/\D/g, ''))}
              w={110}
            />
            <TextInput label="Tomador" maxLength={50} {...field.text('holder')} w={220} />
            <MultiSelect
              label="Status"
              data={statusOptions}
              maxValues={side === 'insurer' ? 1 : undefined}
              {...field.value('status')}
              w={240}
              clearable
            />
          </>
        }
        more={
          <>
            <DocumentSearchInput label="CPF/CNPJ do tomador" {...field.value('holderDocument')} w={200} />
            <TextInput label="Segurado" maxLength={50} {...field.text('insured')} w={220} />
            <DocumentSearchInput label="CPF/CNPJ do segurado" {...field.value('insuredDocument')} w={200} />
            <DateField label="Vigência a partir de" {...field.value('start')} w={190} />
            <DateField label="Vigência até" {...field.value('end')} w={190} />
            {side === 'insurer' && (
              <TextInput label="Corretora" maxLength={50} {...field.text('broker')} w={220} />
            )}
          </>
        }
        actions={list.csv}
      />
      {list.table}
    </Stack>
  );
};
