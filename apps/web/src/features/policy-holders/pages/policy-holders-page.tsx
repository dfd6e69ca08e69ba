import {
  maskCpfCnpj,
  type PolicyHolderSummary,
  registerPolicyHolderNomeationRequest,
  searchPolicyHoldersRelatedToCurrentUserLogged,
  validatePolicyHolderByCNPJToNewProposal,
} from '@aval/contracts';
import { Badge, Button, Modal, Select, Stack, TextInput } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconUserPlus } from '@tabler/icons-react';
import type { DataTableSortStatus } from 'mantine-datatable';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { useMayCall } from '../../../shared/api/may-call.js';
import { ExportCsvButton } from '../../../shared/ui/export-csv-button.js';
import { DocumentSearchInput, documentSearchValue } from '../../../shared/ui/fields/masked-fields.js';
import { chipsOf, FilterBar, useListFilters } from '../../../shared/ui/filter-bar.js';
import { NameCell } from '../../../shared/ui/name-cell.js';
import { PagedDataTable } from '../../../shared/ui/paged-data-table.js';
import { policyHolderKeys } from '../api/policy-holders-api.js';
import { HolderBadges } from '../components/holder-badges.js';
import { NominationDialog } from '../components/nomination-dialog.js';

type Filters = { name: string; document: string; situation: string | null };
const empty: Filters = { name: '', document: '', situation: null };

const situationLabels: Record<string, string> = {
  unblocked: 'Ativos e desbloqueados',
  blocked: 'Bloqueados',
  inactive: 'Inativos',
};

const situationQuery = (s: string | null) =>
  s === 'blocked'
    ? { isBlocked: true }
    : s === 'unblocked'
      ? { isBlocked: false, isActive: true }
      : s === 'inactive'
        ? { isActive: false }
        : {};

/** /tomadores: the policy holders the user may see (broker: nominated; policy holder: itself). */
export const PolicyHoldersPage = () => {
  const navigate = useNavigate();
  const { field, applied, bar } = useListFilters(empty);
  const may = useMayCall();
  const [nominating, nomination] = useDisclosure(false);
  // The dialog consults the CNPJ first, then registers the request: the user must be allowed both.
  const canNominate = may(validatePolicyHolderByCNPJToNewProposal, registerPolicyHolderNomeationRequest);
  const [sort, setSort] = useState<DataTableSortStatus<PolicyHolderSummary>>({
    columnAccessor: 'Name',
    direction: 'asc',
  });
  const query = {
    policyHolderName: applied.name.trim() || undefined,
    policyHolderDocument: documentSearchValue(applied.document),
    ...situationQuery(applied.situation),
    orderBy: sort.columnAccessor as 'Name' | 'Document' | 'EconomicGroupName' | 'Rating',
    orderDirection: sort.direction,
  };
  return (
    <Stack>
      <FilterBar
        label="Filtros de tomadores"
        {...bar}
        active={chipsOf([
          ['name', applied.name.trim() && `Nome: ${applied.name.trim()}`],
          ['document', applied.document.trim() && `CPF/CNPJ: ${applied.document.trim()}`],
          ['situation', applied.situation && `Situação: ${situationLabels[applied.situation]}`],
        ])}
        primary={
          <>
            <TextInput
              label="Nome ou razão social"
              maxLength={50}
              {...field.text('name')}
              w={{ base: '100%', sm: 300 }}
            />
            <DocumentSearchInput
              label="CPF/CNPJ"
              {...field.value('document')}
              w={{ base: '100%', sm: 220 }}
            />
            <Select
              label="Situação"
              placeholder="Todas"
              clearable
              data={Object.entries(situationLabels).map(([value, label]) => ({ value, label }))}
              {...field.value('situation')}
              w={{ base: '100%', sm: 220 }}
            />
          </>
        }
        actions={
          <>
            <ExportCsvButton
              endpoint={searchPolicyHoldersRelatedToCurrentUserLogged}
              query={query}
              name="tomadores"
              columns={[
                { title: 'Tomador', value: (r) => r.Name },
                { title: 'Nome fantasia', value: (r) => r.TradeName },
                { title: 'CPF/CNPJ', value: (r) => maskCpfCnpj(r.Document) },
                { title: 'Grupo econômico', value: (r) => r.EconomicGroupName },
                { title: 'Rating', value: (r) => r.Rating },
                { title: 'Bloqueado', value: (r) => (r.IsBlocked ? 'Sim' : 'Não') },
                { title: 'Ativo', value: (r) => (r.IsActive ? 'Sim' : 'Não') },
              ]}
            />
            {canNominate && (
              <Button
                variant="default"
                leftSection={<IconUserPlus size={16} aria-hidden />}
                onClick={nomination.open}
              >
                Solicitar nomeação
              </Button>
            )}
          </>
        }
      />
      <Modal
        closeButtonProps={{ 'aria-label': 'Fechar' }}
        opened={nominating}
        onClose={nomination.close}
        title="Solicitar nomeação"
        size="lg"
        centered
      >
        <NominationDialog onClose={nomination.close} />
      </Modal>
      <PagedDataTable
        endpoint={searchPolicyHoldersRelatedToCurrentUserLogged}
        queryKey={policyHolderKeys.list()}
        query={query}
        idAccessor="UniqueId"
        onRowClick={(row: PolicyHolderSummary) => void navigate(`/tomador/${row.UniqueId}`)}
        noRecordsText="Nenhum tomador encontrado"
        sortStatus={sort}
        onSortStatusChange={setSort}
        columns={[
          {
            accessor: 'Name',
            title: 'Tomador',
            sortable: true,
            render: (r) => <NameCell name={r.Name} detail={r.TradeName} />,
          },
          { accessor: 'Document', title: 'CPF/CNPJ', sortable: true, render: (r) => maskCpfCnpj(r.Document) },
          {
            accessor: 'EconomicGroupName',
            title: 'Grupo econômico',
            sortable: true,
            render: (r) => r.EconomicGroupName ?? '—',
          },
          {
            accessor: 'Rating',
            title: 'Rating',
            sortable: true,
            render: (r) => (r.Rating ? <Badge variant="outline">{r.Rating}</Badge> : '—'),
          },
          { accessor: 'IsBlocked', title: 'Situação', render: (r) => <HolderBadges holder={r} /> },
        ]}
      />
    </Stack>
  );
};
