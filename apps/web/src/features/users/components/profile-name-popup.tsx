import { insertOrUpdateProfile, type ProfileSummary, userTypeLabels } from '@aval/contracts';
import { Alert, Button, Group, Stack, Text, TextInput } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import { type FormEvent, useState } from 'react';
import { useContractMutation } from '../../../shared/api/use-contract-mutation.js';
import { Popup } from '../../../shared/ui/popup.js';
import { usersWrites } from '../api/users-api.js';

export type ProfileNamePopupProps = {
  /** 'new': create a profile of `userTypeId`; a profile: rename it. */
  target?: ProfileSummary | 'new';
  userTypeId: number;
  onClose: () => void;
  onSaved?: (profile: ProfileSummary) => void;
};

/** Create or rename a profile (InsertOrUpdateProfile). */
export const ProfileNamePopup = ({ target, userTypeId, onClose, onSaved }: ProfileNamePopupProps) => (
  <Popup
    opened={target !== undefined}
    onClose={onClose}
    title={target === 'new' ? 'Novo perfil' : 'Renomear perfil'}
    closeButtonProps={{ 'aria-label': 'Fechar' }}
  >
    {target !== undefined && (
      <ProfileNameForm
        key={target === 'new' ? 'new' : target.UniqueId}
        profile={target === 'new' ? undefined : target}
        userTypeId={userTypeId}
        onDone={onClose}
        onSaved={onSaved}
      />
    )}
  </Popup>
);

const ProfileNameForm = ({
  profile,
  userTypeId,
  onDone,
  onSaved,
}: {
  profile?: ProfileSummary;
  userTypeId: number;
  onDone: () => void;
  onSaved?: (profile: ProfileSummary) => void;
}) => {
  const [name, setName] = useState(profile?.Name ?? '');
  const [error, setError] = useState<string>();
  const save = useContractMutation(insertOrUpdateProfile, {
    ...usersWrites,
    success: profile ? 'Perfil renomeado.' : 'Perfil criado.',
  });
  const typeId = profile?.UserTypeId ?? userTypeId;
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const body = { UniqueId: profile?.UniqueId ?? null, Name: name.trim(), UserTypeId: typeId as 1 };
    const parsed = insertOrUpdateProfile.body.safeParse(body);
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message);
      return;
    }
    save.mutate(
      { body },
      {
        onSuccess: (saved) => {
          onSaved?.(saved);
          onDone();
        },
      },
    );
  };
  return (
    <form onSubmit={submit} noValidate aria-label={profile ? 'Renomear perfil' : 'Novo perfil'}>
      <Stack gap="md">
        <Text size="sm">
          Tipo de usuário: <strong>{userTypeLabels[typeId as keyof typeof userTypeLabels]}</strong>
        </Text>
        {save.isError && (
          <Alert color="red" variant="light" icon={<IconAlertCircle size={20} aria-hidden />} role="alert">
            <Text size="sm" c="black">
              {save.error.message}
            </Text>
          </Alert>
        )}
        <TextInput
          label="Nome do perfil"
          value={name}
          onChange={(e) => {
            setName(e.currentTarget.value);
            setError(undefined);
          }}
          error={error}
          required
          maxLength={50}
          data-autofocus
        />
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onDone} disabled={save.isPending}>
            Cancelar
          </Button>
          <Button type="submit" loading={save.isPending}>
            {profile ? 'Salvar' : 'Criar perfil'}
          </Button>
        </Group>
      </Stack>
    </form>
  );
};
