import {
  allUserTypeIds,
  deleteProfile,
  type ProfileSummary,
  UserType,
  type UserTypeId,
  userTypeLabels,
} from '@aval/contracts';
import {
  ActionIcon,
  Alert,
  Badge,
  Button,
  Card,
  Grid,
  Group,
  Stack,
  Tabs,
  Text,
  UnstyledButton,
} from '@mantine/core';
import { IconAlertCircle, IconEdit, IconPlus, IconTrash } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { api } from '../../../app/api.js';
import { AppTooltip } from '../../../shared/ui/app-tooltip.js';
import { openConfirm } from '../../../shared/ui/confirm-dialog.js';
import { notifySuccess } from '../../../shared/ui/notify.js';
import { EmptyState, LoadingState } from '../../../shared/ui/states.js';
import { useProfiles, usersKeys } from '../api/users-api.js';
import { ProfileMatrix } from '../components/profile-matrix.js';
import { ProfileNamePopup } from '../components/profile-name-popup.js';

const ProfileList = ({
  userTypeId,
  selected,
  onSelect,
}: {
  userTypeId: UserTypeId;
  selected?: string;
  onSelect: (uniqueId: string | undefined) => void;
}) => {
  const client = useQueryClient();
  const profiles = useProfiles(userTypeId);
  const [naming, setNaming] = useState<ProfileSummary | 'new'>();
  const current = profiles.data?.find((p) => p.UniqueId === selected) ?? profiles.data?.[0];

  const remove = (p: ProfileSummary) =>
    openConfirm({
      title: 'Excluir perfil',
      message: `Excluir o perfil “${p.Name}”? Perfis atribuídos a usuários não podem ser excluídos.`,
      confirmLabel: 'Excluir',
      danger: true,
      onConfirm: async () => {
        await api.call(deleteProfile, { query: { UniqueId: p.UniqueId } });
        notifySuccess('Perfil excluído.');
        if (p.UniqueId === current?.UniqueId) onSelect(undefined);
        await client.invalidateQueries({ queryKey: usersKeys.all });
      },
    });

  return (
    <>
      <Grid gap="lg">
        <Grid.Col span={{ base: 12, md: 4 }}>
          <Stack gap="sm">
            <Group justify="space-between">
              <Text fw={700}>Perfis de {userTypeLabels[userTypeId]}</Text>
              <Button
                size="xs"
                leftSection={<IconPlus size={16} aria-hidden />}
                onClick={() => setNaming('new')}
              >
                Novo perfil
              </Button>
            </Group>
            {profiles.isPending && <LoadingState rows={3} label="Carregando perfis…" />}
            {profiles.isError && (
              <Alert
                color="red"
                variant="light"
                icon={<IconAlertCircle size={20} aria-hidden />}
                role="alert"
              >
                <Text size="sm" c="black">
                  {profiles.error.message}
                </Text>
              </Alert>
            )}
            {profiles.data?.length === 0 && (
              <EmptyState title="Nenhum perfil" description="Crie o primeiro perfil deste tipo de usuário." />
            )}
            <Stack gap="xs" role="list" aria-label={`Perfis de ${userTypeLabels[userTypeId]}`}>
              {profiles.data?.map((p) => {
                const active = p.UniqueId === current?.UniqueId;
                return (
                  <Card
                    key={p.UniqueId}
                    role="listitem"
                    withBorder
                    padding="sm"
                    radius="md"
                    data-testid="profile-item"
                    style={{
                      borderColor: active ? 'var(--mantine-color-brand-6)' : undefined,
                      background: active ? 'var(--mantine-color-brand-0)' : undefined,
                    }}
                  >
                    <Group justify="space-between" wrap="nowrap" gap="xs">
                      <UnstyledButton
                        onClick={() => onSelect(p.UniqueId)}
                        aria-current={active ? 'true' : undefined}
                        style={{ flex: 1, minWidth: 0 }}
                      >
                        <Group gap={6} wrap="nowrap">
                          <Text fw={600} truncate>
                            {p.Name}
                          </Text>
                          {p.IsDefault && (
                            <Badge size="xs" variant="filled" bg="brand.8" c="white" radius="sm">
                              padrão
                            </Badge>
                          )}
                        </Group>
                        <Text size="xs" c="gray.7">
                          {p.Usuarios} {p.Usuarios === 1 ? 'usuário' : 'usuários'} ·{' '}
                          {p.MenuFuncionalityIds.length}{' '}
                          {p.MenuFuncionalityIds.length === 1 ? 'funcionalidade' : 'funcionalidades'}
                        </Text>
                      </UnstyledButton>
                      <AppTooltip label="Renomear">
                        <ActionIcon
                          variant="subtle"
                          color="gray.8"
                          aria-label={`Renomear ${p.Name}`}
                          onClick={() => setNaming(p)}
                        >
                          <IconEdit size={18} />
                        </ActionIcon>
                      </AppTooltip>
                      <AppTooltip label="Excluir">
                        <ActionIcon
                          variant="subtle"
                          color="red.8"
                          aria-label={`Excluir ${p.Name}`}
                          onClick={() => remove(p)}
                        >
                          <IconTrash size={18} />
                        </ActionIcon>
                      </AppTooltip>
                    </Group>
                  </Card>
                );
              })}
            </Stack>
          </Stack>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 8 }}>
          {current ? (
            <ProfileMatrix
              key={`${current.UniqueId}:${current.MenuFuncionalityIds.join(',')}`}
              profile={current}
            />
          ) : (
            !profiles.isPending && (
              <EmptyState title="Escolha ou crie um perfil para ver as funcionalidades" />
            )
          )}
        </Grid.Col>
      </Grid>
      <ProfileNamePopup
        target={naming}
        userTypeId={userTypeId}
        onClose={() => setNaming(undefined)}
        onSaved={(p) => onSelect(p.UniqueId)}
      />
    </>
  );
};

/** /usuarios/perfis: profiles per user type and the functionalities each one holds. */
export const ProfilesPage = () => {
  const [type, setType] = useState<string>(String(UserType.INSURANCE));
  const [selected, setSelected] = useState<Record<string, string | undefined>>({});
  return (
    <Tabs value={type} onChange={(v) => setType(v ?? String(UserType.INSURANCE))} keepMounted={false}>
      <Tabs.List mb="lg" aria-label="Tipo de usuário">
        {allUserTypeIds.map((id) => (
          <Tabs.Tab key={id} value={String(id)}>
            {userTypeLabels[id]}
          </Tabs.Tab>
        ))}
      </Tabs.List>
      {allUserTypeIds.map((id) => (
        <Tabs.Panel key={id} value={String(id)}>
          <ProfileList
            userTypeId={id}
            selected={selected[id]}
            onSelect={(uniqueId) => setSelected((s) => ({ ...s, [id]: uniqueId }))}
          />
        </Tabs.Panel>
      ))}
    </Tabs>
  );
};
