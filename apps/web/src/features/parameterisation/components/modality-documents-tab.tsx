import {
  deleteProposalParameterRequestDocument,
  insertProposalParameterRequestDocument,
  insertRequestDocumentBody,
  type ModalityDetail,
  type ParameterRequestDocument,
  PipeType,
  pipeTypeLabels,
  RequestDocumentType,
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
import { blankToNull, contractResolver } from '../../../shared/forms/contract-form.js';
import { FormActions } from '../../../shared/forms/form-actions.js';
import { Popup } from '../../../shared/ui/popup.js';
import { paramWrites } from '../api/parameterisation-api.js';
import { type ModalityItemDialogProps, useModalityItemForm } from './modality-item-form.js';

/** The document dialog's fields, named as the body of Insert/UpdateProposalParameterRequestDocument. */
export type DocumentDraft = {
  Name: string;
  Description: string;
  RequestDocumentTypeId: string;
  PipeTypeId: string;
  IsRequired: boolean;
};

const documentDraftOf = (d?: ParameterRequestDocument): DocumentDraft => ({
  Name: d?.Name ?? '',
  Description: d?.Description ?? '',
  RequestDocumentTypeId: String(d?.RequestDocumentTypeId ?? RequestDocumentType.PROPOSAL),
  PipeTypeId: String(d?.PipeTypeId ?? PipeType.CADASTRO),
  IsRequired: d?.IsRequired ?? true,
});

const documentBodyOf = (d: DocumentDraft) => ({
  Name: d.Name.trim(),
  Description: blankToNull(d.Description),
  RequestDocumentTypeId: Number(d.RequestDocumentTypeId),
  PipeTypeId: Number(d.PipeTypeId),
  IsRequired: d.IsRequired,
});

/** Checks a document draft with the contract's rules (field → pt-BR message). */
export const validateDocumentDraft = contractResolver(
  insertRequestDocumentBody.omit({ ModalityId: true }),
  documentBodyOf,
);

const optionsOf = (labels: Record<number, string>) =>
  Object.entries(labels).map(([value, label]) => ({ value, label }));

const DocumentDialog = (props: ModalityItemDialogProps<ParameterRequestDocument>) => {
  const { form, submit, actions } = useModalityItemForm({
    ...props,
    draftOf: documentDraftOf,
    bodyOf: documentBodyOf,
    validate: validateDocumentDraft,
    insert: insertProposalParameterRequestDocument,
    update: updateProposalParameterRequestDocument,
    success: { insert: 'Documento incluído.', update: 'Documento alterado.' },
  });
  return (
    <form noValidate onSubmit={submit}>
      <Stack>
        <TextInput label="Nome" required maxLength={120} data-autofocus {...form.getInputProps('Name')} />
        <Textarea label="Descrição" autosize minRows={2} {...form.getInputProps('Description')} />
        <Select
          label="Tipo de documento"
          allowDeselect={false}
          data={optionsOf(requestDocumentTypeLabels)}
          {...form.getInputProps('RequestDocumentTypeId')}
        />
        <Select
          label="Esteira de análise"
          allowDeselect={false}
          data={optionsOf(pipeTypeLabels)}
          {...form.getInputProps('PipeTypeId')}
        />
        <Checkbox label="Obrigatório" {...form.getInputProps('IsRequired', { type: 'checkbox' })} />
        <FormActions {...actions} submitLabel="Salvar documento" />
      </Stack>
    </form>
  );
};

type Editing = { document?: ParameterRequestDocument };

/** Tab "Documentos solicitados": documents a proposal of this modality requests. */
export const ModalityDocumentsTab = ({ modality }: { modality: ModalityDetail }) => {
  const [editing, setEditing] = useState<Editing | null>(null);
  const status = useContractMutation(updateStatusProposalParameterRequestDocument, {
    ...paramWrites,
    success: 'Situação do documento alterada.',
  });
  const remove = useContractMutation(deleteProposalParameterRequestDocument, {
    ...paramWrites,
    success: 'Documento removido.',
  });
  const close = () => setEditing(null);
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
          <Button leftSection={<IconPlus size={16} aria-hidden />} onClick={() => setEditing({})}>
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
                      <Button size="xs" variant="subtle" onClick={() => setEditing({ document: d })}>
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
      <Popup
        opened={editing !== null}
        onClose={close}
        title={editing?.document ? 'Editar documento' : 'Novo documento'}
      >
        {editing && <DocumentDialog modality={modality} item={editing.document} onClose={close} />}
      </Popup>
    </Card>
  );
};
