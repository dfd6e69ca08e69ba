import { type ProfileSummary, updateMenuFuncionalityInProfile } from '@aval/contracts';
import { Alert, Badge, Button, Card, Checkbox, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { IconAlertCircle, IconDeviceFloppy } from '@tabler/icons-react';
import { useState } from 'react';
import { useContractMutation } from '../../../shared/api/use-contract-mutation.js';
import { EmptyState, LoadingState } from '../../../shared/ui/states.js';
import { useMenus, usersWrites } from '../api/users-api.js';

const sameSet = (a: Set<number>, b: number[]) => a.size === b.length && b.every((id) => a.has(id));

/**
 * Menus × functionalities of a profile's user type as checkboxes (GetMenus), saved with
 * UpdateMenuFuncionalityInProfile.
 */
export const ProfileMatrix = ({ profile }: { profile: ProfileSummary }) => {
  const menus = useMenus(profile.UserTypeId);
  const [held, setHeld] = useState(() => new Set(profile.MenuFuncionalityIds));
  const save = useContractMutation(updateMenuFuncionalityInProfile, {
    ...usersWrites,
    success: 'Funcionalidades do perfil salvas.',
  });
  const dirty = !sameSet(held, profile.MenuFuncionalityIds);

  const toggle = (ids: number[], on: boolean) =>
    setHeld((current) => {
      const next = new Set(current);
      for (const id of ids) {
        if (on) next.add(id);
        else next.delete(id);
      }
      return next;
    });

  if (menus.isPending) return <LoadingState rows={6} label="Carregando funcionalidades…" />;
  if (menus.isError)
    return (
      <Alert color="red" variant="light" icon={<IconAlertCircle size={20} aria-hidden />} role="alert">
        <Text size="sm" c="black">
          {menus.error.message}
        </Text>
      </Alert>
    );
  const available = menus.data.filter((m) => m.MenuFuncionalities.length > 0);
  if (available.length === 0)
    return <EmptyState title="Nenhuma funcionalidade disponível para este tipo de usuário" />;

  return (
    <Stack gap="md" data-testid="profile-matrix">
      <Group
        justify="space-between"
        wrap="wrap"
        gap="sm"
        py="xs"
        bg="var(--mantine-color-gray-0)"
        style={{ position: 'sticky', top: 'var(--app-shell-header-offset, 0px)', zIndex: 3 }}
      >
        <div>
          <Title order={2} size="h4">
            Funcionalidades de “{profile.Name}”
          </Title>
          <Text size="sm" c="gray.7">
            {held.size} {held.size === 1 ? 'funcionalidade marcada' : 'funcionalidades marcadas'}
            {dirty ? ' · alterações não salvas' : ''}
          </Text>
        </div>
        <Group gap="sm">
          <Button
            variant="default"
            disabled={!dirty || save.isPending}
            onClick={() => setHeld(new Set(profile.MenuFuncionalityIds))}
          >
            Descartar
          </Button>
          <Button
            leftSection={<IconDeviceFloppy size={18} aria-hidden />}
            disabled={!dirty}
            loading={save.isPending}
            onClick={() =>
              save.mutate({
                body: {
                  ProfileUniqueId: profile.UniqueId,
                  MenuFuncionalityIds: [...held].sort((a, b) => a - b),
                },
              })
            }
          >
            Salvar funcionalidades
          </Button>
        </Group>
      </Group>
      {save.isError && (
        <Alert color="red" variant="light" icon={<IconAlertCircle size={20} aria-hidden />} role="alert">
          <Text size="sm" c="black">
            {save.error.message}
          </Text>
        </Alert>
      )}
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
        {available.map((menu) => {
          const ids = menu.MenuFuncionalities.map((f) => f.Id);
          const count = ids.filter((id) => held.has(id)).length;
          return (
            <Card
              key={menu.Id}
              withBorder
              radius="md"
              padding="md"
              component="fieldset"
              style={{ margin: 0 }}
            >
              <Group justify="space-between" wrap="nowrap" mb="xs">
                <Checkbox
                  label={<Text fw={700}>{menu.Name}</Text>}
                  aria-label={`Todas as funcionalidades de ${menu.Name}`}
                  checked={count === ids.length}
                  indeterminate={count > 0 && count < ids.length}
                  onChange={(e) => toggle(ids, e.currentTarget.checked)}
                />
                <Badge variant="light" color="gray" c="gray.9" radius="sm">
                  {count}/{ids.length}
                </Badge>
              </Group>
              <Stack gap={6} pl="lg">
                {menu.MenuFuncionalities.map((f) => (
                  <Checkbox
                    key={f.Id}
                    label={f.Name}
                    checked={held.has(f.Id)}
                    onChange={(e) => toggle([f.Id], e.currentTarget.checked)}
                  />
                ))}
              </Stack>
            </Card>
          );
        })}
      </SimpleGrid>
    </Stack>
  );
};
