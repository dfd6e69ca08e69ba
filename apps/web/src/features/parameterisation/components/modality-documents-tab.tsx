import {
  deleteProposalParameterRequestDocument,
  insertProposalParameterRequestDocument,
  type ModalityDetail,
  type ParameterRequestDocument,
  pipeTypeLabels,
  requestDocumentTypeLabels,
  updateProposalParameterRequestDocument,
  updateStatusProposalParameterRequestDocument,
} from '@aval/contracts';
import {
  Badge,
  Button,
  Card,
  Checkbox,
  Group,
  Modal,
  Select,
  Stack,
  Table,
  Text,
  Textarea,
  TextInput,
} from '@mantine/core';
import { modals } from '@mantine/modals';
import { IconPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { useContractMutation } from '../../../shared/api/use-contract-mutation.js';
import { paramWrites } from '../api/parameterisation-api.js';

type DocumentDraft = {
  Id?: number;
  Name: string;
  Description: string;
  Type: string;
  Pipe: string;
  Required: boolean;
};

/** Tab "Documentos solicitados": documents a proposal of this modality requests. */
export const ModalityDocumentsTab = ({ modality }: { modality: ModalityDetail }) => {
  const [draft, setDraft] = useState<DocumentDraft | null>(null);
  const insert = useContractMutation(insertProposalParameterRequestDocument, {
    ...paramWrites,
    success: 'Documento incluído.',
  });
  const update = useContractMutation(updateProposalParameterRequestDocument, {
    ...paramWrites,
    success: 'Documento alterado.',
  });
  const status = useContractMutation(updateStatusProposalParameterRequestDocument, {
    ...paramWrites,
    success: 'Situação do documento alterada.',
  });
  const remove = useContractMutation(deleteProposalParameterRequestDocument, {
    ...paramWrites,
    success: 'Documento removido.',
  });
  const edit = (d?: ParameterRequestDocument) =>
    setDraft({
      Id: d?.Id,
      Name: d?.Name ?? '',
      Description: d?.Description ?? '',
      Type: String(d?.RequestDocumentTypeId ?? 3),
      Pipe: String(d?.PipeTypeId ?? 1),
      Required: d?.IsRequired ?? true,
    });
  const submit = () => {
    if (!draft) return;
    const fields = {
      Name: draft.Name,
      Description: draft.Description || null,
      RequestDocumentTypeId: Number(draft.Type),
      PipeTypeId: Number(draft.Pipe),
      IsRequired: draft.Required,
    };
    const done = { onSuccess: () => setDraft(null) };
    if (draft.Id) update.mutate({ body: { ...fields, Id: draft.Id } }, done);
    else insert.mutate({ body: { ...fields, ModalityId: modality.Id } }, done);
  };
  const confirmRemove = (d: ParameterRequestDocument) =>
    modals.openConfirmModal({
      title: 'Remover documento',
      children: <Text size="sm">Remover definitivamente "{d.Name}"?</Text>,
      labels: { confirm: 'Remover', cancel: 'Cancelar' },
      confirmProps: { color: 'danger' },
      onConfirm: () => remove.mutate({ query: { id: d.Id } }),
    });
  return (
    <Card withBorder>
      <Stack>
        <Group justify="flex-end">
          <Button leftSection={<IconPlus size={16} aria-hidden />} onClick={() => edit()}>
            Novo documento
          </Button>
        </Group>
        <Table.ScrollContainer minWidth={720}>
          <Table>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Documento</Table.Th>
                <Table.Th>Tipo</Table.Th>
                <Table.Th>Esteira</Table.Th>
                <Table.Th>Obrigatório</Table.Th>
                <Table.Th>Situação</Table.Th>
                <Table.Th>Ações</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {modality.RequestDocuments.map((d) => (
                <Table.Tr key={d.Id}>
                  <Table.Td>{d.Name}</Table.Td>
                  <Table.Td>{d.RequestDocumentTypeName}</Table.Td>
                  <Table.Td>{d.PipeTypeName}</Table.Td>
                  <Table.Td>{d.IsRequired ? 'Sim' : 'Não'}</Table.Td>
                  <Table.Td>
                    <Badge color={d.IsDeleted ? 'gray' : 'success'} variant="light">
                      {d.IsDeleted ? 'Excluído' : 'Ativo'}
                    </Badge>
                  </Table.Td>
                  <Table.Td>
                    <Group gap="xs">
                      <Button size="xs" variant="subtle" onClick={() => edit(d)}>
                        Editar
                      </Button>
                      <Button
                        size="xs"
                        variant="subtle"
                        onClick={() => status.mutate({ query: { id: d.Id, IsDeleted: !d.IsDeleted } })}
                      >
                        {d.IsDeleted ? 'Restaurar' : 'Excluir'}
                      </Button>
                      <Button size="xs" variant="subtle" color="danger" onClick={() => confirmRemove(d)}>
                        Remover
                      </Button>
                    </Group>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      </Stack>
      <Modal
        opened={draft !== null}
        onClose={() => setDraft(null)}
        title={draft?.Id ? 'Editar documento' : 'Novo documento'}
      >
        {draft && (
          <Stack>
            <TextInput
              label="Nome"
              required
              maxLength={120}
              value={draft.Name}
              onChange={(e) => setDraft({ ...draft, Name: e.currentTarget.value })}
            />
            <Textarea
              label="Descrição"
              value={draft.Description}
              onChange={(e) => setDraft({ ...draft, Description: e.currentTarget.value })}
            />
            <Select
              label="Tipo de documento"
              allowDeselect={false}
              data={Object.entries(requestDocumentTypeLabels).map(([value, label]) => ({ value, label }))}
              value={draft.Type}
              onChange={(v) => setDraft({ ...draft, Type: v ?? draft.Type })}
            />
            <Select
              label="Esteira de análise"
              allowDeselect={false}
              data={Object.entries(pipeTypeLabels).map(([value, label]) => ({ value, label }))}
              value={draft.Pipe}
              onChange={(v) => setDraft({ ...draft, Pipe: v ?? draft.Pipe })}
            />
            <Checkbox
              label="Obrigatório"
              checked={draft.Required}
              onChange={(e) => setDraft({ ...draft, Required: e.currentTarget.checked })}
            />
            <Group justify="flex-end">
              <Button loading={insert.isPending || update.isPending} onClick={submit}>
                Salvar documento
              </Button>
            </Group>
          </Stack>
        )}
      </Modal>
    </Card>
  );
};
