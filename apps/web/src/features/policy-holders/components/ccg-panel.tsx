import {
  CcgSignatoryRole,
  CcgStatus,
  ccgSignatoryProblems,
  ccgSignatoryRoleLabels,
  downloadPolicyHolderCcg,
  type PolicyHolderCcg,
  preparePolicyHolderCcg,
} from '@aval/contracts';
import { Alert, Button, Checkbox, Group, Modal, Select, Stack, Table, Text, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { randomId } from '@mantine/hooks';
import { IconPlus, IconSignature, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { api } from '../../../app/api.js';
import { useContractMutation } from '../../../shared/api/use-contract-mutation.js';
import { CpfInput, TextField } from '../../../shared/ui/fields/masked-fields.js';
import { DownloadButton } from '../../../shared/ui/file-download-link.js';
import { RequestDocumentsPanel } from '../../../shared/ui/request-documents-panel.js';
import { LoadingState } from '../../../shared/ui/states.js';
import { ToneBadge } from '../../../shared/ui/tone-badge.js';
import { ccgDocumentsAdapter, useHolderCcg } from '../api/policy-holder-ccg.js';
import { policyHolderKeys } from '../api/policy-holders-api.js';

type SignatoryValue = {
  key: string;
  Name: string;
  Cpf: string;
  RoleId: string;
  Married: boolean;
  SpouseOfCpf: string;
};

const roleOptions = Object.entries(ccgSignatoryRoleLabels).map(([value, label]) => ({ value, label }));
const blank = (): SignatoryValue => ({
  key: randomId(),
  Name: '',
  Cpf: '',
  RoleId: String(CcgSignatoryRole.SOCIO_COM_PODERES),
  Married: false,
  SpouseOfCpf: '',
});

const bodyOf = (rows: SignatoryValue[]) =>
  rows.map((r) => ({
    Name: r.Name.trim(),
    Cpf: r.Cpf,
    RoleId: Number(r.RoleId),
    Married: Number(r.RoleId) === CcgSignatoryRole.AVALISTA && r.Married,
    SpouseOfCpf: Number(r.RoleId) === CcgSignatoryRole.CONJUGE_DO_AVALISTA ? r.SpouseOfCpf || null : null,
  }));

/** Who signs: the QSA's partners with powers come filled in; guarantors and their spouses are added. */
const PrepareCcgForm = ({ ccg, onDone }: { ccg: PolicyHolderCcg; onDone: () => void }) => {
  const [problems, setProblems] = useState<string[]>([]);
  const form = useForm<{ rows: SignatoryValue[] }>({
    initialValues: {
      rows: ccg.SuggestedSignatories.length
        ? ccg.SuggestedSignatories.map((s) => ({
            ...blank(),
            Name: s.Name,
            Cpf: s.Cpf,
            RoleId: String(s.RoleId),
          }))
        : [blank()],
    },
  });
  const prepare = useContractMutation(preparePolicyHolderCcg, {
    invalidate: [policyHolderKeys.all],
    success: 'CCG preparado: baixe o contrato, colha as assinaturas e envie o arquivo assinado.',
    error: 'caller',
  });
  const submit = form.onSubmit(async ({ rows }) => {
    const body = bodyOf(rows);
    const found = [
      ...body.filter((s) => s.Name.length < 3).map(() => 'Informe o nome de cada signatário.'),
      ...ccgSignatoryProblems(
        body.map((s) => ({
          name: s.Name,
          cpf: s.Cpf,
          roleId: s.RoleId as 1 | 2 | 3,
          married: s.Married,
          spouseOfCpf: s.SpouseOfCpf,
        })),
      ),
    ];
    setProblems([...new Set(found)]);
    if (found.length) return;
    try {
      await prepare.mutateAsync({
        body: { PolicyHolderUniqueId: ccg.PolicyHolderUniqueId, Signatories: body },
      });
      onDone();
    } catch (e) {
      setProblems((e as { messages?: string[] }).messages ?? [String(e)]);
    }
  });
  return (
    <form onSubmit={submit} aria-label="Signatários do CCG">
      <Stack>
        <Text size="sm">
          Assinam o CCG os sócios com poderes de {ccg.PolicyHolderName} e, quando houver, os avalistas
          (pessoas físicas) e os cônjuges dos avalistas casados.
        </Text>
        {form.values.rows.map((row, i) => (
          <Stack key={row.key} gap="xs" p="sm" bd="1px solid var(--mantine-color-gray-3)">
            <Group grow align="flex-start" wrap="wrap">
              <TextField label="Nome" required {...form.getInputProps(`rows.${i}.Name`)} />
              <CpfInput label="CPF" required {...form.getInputProps(`rows.${i}.Cpf`)} />
              <Select
                label="Papel"
                data={roleOptions}
                allowDeselect={false}
                {...form.getInputProps(`rows.${i}.RoleId`)}
              />
            </Group>
            <Group justify="space-between">
              {Number(row.RoleId) === CcgSignatoryRole.AVALISTA ? (
                <Checkbox
                  label="Casado(a)"
                  {...form.getInputProps(`rows.${i}.Married`, { type: 'checkbox' })}
                />
              ) : Number(row.RoleId) === CcgSignatoryRole.CONJUGE_DO_AVALISTA ? (
                <CpfInput label="CPF do avalista" {...form.getInputProps(`rows.${i}.SpouseOfCpf`)} />
              ) : (
                <span />
              )}
              {form.values.rows.length > 1 && (
                <Button
                  variant="subtle"
                  color="red"
                  leftSection={<IconTrash size={16} aria-hidden />}
                  onClick={() => form.removeListItem('rows', i)}
                  aria-label={`Remover ${row.Name || 'signatário'}`}
                >
                  Remover
                </Button>
              )}
            </Group>
          </Stack>
        ))}
        <Group>
          <Button
            variant="default"
            leftSection={<IconPlus size={16} aria-hidden />}
            onClick={() =>
              form.insertListItem('rows', { ...blank(), RoleId: String(CcgSignatoryRole.AVALISTA) })
            }
          >
            Adicionar signatário
          </Button>
        </Group>
        {problems.length > 0 && (
          <Alert color="red" title="Revise os signatários">
            {problems.join(' ')}
          </Alert>
        )}
        <Group justify="flex-end">
          <Button type="submit" loading={prepare.isPending}>
            Preparar CCG
          </Button>
        </Group>
      </Stack>
    </form>
  );
};

const statusTone = (statusId: number) =>
  statusId === CcgStatus.ASSINADO
    ? 'success'
    : statusId === CcgStatus.ALTERACAO_REPROVADA
      ? 'danger'
      : 'warning';

/** What the person does next, by the CCG's status. */
const nextStep: Record<number, string> = {
  [CcgStatus.AGUARDANDO_ASSINATURA]:
    'Baixe o contrato, colha as assinaturas dos signatários e envie o arquivo assinado em "CCG assinado".',
  [CcgStatus.AGUARDANDO_ANALISE_SEGURADORA]: 'O CCG assinado foi enviado e aguarda a análise da seguradora.',
  [CcgStatus.AGUARDANDO_CORRETOR]: 'A seguradora pediu um ajuste: envie o CCG corrigido em "CCG assinado".',
  [CcgStatus.ALTERACAO_REPROVADA]: 'A seguradora recusou o CCG enviado: envie um novo arquivo assinado.',
  [CcgStatus.ASSINADO]: 'O CCG está assinado.',
};

/**
 * The holder's CCG where a proposal waits for it (Emissão tab): prepare it with its signatories,
 * download the contract, send the signed file (the insurer analyses it on the ANALISE_CCG card).
 */
export const CcgPanel = ({ holderUniqueId }: { holderUniqueId: string }) => {
  const query = useHolderCcg(holderUniqueId);
  const [preparing, setPreparing] = useState(false);
  if (query.isPending) return <LoadingState label="Carregando o CCG…" />;
  if (query.isError || !query.data) return null;
  const ccg = query.data;
  if (ccg.IgnoreCCGSignature) return null;
  const c = ccg.Ccg;
  return (
    <Stack gap="sm" data-testid="ccg-panel">
      <Group justify="space-between">
        <Title order={4} size="h6">
          CCG do tomador
        </Title>
        {c && <ToneBadge tone={statusTone(c.StatusId)}>{c.StatusName}</ToneBadge>}
      </Group>
      {!c ? (
        <Text size="sm">
          {ccg.CanPrepare
            ? 'O tomador ainda não tem CCG (contrato de contragarantia). Prepare-o com os signatários, baixe o contrato, colha as assinaturas e envie o arquivo assinado.'
            : 'O tomador ainda não tem CCG: o corretor o prepara e envia assinado.'}
        </Text>
      ) : (
        <>
          <Text size="sm">{nextStep[c.StatusId] ?? c.StatusName}</Text>
          {c.Justification && c.StatusId !== CcgStatus.ASSINADO && (
            <Alert color="yellow" title="Nota da seguradora">
              {c.Justification}
            </Alert>
          )}
          <Table aria-label="Signatários do CCG" withTableBorder>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Signatário</Table.Th>
                <Table.Th>CPF</Table.Th>
                <Table.Th>Papel</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {c.Signatories.map((s) => (
                <Table.Tr key={s.Cpf}>
                  <Table.Td>{s.Name}</Table.Td>
                  <Table.Td style={{ whiteSpace: 'nowrap' }}>{s.Cpf}</Table.Td>
                  <Table.Td>{s.RoleName}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
          <Group>
            <DownloadButton
              label="Baixar CCG para assinatura"
              fileName="ccg.pdf"
              fetchUrl={async () =>
                (await api.call(downloadPolicyHolderCcg, { query: { PolicyHolderCCGUniqueId: c.UniqueId } }))
                  .UrlToDownload
              }
            />
          </Group>
          {c.StatusId !== CcgStatus.ASSINADO && (
            <RequestDocumentsPanel adapter={ccgDocumentsAdapter(holderUniqueId)} />
          )}
        </>
      )}
      {ccg.CanPrepare && (
        <Group>
          <Button leftSection={<IconSignature size={16} aria-hidden />} onClick={() => setPreparing(true)}>
            Preparar CCG
          </Button>
        </Group>
      )}
      <Modal
        opened={preparing}
        onClose={() => setPreparing(false)}
        title="Preparar CCG"
        size="xl"
        closeButtonProps={{ 'aria-label': 'Fechar janela' }}
      >
        <PrepareCcgForm ccg={ccg} onDone={() => setPreparing(false)} />
      </Modal>
    </Stack>
  );
};
