import { type UserSummary, updateUserInfoProfile } from '@aval/contracts';
import { Alert, Button, Group, Select, Stack, Text } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import { type FormEvent, useState } from 'react';
import { useContractMutation } from '../../../shared/api/use-contract-mutation.js';
import { Popup } from '../../../shared/ui/popup.js';
import { usersWrites, useSettableProfiles } from '../api/users-api.js';

export type AssignProfilePopupProps = { user?: UserSummary; onClose: () => void };

/** Gives a user one of the profiles of their user type (UpdateUserInfoProfile). */
export const AssignProfilePopup = ({ user, onClose }: AssignProfilePopupProps) => (
  <Popup
    opened={Boolean(user)}
    onClose={onClose}
    title="Alterar perfil"
    closeButtonProps={{ 'aria-label': 'Fechar' }}
  >
    {user && <AssignProfileForm key={user.UserInfoId} user={user} onDone={onClose} />}
  </Popup>
);

const AssignProfileForm = ({ user, onDone }: { user: UserSummary; onDone: () => void }) => {
  const profiles = useSettableProfiles(user.UserTypeId);
  const [profile, setProfile] = useState<string | null>(user.ProfileUniqueId);
  const [error, setError] = useState<string>();
  const save = useContractMutation(updateUserInfoProfile, { ...usersWrites, success: 'Perfil atribuído.' });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!profile) {
      setError('Escolha um perfil.');
      return;
    }
    save.mutate({ body: { UserInfoId: user.UserInfoId, ProfileUniqueId: profile } }, { onSuccess: onDone });
  };
  return (
    <form onSubmit={submit} noValidate aria-label="Alterar perfil">
      <Stack gap="md">
        <Text size="sm">
          Usuário: <strong>{user.Name}</strong> ({user.UserTypeName})
        </Text>
        {save.isError && (
          <Alert color="red" variant="light" icon={<IconAlertCircle size={20} aria-hidden />} role="alert">
            <Text size="sm" c="black">
              {save.error.message}
            </Text>
          </Alert>
        )}
        <Select
          label="Perfil"
          data={(profiles.data ?? []).map((p) => ({ value: p.UniqueId, label: p.Name }))}
          placeholder={profiles.isPending ? 'Carregando perfis…' : 'Escolha o perfil'}
          value={profile}
          onChange={(v) => {
            setProfile(v);
            setError(undefined);
          }}
          error={error}
          required
          allowDeselect={false}
          data-autofocus
        />
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onDone} disabled={save.isPending}>
            Cancelar
          </Button>
          <Button type="submit" loading={save.isPending}>
            Salvar
          </Button>
        </Group>
      </Stack>
    </form>
  );
};
