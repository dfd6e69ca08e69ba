import {
  maskCpfCnpj,
  type PolicyHolderSummary,
  searchPolicyHoldersRelatedToCurrentUserLogged,
} from '@aval/contracts';
import { Badge, Button, Card, Group, Modal, Select, Stack, Text, TextInput } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconFilterOff, IconSearch, IconUserPlus } from '@tabler/icons-react';
import type { DataTableSortStatus } from 'mantine-datatable';
import { type FormEvent, useState } from 'react';
import { useNavigate } from 'react-router';
import { useUserInfo } from '../../../app/session/use-user-info.js';
import { permissionsOf } from '../../../app/session/user-info.js';
import { ExportCsvButton } from '../../../shared/ui/export-csv-button.js';
import { DocumentSearchInput, documentSearchValue } from '../../../shared/ui/fields/masked-fields.js';
import { PagedDataTable } from '../../../shared/ui/paged-data-table.js';
import { policyHolderKeys } from '../api/policy-holders-api.js';
import { HolderBadges } from '../components/holder-badges.js';
import { NominationDialog } from '../components/nomination-dialog.js';

type Filters = { name: string; document: string; situation: string | null };
const empty: Filters = { name: '', document: '', situation: null };

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
  const [draft, setDraft] = useState<Filters>(empty);
  const [applied, setApplied] = useState<Filters>(empty);
  const user = useUserInfo();
  const [nominating, nomination] = useDisclosure(false);
  const isBrokerUser = user?.UserTypeId === 2 || user?.UserTypeId === 5;
  const canNominate = isBrokerUser && permissionsOf(user).has(13);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    setApplied(draft);
  };
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
      <Card withBorder component="form" onSubmit={submit} aria-label="Filtros de tomadores">
        <Group align="flex-end" wrap="wrap">
          <TextInput
            label="Nome ou razão social"
            value={draft.name}
            maxLength={50}
            onChange={(e) => setDraft({ ...draft, name: e.currentTarget.value })}
            w={300}
          />
          <DocumentSearchInput
            label="CPF/CNPJ"
            value={draft.document}
            onChange={(document) => setDraft({ ...draft, document })}
            w={220}
          />
          <Select
            label="Situação"
            placeholder="Todas"
            clearable
            data={[
              { value: 'unblocked', label: 'Ativos e desbloqueados' },
              { value: 'blocked', label: 'Bloqueados' },
              { value: 'inactive', label: 'Inativos' },
            ]}
            value={draft.situation}
            onChange={(situation) => setDraft({ ...draft, situation })}
            w={220}
          />
          <Button type="submit" leftSection={<IconSearch size={16} aria-hidden />}>
            Pesquisar
          </Button>
          <Button
            variant="default"
            leftSection={<IconFilterOff size={16} aria-hidden />}
            onClick={() => {
              setDraft(empty);
              setApplied(empty);
            }}
          >
            Limpar
          </Button>
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
              ml="auto"
              leftSection={<IconUserPlus size={16} aria-hidden />}
              onClick={nomination.open}
            >
              Solicitar nomeação
            </Button>
          )}
        </Group>
      </Card>
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
            render: (r) => (
              <Stack gap={0}>
                <Text size="sm" fw={600}>
                  {r.Name}
                </Text>
                {r.TradeName && (
                  <Text size="xs" c="gray.7">
                    {r.TradeName}
                  </Text>
                )}
              </Stack>
            ),
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
