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
import { Button, Group, Select, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import type { z } from 'zod';
import { useUserInfo } from '../../../app/session/use-user-info.js';
import { useContractMutation } from '../../../shared/api/use-contract-mutation.js';
import { contractResolver, useServerErrors } from '../../../shared/forms/contract-form.js';
import { CpfCnpjInput, EmailInput, PhoneInput } from '../../../shared/ui/fields/masked-fields.js';
import { InlineAlert } from '../../../shared/ui/inline-alert.js';
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
const brokerTypes: number[] = [UserType.BROKER, UserType.AGENT];

const toDraft = (u: UserSummary | undefined, defaultType: number): Draft => ({
  Name: u?.Name ?? '',
  Email: u?.Email ?? '',
  Document: u?.Document ? maskCpfCnpj(u.Document) : '',
  Phone: u?.Phone ? maskPhone(u.Phone) : '',
  UserTypeId: String(u?.UserTypeId ?? defaultType),
  ProfileUniqueId: u?.ProfileUniqueId ?? null,
  BrokerId: u?.BrokerId ? String(u.BrokerId) : null,
});

/** The SaveUserInfo body of a draft. */
const toBody = (draft: Draft) => ({
  Name: draft.Name.trim(),
  Email: draft.Email.trim(),
  Document: draft.Document || null,
  Phone: draft.Phone || null,
  UserTypeId: Number(draft.UserTypeId),
  ProfileUniqueId: draft.ProfileUniqueId,
  BrokerId: draft.BrokerId ? Number(draft.BrokerId) : null,
});

/** A domain validator (spec §5 message or undefined) as a zod check. */
const rule =
  (validate: (v: string) => string | undefined) =>
  (value: string | null | undefined, ctx: z.RefinementCtx) => {
    const message = value ? validate(value) : undefined;
    if (message) ctx.addIssue({ code: 'custom', message });
  };

/** SaveUserInfo's body with the portal's checks of e-mail, CPF/CNPJ and phone (the server's too). */
const userFormSchema = saveUserInfo.body.extend({
  Email: saveUserInfo.body.shape.Email.min(1, 'Informe o e-mail.').superRefine(rule(validateEmail)),
  Document: saveUserInfo.body.shape.Document.superRefine(rule(validateCpfCnpj)),
  Phone: saveUserInfo.body.shape.Phone.superRefine(rule(validatePhone)),
});

/** Checks a draft with the contract's schema (field → pt-BR message). */
export const validateUserDraft = contractResolver(userFormSchema, toBody);

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
  const form = useForm<Draft>({
    initialValues: toDraft(user, insurer ? UserType.INSURANCE : UserType.BROKER),
    validate: validateUserDraft,
  });
  const draft = form.getValues();
  const typeId = Number(draft.UserTypeId) || undefined;
  const profiles = useSettableProfiles(typeId);
  const showBroker = insurer && typeId !== undefined && brokerTypes.includes(typeId);
  const brokers = useBrokerOptions(showBroker);
  const save = useContractMutation(saveUserInfo, {
    ...usersWrites,
    success: user ? 'Usuário atualizado.' : 'Usuário criado. Enviamos o e-mail de primeiro acesso.',
  });
  const serverErrors = useServerErrors(form, save.error);

  const submit = form.onSubmit((values) => {
    const body = toBody(values);
    save.mutate(
      {
        body: {
          ...body,
          UserInfoId: user?.UserInfoId,
          UserTypeId: body.UserTypeId as 1,
          BrokerId: showBroker ? body.BrokerId : null,
        },
      },
      { onSuccess: onDone },
    );
  });

  return (
    <form onSubmit={submit} noValidate aria-label={user ? 'Editar usuário' : 'Novo usuário'}>
      <Stack gap="md">
        {serverErrors.length > 0 && <InlineAlert>{serverErrors.join('\n')}</InlineAlert>}
        <TextInput
          label="Nome completo"
          {...form.getInputProps('Name')}
          required
          maxLength={120}
          data-autofocus
        />
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <EmailInput
            label="E-mail"
            description={user ? undefined : 'O link de primeiro acesso vai para este e-mail.'}
            {...form.getInputProps('Email')}
            required
            maxLength={254}
          />
          <CpfCnpjInput label="CPF/CNPJ" {...form.getInputProps('Document')} maxLength={18} />
          <PhoneInput
            label="Telefone"
            placeholder="(11) 91234-5678"
            {...form.getInputProps('Phone')}
            maxLength={15}
          />
          <Select
            label="Tipo de usuário"
            data={typeOptions}
            {...form.getInputProps('UserTypeId')}
            onChange={(v) => {
              form.setValues({ UserTypeId: v ?? '', ProfileUniqueId: null, BrokerId: null });
              form.clearFieldError('UserTypeId');
            }}
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
            {...form.getInputProps('ProfileUniqueId')}
            error={form.errors.ProfileUniqueId ?? (profiles.isError ? profiles.error.message : undefined)}
            clearable
            nothingFoundMessage="Nenhum perfil para este tipo"
          />
          {showBroker && (
            <Select
              label="Corretora"
              placeholder={brokers.isPending ? 'Carregando corretoras…' : 'Escolha a corretora'}
              data={brokers.data ?? []}
              {...form.getInputProps('BrokerId')}
              error={form.errors.BrokerId ?? (brokers.isError ? brokers.error.message : undefined)}
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
