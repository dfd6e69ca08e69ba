import {
  type InsuredDetail,
  maskCpfCnpj,
  setInsuredBlocked,
  updateInsuredBranch,
  updateInsuredName,
} from '@aval/contracts';
import { Button, Card, Group, SimpleGrid, Stack, Switch, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconBan, IconDeviceFloppy, IconLockOpen } from '@tabler/icons-react';
import { type FormEvent, useState } from 'react';
import { useContractMutation } from '../../../shared/api/use-contract-mutation.js';
import { contractResolver, useServerErrors } from '../../../shared/forms/contract-form.js';
import { InlineAlert } from '../../../shared/ui/inline-alert.js';
import { JustificationField } from '../../../shared/ui/justified-action.js';
import { LabeledValue } from '../../../shared/ui/labeled-value.js';
import { notifySuccess } from '../../../shared/ui/notify.js';
import { Popup } from '../../../shared/ui/popup.js';
import { errorText, insuredWrites } from '../api/insureds-api.js';

export type InsuredRights = { canManage: boolean; isInsurer: boolean };

const NameForm = ({ insured, canManage }: { insured: InsuredDetail; canManage: boolean }) => {
  const form = useForm({
    initialValues: { insuredName: insured.Name },
    validate: contractResolver(updateInsuredName.query, (v: { insuredName: string }) => ({
      id: insured.Id,
      insuredName: v.insuredName,
    })),
  });
  const save = useContractMutation(updateInsuredName, {
    ...insuredWrites,
    success: 'Nome do segurado alterado.',
  });
  const serverErrors = useServerErrors(form, save.error);
  const trimmed = form.getValues().insuredName.trim();
  const submit = form.onSubmit((v) =>
    save.mutate({ query: { id: insured.Id, insuredName: v.insuredName.trim() } }),
  );
  return (
    <Card withBorder component="form" noValidate onSubmit={submit} aria-label="Dados do segurado">
      <Text fw={600} mb="sm">
        Dados do segurado
      </Text>
      <Stack gap="sm">
        {canManage ? (
          <TextInput
            label="Nome do segurado"
            required
            maxLength={150}
            {...form.getInputProps('insuredName')}
          />
        ) : (
          <LabeledValue label="Nome do segurado" value={insured.Name} />
        )}
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <LabeledValue label="CPF/CNPJ" value={maskCpfCnpj(insured.InsuredDocument)} />
          <LabeledValue label="E-mail" value={insured.Email} />
          <LabeledValue label="Telefone" value={insured.Phone} />
        </SimpleGrid>
      </Stack>
      {serverErrors.length > 0 && <InlineAlert mt="sm">{serverErrors.join('\n')}</InlineAlert>}
      {canManage && (
        <Group justify="flex-end" mt="md">
          <Button
            type="submit"
            disabled={trimmed === insured.Name}
            loading={save.isPending}
            leftSection={<IconDeviceFloppy size={16} aria-hidden />}
          >
            Salvar nome
          </Button>
        </Group>
      )}
    </Card>
  );
};

const BlockDialog = ({ insured, onClose }: { insured: InsuredDetail; onClose: () => void }) => {
  const [justification, setJustification] = useState('');
  const [touched, setTouched] = useState(false);
  const mutation = useContractMutation(setInsuredBlocked, insuredWrites);
  const blocking = !insured.IsBlocked;
  const problem = blocking && !justification.trim() ? 'Informe a justificativa do bloqueio.' : undefined;
  const submit = (e: FormEvent) => {
    e.preventDefault();
    setTouched(true);
    if (problem) return;
    mutation.mutate(
      {
        query: {
          id: insured.Id,
          isBlocked: blocking,
          blockJustify: blocking ? justification.trim() : undefined,
        },
      },
      {
        onSuccess: () => {
          notifySuccess(blocking ? 'Segurado bloqueado.' : 'Segurado desbloqueado.');
          onClose();
        },
      },
    );
  };
  return (
    <form noValidate onSubmit={submit}>
      <Stack>
        {blocking ? (
          <>
            <Text size="sm">
              Bloquear o segurado <strong>{insured.Name}</strong>? Propostas novas para ele ficam impedidas e
              o bloqueio fica registrado no histórico.
            </Text>
            <JustificationField
              required
              value={justification}
              error={touched ? problem : undefined}
              data-autofocus
              onChange={(e) => setJustification(e.currentTarget.value)}
            />
          </>
        ) : (
          <>
            <Text size="sm">
              Desbloquear o segurado <strong>{insured.Name}</strong>? O desbloqueio fica registrado no
              histórico.
            </Text>
            {insured.BlockJustification && (
              <Text size="sm">
                Motivo do bloqueio: <em>{insured.BlockJustification}</em>
              </Text>
            )}
          </>
        )}
        {mutation.error && <InlineAlert>{errorText(mutation.error)}</InlineAlert>}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Cancelar
          </Button>
          <Button type="submit" color={blocking ? 'red.8' : undefined} loading={mutation.isPending}>
            {blocking ? 'Bloquear' : 'Desbloquear'}
          </Button>
        </Group>
      </Stack>
    </form>
  );
};

const SituationCard = ({ insured, rights }: { insured: InsuredDetail; rights: InsuredRights }) => {
  const [blockOpen, setBlockOpen] = useState(false);
  const branch = useContractMutation(updateInsuredBranch, insuredWrites);
  const insurerManages = rights.canManage && rights.isInsurer;
  return (
    <Card withBorder>
      <Text fw={600} mb="sm">
        Situação
      </Text>
      <Stack gap="md">
        {insurerManages ? (
          <Switch
            label="Segurado privado (ramo 0776)"
            description={
              insured.IsPrivate
                ? 'Empresa privada: ramo 0776.'
                : 'Órgão público: ramo 0775. Ligue para tratar como privado.'
            }
            checked={insured.IsPrivate}
            styles={{ description: { color: 'var(--mantine-color-gray-7)' } }}
            disabled={branch.isPending}
            onChange={(e) =>
              branch.mutate(
                { query: { id: insured.Id, isPrivate: e.currentTarget.checked } },
                { onSuccess: () => notifySuccess('Tipo do segurado alterado.') },
              )
            }
          />
        ) : (
          <LabeledValue
            label="Tipo do segurado"
            value={insured.IsPrivate ? 'Empresa privada (ramo 0776)' : 'Órgão público (ramo 0775)'}
          />
        )}
        {branch.error && <InlineAlert>{errorText(branch.error)}</InlineAlert>}
        <Group justify="space-between" align="flex-start" wrap="wrap">
          <Stack gap={2}>
            <Text size="sm" fw={600}>
              {insured.IsBlocked ? 'Bloqueado' : 'Desbloqueado'}
            </Text>
            {insured.IsBlocked && insured.BlockJustification && (
              <Text size="sm" c="gray.7" data-testid="block-justification">
                Justificativa: {insured.BlockJustification}
              </Text>
            )}
          </Stack>
          {insurerManages && (
            <Button
              variant="outline"
              color={insured.IsBlocked ? undefined : 'red.9'}
              leftSection={
                insured.IsBlocked ? <IconLockOpen size={16} aria-hidden /> : <IconBan size={16} aria-hidden />
              }
              onClick={() => setBlockOpen(true)}
            >
              {insured.IsBlocked ? 'Desbloquear segurado' : 'Bloquear segurado'}
            </Button>
          )}
        </Group>
        {!rights.isInsurer && (
          <Text size="xs" c="gray.7">
            Somente a seguradora altera o tipo e o bloqueio do segurado.
          </Text>
        )}
      </Stack>
      <Popup
        closeButtonProps={{ 'aria-label': 'Fechar janela' }}
        opened={blockOpen}
        onClose={() => setBlockOpen(false)}
        title={insured.IsBlocked ? 'Desbloquear segurado' : 'Bloquear segurado'}
      >
        {blockOpen && <BlockDialog insured={insured} onClose={() => setBlockOpen(false)} />}
      </Popup>
    </Card>
  );
};

/** Dados: name (editable with 12), private flag and block/unblock (insurer staff with 12). */
export const DataTab = ({ insured, rights }: { insured: InsuredDetail; rights: InsuredRights }) => (
  <SimpleGrid cols={{ base: 1, lg: 2 }}>
    <NameForm key={insured.Name} insured={insured} canManage={rights.canManage} />
    <SituationCard insured={insured} rights={rights} />
  </SimpleGrid>
);
