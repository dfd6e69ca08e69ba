import {
  allUserTypeIds,
  isInsurance,
  maskCpfCnpj,
  maskPhone,
  saveUserInfo,
  type UserSummary,
  UserType,
  userTypeLabels,
  validateCpfCnpj,
  validateEmail,
  validatePhone,
} from '@aval/contracts';
import { Alert, Button, Group, Select, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import { type FormEvent, useState } from 'react';
import { useUserInfo } from '../../../app/session/use-user-info.js';
import { useContractMutation } from '../../../shared/api/use-contract-mutation.js';
import { CpfCnpjInput, EmailInput, PhoneInput } from '../../../shared/ui/fields/masked-fields.js';
import { Popup } from '../../../shared/ui/popup.js';
import { useBrokerOptions, usersWrites, useSettableProfiles } from '../api/users-api.js';

type Draft = {
  Name: string;
  Email: string;
  Document: string;
  Phone: string;
  UserTypeId: string;
  ProfileUniqueId: string | null;
  BrokerId: string | null;
};
type Field = keyof Draft;
type Errors = Partial<Record<Field, string>>;

const toDraft = (u: UserSummary | undefined, defaultType: number): Draft => ({
  Name: u?.Name ?? '',
  Email: u?.Email ?? '',
  Document: u?.Document ? maskCpfCnpj(u.Document) : '',
  Phone: u?.Phone ? maskPhone(u.Phone) : '',
  UserTypeId: String(u?.UserTypeId ?? defaultType),
  ProfileUniqueId: u?.ProfileUniqueId ?? null,
  BrokerId: u?.BrokerId ? String(u.BrokerId) : null,
});

const brokerTypes: number[] = [UserType.BROKER, UserType.AGENT];

/** Checks the draft with the contract's schema and the domain's validators (spec §5 messages). */
export const validateUserDraft = (draft: Draft): Errors => {
  const errors: Errors = {};
  const parsed = saveUserInfo.body.safeParse({
    Name: draft.Name,
    Email: draft.Email,
    Document: draft.Document || null,
    Phone: draft.Phone || null,
    UserTypeId: Number(draft.UserTypeId),
    ProfileUniqueId: draft.ProfileUniqueId,
    BrokerId: draft.BrokerId ? Number(draft.BrokerId) : null,
  });
  if (!parsed.success)
    for (const issue of parsed.error.issues) {
      const field = issue.path[0] as Field;
      errors[field] ??= field === 'UserTypeId' ? 'Escolha o tipo de usuário.' : issue.message;
    }
  if (!draft.Email.trim()) errors.Email = 'Informe o e-mail.';
  else errors.Email ??= validateEmail(draft.Email.trim());
  if (draft.Document.trim()) errors.Document ??= validateCpfCnpj(draft.Document);
  if (draft.Phone.trim()) errors.Phone ??= validatePhone(draft.Phone);
  for (const k of Object.keys(errors) as Field[]) if (!errors[k]) delete errors[k];
  return errors;
};

export type UserFormPopupProps = {
  opened: boolean;
  onClose: () => void;
  /** The user to edit; absent: a new user. */
  user?: UserSummary;
};

/** Create or edit a user (a new user receives the first-access e-mail). */
export const UserFormPopup = ({ opened, onClose, user }: UserFormPopupProps) => (
  <Popup
    opened={opened}
    onClose={onClose}
    size="lg"
    title={user ? 'Editar usuário' : 'Novo usuário'}
    closeButtonProps={{ 'aria-label': 'Fechar' }}
  >
    {opened && <UserForm key={user?.UserInfoId ?? 'new'} user={user} onDone={onClose} />}
  </Popup>
);

const UserForm = ({ user, onDone }: { user?: UserSummary; onDone: () => void }) => {
  const me = useUserInfo();
  const insurer = isInsurance(me?.UserTypeId ?? 0);
  const typeOptions = (insurer ? allUserTypeIds : brokerTypes).map((id) => ({
    value: String(id),
    label: userTypeLabels[id as keyof typeof userTypeLabels],
  }));
  const [draft, setDraft] = useState<Draft>(() =>
    toDraft(user, insurer ? UserType.INSURANCE : UserType.BROKER),
  );
  const [errors, setErrors] = useState<Errors>({});
  const typeId = Number(draft.UserTypeId) || undefined;
  const profiles = useSettableProfiles(typeId);
  const showBroker = insurer && typeId !== undefined && brokerTypes.includes(typeId);
  const brokers = useBrokerOptions(showBroker);
  const save = useContractMutation(saveUserInfo, {
    ...usersWrites,
    success: user ? 'Usuário atualizado.' : 'Usuário criado. Enviamos o e-mail de primeiro acesso.',
  });

  const set = <K extends Field>(field: K, value: Draft[K]) => {
    setDraft((d) => ({ ...d, [field]: value }));
    setErrors((e) => ({ ...e, [field]: undefined }));
  };

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const found = validateUserDraft(draft);
    setErrors(found);
    if (Object.keys(found).length) return;
    save.mutate(
      {
        body: {
          UserInfoId: user?.UserInfoId,
          Name: draft.Name.trim(),
          Email: draft.Email.trim(),
          Document: draft.Document || null,
          Phone: draft.Phone || null,
          UserTypeId: Number(draft.UserTypeId) as 1,
          ProfileUniqueId: draft.ProfileUniqueId,
          BrokerId: showBroker && draft.BrokerId ? Number(draft.BrokerId) : null,
        },
      },
      { onSuccess: onDone },
    );
  };

  return (
    <form onSubmit={submit} noValidate aria-label={user ? 'Editar usuário' : 'Novo usuário'}>
      <Stack gap="md">
        {save.isError && (
          <Alert color="red" variant="light" icon={<IconAlertCircle size={20} aria-hidden />} role="alert">
            <Text size="sm" c="black" style={{ whiteSpace: 'pre-line' }}>
              {(save.error as { messages?: string[] }).messages?.join('\n') ?? save.error.message}
            </Text>
          </Alert>
        )}
        <TextInput
          label="Nome completo"
          value={draft.Name}
          onChange={(e) => set('Name', e.currentTarget.value)}
          error={errors.Name}
          required
          maxLength={120}
          data-autofocus
        />
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <EmailInput
            label="E-mail"
            description={user ? undefined : 'O link de primeiro acesso vai para este e-mail.'}
            value={draft.Email}
            onChange={(v) => set('Email', v)}
            error={errors.Email}
            required
            maxLength={254}
          />
          <CpfCnpjInput
            label="CPF/CNPJ"
            value={draft.Document}
            onChange={(v) => set('Document', v)}
            error={errors.Document}
            maxLength={18}
          />
          <PhoneInput
            label="Telefone"
            placeholder="(11) 91234-5678"
            value={draft.Phone}
            onChange={(v) => set('Phone', v)}
            error={errors.Phone}
            maxLength={15}
          />
          <Select
            label="Tipo de usuário"
            data={typeOptions}
            value={draft.UserTypeId}
            onChange={(v) => {
              setDraft((d) => ({ ...d, UserTypeId: v ?? '', ProfileUniqueId: null, BrokerId: null }));
              setErrors((x) => ({ ...x, UserTypeId: undefined }));
            }}
            error={errors.UserTypeId}
            allowDeselect={false}
            required
          />
        </SimpleGrid>
        <SimpleGrid cols={{ base: 1, sm: showBroker ? 2 : 1 }}>
          <Select
            label="Perfil"
            placeholder={profiles.isPending ? 'Carregando perfis…' : 'Perfil padrão do tipo'}
            description="Sem escolha, o usuário recebe o perfil padrão do tipo."
            data={(profiles.data ?? []).map((p) => ({
              value: p.UniqueId,
              label: p.IsDefault ? `${p.Name} (padrão)` : p.Name,
            }))}
            value={draft.ProfileUniqueId}
            onChange={(v) => set('ProfileUniqueId', v)}
            error={errors.ProfileUniqueId ?? (profiles.isError ? profiles.error.message : undefined)}
            clearable
            nothingFoundMessage="Nenhum perfil para este tipo"
          />
          {showBroker && (
            <Select
              label="Corretora"
              placeholder={brokers.isPending ? 'Carregando corretoras…' : 'Escolha a corretora'}
              data={brokers.data ?? []}
              value={draft.BrokerId}
              onChange={(v) => set('BrokerId', v)}
              error={errors.BrokerId ?? (brokers.isError ? brokers.error.message : undefined)}
              searchable
              clearable
              nothingFoundMessage="Nenhuma corretora encontrada"
            />
          )}
        </SimpleGrid>
        <Group justify="flex-end" gap="sm" mt="xs">
          <Button variant="default" onClick={onDone} disabled={save.isPending}>
            Cancelar
          </Button>
          <Button type="submit" loading={save.isPending}>
            {user ? 'Salvar alterações' : 'Criar usuário'}
          </Button>
        </Group>
      </Stack>
    </form>
  );
};
