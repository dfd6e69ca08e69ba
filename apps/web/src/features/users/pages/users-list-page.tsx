import {
  allUserTypeIds,
  changeUserInfoStatus,
  deleteUserInfo,
  formatDateTime,
  getUsers,
  isInsurance,
  maskCpfCnpj,
  Permission as P,
  type UserSummary,
  userTypeLabels,
} from '@aval/contracts';
import {
  ActionIcon,
  Button,
  Group,
  Input,
  Menu,
  SegmentedControl,
  Select,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import {
  IconDotsVertical,
  IconEdit,
  IconPlayerPlay,
  IconPlayerStop,
  IconSearch,
  IconShieldLock,
  IconTrash,
  IconUserPlus,
} from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import type { DataTableColumn, DataTableSortStatus } from 'mantine-datatable';
import { useState } from 'react';
import { api } from '../../../app/api.js';
import { useUserInfo } from '../../../app/session/use-user-info.js';
import { hasAnyPermission } from '../../../app/session/user-info.js';
import { openConfirm } from '../../../shared/ui/confirm-dialog.js';
import { ExportCsvButton } from '../../../shared/ui/export-csv-button.js';
import { NameCell } from '../../../shared/ui/name-cell.js';
import { notifySuccess } from '../../../shared/ui/notify.js';
import { PagedDataTable } from '../../../shared/ui/paged-data-table.js';
import { ToneBadge } from '../../../shared/ui/tone-badge.js';
import { useBrokerOptions, usersKeys } from '../api/users-api.js';
import { AssignProfilePopup } from '../components/assign-profile-popup.js';
import { UserFormPopup } from '../components/user-form-popup.js';

type StatusFilter = 'all' | 'active' | 'inactive';

/** The table's sortable columns and the call's names for them. */
const sortColumns: Partial<Record<string, 'Name' | 'UserType' | 'Document' | 'LastLoginAt'>> = {
  Name: 'Name',
  UserTypeName: 'UserType',
  Document: 'Document',
  LastLoginAt: 'LastLoginAt',
};

const isLocked = (u: UserSummary) => Boolean(u.LockedUntil && new Date(u.LockedUntil) > new Date());

const StatusBadge = ({ user }: { user: UserSummary }) => {
  if (!user.IsActive) return <ToneBadge tone="neutral">Inativo</ToneBadge>;
  if (isLocked(user)) return <ToneBadge tone="warning">Bloqueado</ToneBadge>;
  return <ToneBadge tone="success">Ativo</ToneBadge>;
};

/** /usuarios/listar: the users of the company (or of the brokerage) with their actions. */
export const UsersListPage = () => {
  const me = useUserInfo();
  const client = useQueryClient();
  const canManage = hasAnyPermission(me, [P.GERENCIAR_USUARIOS]);
  const insurer = isInsurance(me?.UserTypeId ?? 0);
  const canFilterBroker = insurer && hasAnyPermission(me, [P.VISUALIZAR_CORRETORES, P.GERENCIAR_CORRETORES]);
  const brokers = useBrokerOptions(canFilterBroker);

  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search.trim(), 350);
  const [status, setStatus] = useState<StatusFilter>('all');
  const [type, setType] = useState<string | null>(null);
  const [broker, setBroker] = useState<string | null>(null);
  const [editing, setEditing] = useState<UserSummary | 'new'>();
  const [assigning, setAssigning] = useState<UserSummary>();

  const [sort, setSort] = useState<DataTableSortStatus<UserSummary>>({
    columnAccessor: 'Name',
    direction: 'asc',
  });
  const query = {
    search: debounced || undefined,
    orderBy: sortColumns[String(sort.columnAccessor)],
    orderDirection: sort.direction,
    filterByActive: status === 'all' ? undefined : status === 'active',
    userTypeId: type ? Number(type) : undefined,
    brokerId: broker ? Number(broker) : undefined,
  };

  const refresh = () => client.invalidateQueries({ queryKey: usersKeys.all });

  const toggleStatus = (u: UserSummary) =>
    openConfirm({
      title: u.IsActive ? 'Inativar usuário' : 'Ativar usuário',
      message: u.IsActive
        ? `${u.Name} não poderá mais entrar no portal até ser ativado novamente. Deseja inativar?`
        : `${u.Name} voltará a entrar no portal com o perfil ${u.ProfileName ?? 'atual'}. Deseja ativar?`,
      confirmLabel: u.IsActive ? 'Inativar' : 'Ativar',
      danger: u.IsActive,
      onConfirm: async () => {
        await api.call(changeUserInfoStatus, { query: { userId: u.UserInfoId } });
        notifySuccess(u.IsActive ? 'Usuário inativado.' : 'Usuário ativado.');
        await refresh();
      },
    });

  const remove = (u: UserSummary) =>
    openConfirm({
      title: 'Excluir usuário',
      message: `Excluir ${u.Name} (${u.Email})? Esta ação não pode ser desfeita. Usuários com histórico no portal não podem ser excluídos: inative-os.`,
      confirmLabel: 'Excluir',
      danger: true,
      onConfirm: async () => {
        await api.call(deleteUserInfo, { query: { userInfoId: u.UserInfoId } });
        notifySuccess('Usuário excluído.');
        await refresh();
      },
    });

  const columns: DataTableColumn<UserSummary>[] = [
    {
      accessor: 'Name',
      title: 'Nome',
      sortable: true,
      render: (u) => <NameCell name={u.Name} detail={u.Email} />,
    },
    { accessor: 'UserTypeName', title: 'Tipo', sortable: true },
    { accessor: 'ProfileName', title: 'Perfil', render: (u) => u.ProfileName ?? '—' },
    {
      accessor: 'Document',
      title: 'CPF/CNPJ',
      sortable: true,
      visibleMediaQuery: (theme) => `(min-width: ${theme.breakpoints.md})`,
      render: (u) => (u.Document ? maskCpfCnpj(u.Document) : '—'),
    },
    { accessor: 'IsActive', title: 'Situação', render: (u) => <StatusBadge user={u} /> },
    {
      accessor: 'LastLoginAt',
      title: 'Último acesso',
      sortable: true,
      visibleMediaQuery: (theme) => `(min-width: ${theme.breakpoints.lg})`,
      render: (u) => (u.LastLoginAt ? formatDateTime(u.LastLoginAt) : 'Nunca acessou'),
    },
    {
      accessor: 'actions',
      title: 'Ações',
      textAlign: 'right',
      hidden: !canManage,
      render: (u) => (
        <Menu position="bottom-end" withinPortal>
          <Menu.Target>
            <ActionIcon variant="subtle" color="gray.8" aria-label={`Ações de ${u.Name}`}>
              <IconDotsVertical size={18} />
            </ActionIcon>
          </Menu.Target>
          <Menu.Dropdown>
            <Menu.Item leftSection={<IconEdit size={16} aria-hidden />} onClick={() => setEditing(u)}>
              Editar
            </Menu.Item>
            <Menu.Item leftSection={<IconShieldLock size={16} aria-hidden />} onClick={() => setAssigning(u)}>
              Alterar perfil
            </Menu.Item>
            <Menu.Item
              leftSection={
                u.IsActive ? (
                  <IconPlayerStop size={16} aria-hidden />
                ) : (
                  <IconPlayerPlay size={16} aria-hidden />
                )
              }
              onClick={() => toggleStatus(u)}
            >
              {u.IsActive ? 'Inativar' : 'Ativar'}
            </Menu.Item>
            <Menu.Divider />
            <Menu.Item
              color="red.8"
              leftSection={<IconTrash size={16} aria-hidden />}
              onClick={() => remove(u)}
            >
              Excluir
            </Menu.Item>
          </Menu.Dropdown>
        </Menu>
      ),
    },
  ];

  return (
    <Stack gap="md">
      <Group justify="space-between" align="center" wrap="wrap" gap="sm">
        <Text size="sm" c="gray.7" maw={640}>
          {canManage
            ? 'Cadastre quem acessa o portal. Um novo usuário recebe por e-mail o link de primeiro acesso.'
            : 'Usuários com acesso ao portal.'}
        </Text>
        {canManage && (
          <Button leftSection={<IconUserPlus size={18} aria-hidden />} onClick={() => setEditing('new')}>
            Novo usuário
          </Button>
        )}
      </Group>
      <Group align="flex-end" gap="sm" wrap="wrap">
        <TextInput
          label="Buscar"
          placeholder="Nome, e-mail ou documento"
          leftSection={<IconSearch size={16} aria-hidden />}
          value={search}
          onChange={(e) => setSearch(e.currentTarget.value)}
          maxLength={50}
          w={{ base: '100%', sm: 260 }}
        />
        <Stack gap={0}>
          <Input.Label labelElement="div" id="status-filter-label">
            Situação
          </Input.Label>
          <SegmentedControl
            aria-labelledby="status-filter-label"
            value={status}
            onChange={(v) => setStatus(v as StatusFilter)}
            data={[
              { value: 'all', label: 'Todos' },
              { value: 'active', label: 'Ativos' },
              { value: 'inactive', label: 'Inativos' },
            ]}
          />
        </Stack>
        {insurer && (
          <Select
            label="Tipo"
            placeholder="Todos os tipos"
            data={allUserTypeIds.map((id) => ({ value: String(id), label: userTypeLabels[id] }))}
            value={type}
            onChange={setType}
            clearable
            w={{ base: '100%', sm: 180 }}
          />
        )}
        {canFilterBroker && (
          <Select
            label="Corretora"
            placeholder="Todas as corretoras"
            data={brokers.data ?? []}
            value={broker}
            onChange={setBroker}
            searchable
            clearable
            nothingFoundMessage="Nenhuma corretora encontrada"
            w={{ base: '100%', sm: 260 }}
          />
        )}
        <ExportCsvButton
          endpoint={getUsers}
          query={query}
          name="usuarios"
          columns={[
            { title: 'Nome', value: (u) => u.Name },
            { title: 'Usuário', value: (u) => u.Username },
            { title: 'E-mail', value: (u) => u.Email },
            { title: 'CPF/CNPJ', value: (u) => (u.Document ? maskCpfCnpj(u.Document) : '') },
            { title: 'Tipo', value: (u) => u.UserTypeName },
            { title: 'Perfil', value: (u) => u.ProfileName },
            { title: 'Situação', value: (u) => (u.IsActive ? 'Ativo' : 'Inativo') },
            {
              title: 'Último acesso',
              value: (u) => (u.LastLoginAt ? formatDateTime(u.LastLoginAt) : 'Nunca acessou'),
            },
          ]}
        />
      </Group>
      <PagedDataTable
        endpoint={getUsers}
        queryKey={usersKeys.list()}
        query={query}
        columns={columns}
        sortStatus={sort}
        onSortStatusChange={setSort}
        idAccessor="UserInfoId"
        noRecordsText="Nenhum usuário encontrado"
      />
      <UserFormPopup
        opened={editing !== undefined}
        user={editing === 'new' ? undefined : editing}
        onClose={() => setEditing(undefined)}
      />
      <AssignProfilePopup user={assigning} onClose={() => setAssigning(undefined)} />
    </Stack>
  );
};
