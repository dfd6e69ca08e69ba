import { maskCpfCnpj, searchInsureds } from '@aval/contracts';
import { Stack, Text, TextInput } from '@mantine/core';
import type { DataTableSortStatus } from 'mantine-datatable';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { ExportCsvButton } from '../../../shared/ui/export-csv-button.js';
import { DocumentSearchInput, documentSearchValue } from '../../../shared/ui/fields/masked-fields.js';
import { chipsOf, FilterBar, useListFilters } from '../../../shared/ui/filter-bar.js';
import { PagedDataTable } from '../../../shared/ui/paged-data-table.js';
import { type InsuredRow, insuredKeys } from '../api/insureds-api.js';
import { InsuredBadges } from '../components/insured-badges.js';

type Filters = { name: string; document: string };
const empty: Filters = { name: '', document: '' };

/** /segurados: search insureds by name and CPF/CNPJ (alphanumeric CNPJ accepted), paged. */
export const InsuredsPage = () => {
  const navigate = useNavigate();
  const { field, applied, bar } = useListFilters(empty);
  const [sort, setSort] = useState<DataTableSortStatus<InsuredRow>>({
    columnAccessor: 'Name',
    direction: 'asc',
  });
  const query = {
    InsuredName: applied.name.trim() || undefined,
    InsuredDocument: documentSearchValue(applied.document),
    // The table's column names the call's sort column (the document column is 'Document' there).
    orderBy: sort.columnAccessor === 'InsuredDocument' ? ('Document' as const) : ('Name' as const),
    orderDirection: sort.direction,
  };
  return (
    <Stack>
      <FilterBar
        label="Filtros de segurados"
        {...bar}
        active={chipsOf([
          ['name', applied.name.trim() && `Nome: ${applied.name.trim()}`],
          ['document', applied.document.trim() && `CPF/CNPJ: ${applied.document.trim()}`],
        ])}
        primary={
          <>
            <TextInput
              label="Nome do segurado"
              maxLength={50}
              {...field.text('name')}
              w={{ base: '100%', sm: 320 }}
            />
            <DocumentSearchInput
              label="CPF/CNPJ"
              {...field.value('document')}
              w={{ base: '100%', sm: 220 }}
            />
          </>
        }
        actions={
          <ExportCsvButton
            endpoint={searchInsureds}
            query={query}
            name="segurados"
            columns={[
              { title: 'Segurado', value: (r) => r.Name },
              { title: 'CPF/CNPJ', value: (r) => maskCpfCnpj(r.InsuredDocument) },
              { title: 'Bloqueado', value: (r) => (r.IsBlocked ? 'Sim' : 'Não') },
              { title: 'Cidade principal', value: (r) => r.MainCity },
            ]}
          />
        }
      />
      <PagedDataTable
        endpoint={searchInsureds}
        queryKey={insuredKeys.list()}
        query={query}
        idAccessor="UniqueId"
        onRowClick={(row: InsuredRow) => void navigate(`/segurado/${row.UniqueId}`)}
        noRecordsText="Nenhum segurado encontrado"
        sortStatus={sort}
        onSortStatusChange={setSort}
        columns={[
          {
            accessor: 'Name',
            title: 'Segurado',
            sortable: true,
            render: (r) => (
              <Text size="sm" fw={600}>
                {r.Name}
              </Text>
            ),
          },
          {
            accessor: 'InsuredDocument',
            title: 'CPF/CNPJ',
            sortable: true,
            render: (r) => <span style={{ whiteSpace: 'nowrap' }}>{maskCpfCnpj(r.InsuredDocument)}</span>,
          },
          { accessor: 'IsBlocked', title: 'Situação', render: (r) => <InsuredBadges insured={r} /> },
          { accessor: 'MainCity', title: 'Cidade principal', render: (r) => r.MainCity ?? '—' },
        ]}
      />
    </Stack>
  );
};
