import {
  changePolicyHolderRequestDocumentName,
  createPolicyHolderRequestDocument,
  DocumentStatus,
  deletePolicyHolderRequestDocument,
  type PolicyHolderDetail,
  type RequestDocumentView,
  restorePolicyHolderRequestDocument,
  sendPolicyHolderRequestToAnalysis,
  type UploadedFile,
  uploadPolicyHolderRequestDocument,
  uploadPolicyHolderRequestLimitsDocument,
} from '@aval/contracts';
import {
  ActionIcon,
  Button,
  Checkbox,
  Group,
  Modal,
  Select,
  Stack,
  Table,
  Text,
  TextInput,
} from '@mantine/core';
import { IconPencil, IconPlus, IconRestore, IconSend, IconTrash, IconUpload } from '@tabler/icons-react';
import { useState } from 'react';
import { useUserInfo } from '../../../app/session/use-user-info.js';
import { permissionsOf } from '../../../app/session/user-info.js';
import { useContractCall, useContractMutation } from '../../../shared/api/use-contract-mutation.js';
import { openConfirm } from '../../../shared/ui/confirm-dialog.js';
import { FileDownloadLink } from '../../../shared/ui/file-download-link.js';
import { EmptyState } from '../../../shared/ui/states.js';
import { type Tone, ToneBadge } from '../../../shared/ui/tone-badge.js';
import { UploadField } from '../../../shared/ui/upload-field.js';
import { policyHolderWrites } from '../api/policy-holders-api.js';

const statusTone: Record<number, Tone> = {
  [DocumentStatus.CONFORME]: 'success',
  [DocumentStatus.PENDENTE]: 'warning',
  [DocumentStatus.AGUARDANDO_ANALISE]: 'info',
  [DocumentStatus.REPROVADO]: 'danger',
};

export const StatusBadge = ({ doc }: { doc: RequestDocumentView }) => (
  <ToneBadge tone={statusTone[doc.StatusId] ?? 'neutral'} data-status={doc.StatusId}>
    {doc.StatusName}
  </ToneBadge>
);

type Kind = 'registration' | 'limit';

const UploadDialog = ({
  holder,
  doc,
  kind,
  onClose,
}: {
  holder: PolicyHolderDetail;
  doc: RequestDocumentView;
  kind: Kind;
  onClose: () => void;
}) => {
  const [files, setFiles] = useState<UploadedFile[]>([]);
  const attach = useContractMutation(
    (kind === 'limit'
      ? uploadPolicyHolderRequestLimitsDocument
      : uploadPolicyHolderRequestDocument) as typeof uploadPolicyHolderRequestDocument,
    { ...policyHolderWrites, success: 'Arquivos anexados.' },
  );
  return (
    <Stack>
      <Text size="sm">
        Documento: <strong>{doc.Name}</strong>
      </Text>
      <UploadField label="Arquivos do documento" maxFiles={10} onChange={setFiles} />
      <Group justify="flex-end">
        <Button variant="default" onClick={onClose}>
          Cancelar
        </Button>
        <Button
          disabled={files.length === 0}
          loading={attach.isPending}
          onClick={() =>
            attach.mutate(
              {
                body: {
                  PolicyHolderUniqueId: holder.UniqueId,
                  RequestDocumentUniqueId: doc.UniqueId,
                  ArchiveUniqueIds: files.map((f) => f.uniqueIdentifier),
                },
              },
              { onSuccess: onClose },
            )
          }
        >
          Anexar ao documento
        </Button>
      </Group>
    </Stack>
  );
};

const NameDialog = ({
  holder,
  doc,
  kind,
  onClose,
}: {
  holder: PolicyHolderDetail;
  doc?: RequestDocumentView;
  kind: Kind;
  onClose: () => void;
}) => {
  const [name, setName] = useState(doc?.Name ?? '');
  const [typeId, setTypeId] = useState<string>(kind === 'limit' ? '8' : '6');
  const [required, setRequired] = useState(false);
  const create = useContractMutation(createPolicyHolderRequestDocument, {
    ...policyHolderWrites,
    success: 'Documento solicitado.',
  });
  const rename = useContractMutation(changePolicyHolderRequestDocumentName, {
    ...policyHolderWrites,
    success: 'Documento renomeado.',
  });
  const error = name.trim().length < 3 ? 'O nome do documento deve ter ao menos 3 caracteres.' : undefined;
  const save = () =>
    doc
      ? rename.mutate(
          {
            body: {
              PolicyHolderUniqueId: holder.UniqueId,
              RequestDocumentUniqueId: doc.UniqueId,
              Name: name.trim(),
            },
          },
          { onSuccess: onClose },
        )
      : create.mutate(
          {
            body: {
              PolicyHolderUniqueId: holder.UniqueId,
              Name: name.trim(),
              RequestDocumentTypeId: Number(typeId),
              IsRequired: required,
            },
          },
          { onSuccess: onClose },
        );
  return (
    <Stack>
      <TextInput
        label="Nome do documento"
        value={name}
        maxLength={50}
        error={name ? error : undefined}
        data-autofocus
        onChange={(e) => setName(e.currentTarget.value)}
      />
      {!doc && kind === 'registration' && (
        <Select
          label="Tipo"
          data={[
            { value: '6', label: 'Tomador' },
            { value: '1', label: 'CCG' },
          ]}
          value={typeId}
          onChange={(v) => setTypeId(v ?? '6')}
          allowDeselect={false}
        />
      )}
      {!doc && (
        <Checkbox
          label="Obrigatório"
          checked={required}
          onChange={(e) => setRequired(e.currentTarget.checked)}
        />
      )}
      <Group justify="flex-end">
        <Button variant="default" onClick={onClose}>
          Cancelar
        </Button>
        <Button disabled={Boolean(error)} loading={create.isPending || rename.isPending} onClick={save}>
          {doc ? 'Salvar' : 'Solicitar documento'}
        </Button>
      </Group>
    </Stack>
  );
};

/**
 * Request documents of the policy holder (the core mechanism): status, files, upload with
 * progress, send to analysis, rename, remove and restore (permissions 44-47 and 13/29).
 */
export const RequestDocuments = ({
  holder,
  documents,
  deleted,
  kind,
}: {
  holder: PolicyHolderDetail;
  documents: RequestDocumentView[];
  deleted: RequestDocumentView[];
  kind: Kind;
}) => {
  const held = permissionsOf(useUserInfo());
  const run = useContractCall(policyHolderWrites);
  const [uploading, setUploading] = useState<RequestDocumentView | null>(null);
  const [naming, setNaming] = useState<{ doc?: RequestDocumentView } | null>(null);
  const canUpload = held.has(44) || held.has(5);
  const canEdit = holder.Permissions.CanEdit && (held.has(45) || held.has(5));
  const canRemove = holder.Permissions.CanEdit && held.has(46);
  const canRestore = holder.Permissions.CanEdit && held.has(47);
  const sendable = documents.filter(
    (d) =>
      (d.StatusId === DocumentStatus.PENDENTE || d.StatusId === DocumentStatus.REPROVADO) &&
      d.Archives.length > 0,
  );
  return (
    <Stack>
      <Group justify="flex-end">
        {canEdit && (
          <Button
            variant="default"
            leftSection={<IconPlus size={16} aria-hidden />}
            onClick={() => setNaming({})}
          >
            Solicitar documento
          </Button>
        )}
        {canUpload && (
          <Button
            leftSection={<IconSend size={16} aria-hidden />}
            disabled={sendable.length === 0}
            onClick={() =>
              openConfirm({
                title: 'Enviar para análise',
                message: `Enviar ${sendable.length} documento(s) com arquivos para a análise da seguradora?`,
                confirmLabel: 'Enviar',
                onConfirm: () =>
                  run(
                    sendPolicyHolderRequestToAnalysis,
                    {
                      body: {
                        PolicyHolderUniqueId: holder.UniqueId,
                        RequestDocumentUniqueIds: sendable.map((d) => d.UniqueId),
                      },
                    },
                    'Documentos enviados para análise.',
                  ),
              })
            }
          >
            Enviar para análise
          </Button>
        )}
      </Group>
      {documents.length === 0 ? (
        <EmptyState title="Nenhum documento solicitado" />
      ) : (
        <Table.ScrollContainer minWidth={760}>
          <Table striped verticalSpacing="sm">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Documento</Table.Th>
                <Table.Th>Situação</Table.Th>
                <Table.Th>Arquivos</Table.Th>
                <Table.Th />
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {documents.map((d) => (
                <Table.Tr key={d.UniqueId}>
                  <Table.Td>
                    <Text size="sm" fw={600}>
                      {d.Name}
                    </Text>
                    <Text size="xs" c="gray.7">
                      {d.RequestDocumentTypeName}
                      {d.IsRequired ? ' · obrigatório' : ''}
                      {d.ReviewNote ? ` · motivo: ${d.ReviewNote}` : ''}
                    </Text>
                  </Table.Td>
                  <Table.Td>
                    <StatusBadge doc={d} />
                  </Table.Td>
                  <Table.Td>
                    {d.Archives.length === 0 ? (
                      <Text size="sm" c="gray.7">
                        Nenhum arquivo
                      </Text>
                    ) : (
                      <Stack gap={2}>
                        {d.Archives.map((a) => (
                          <FileDownloadLink
                            key={a.ArchiveUniqueId}
                            archiveUniqueId={a.ArchiveUniqueId}
                            fileName={a.Name}
                          />
                        ))}
                      </Stack>
                    )}
                  </Table.Td>
                  <Table.Td>
                    <Group gap={4} justify="flex-end" wrap="nowrap">
                      {canUpload && d.StatusId !== DocumentStatus.AGUARDANDO_ANALISE && (
                        <ActionIcon
                          variant="subtle"
                          aria-label={`Enviar arquivo para ${d.Name}`}
                          onClick={() => setUploading(d)}
                        >
                          <IconUpload size={16} />
                        </ActionIcon>
                      )}
                      {canEdit && (
                        <ActionIcon
                          variant="subtle"
                          aria-label={`Renomear ${d.Name}`}
                          onClick={() => setNaming({ doc: d })}
                        >
                          <IconPencil size={16} />
                        </ActionIcon>
                      )}
                      {canRemove && (
                        <ActionIcon
                          variant="subtle"
                          color="red.8"
                          aria-label={`Remover ${d.Name}`}
                          onClick={() =>
                            openConfirm({
                              title: 'Remover documento',
                              message: `Remover o documento ${d.Name}? Ele poderá ser restaurado.`,
                              danger: true,
                              confirmLabel: 'Remover',
                              onConfirm: () =>
                                run(
                                  deletePolicyHolderRequestDocument,
                                  {
                                    body: {
                                      PolicyHolderUniqueId: holder.UniqueId,
                                      RequestDocumentUniqueId: d.UniqueId,
                                    },
                                  },
                                  'Documento removido.',
                                ),
                            })
                          }
                        >
                          <IconTrash size={16} />
                        </ActionIcon>
                      )}
                    </Group>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      {deleted.length > 0 && (
        <Stack gap="xs">
          <Text fw={600} size="sm">
            Documentos removidos
          </Text>
          {deleted.map((d) => (
            <Group key={d.UniqueId} justify="space-between">
              <Text size="sm">{d.Name}</Text>
              {canRestore && (
                <Button
                  size="xs"
                  variant="subtle"
                  leftSection={<IconRestore size={14} aria-hidden />}
                  onClick={() =>
                    run(
                      restorePolicyHolderRequestDocument,
                      {
                        body: { PolicyHolderUniqueId: holder.UniqueId, RequestDocumentUniqueId: d.UniqueId },
                      },
                      'Documento restaurado.',
                    )
                  }
                >
                  Restaurar
                </Button>
              )}
            </Group>
          ))}
        </Stack>
      )}
      <Modal
        closeButtonProps={{ 'aria-label': 'Fechar' }}
        opened={uploading !== null}
        onClose={() => setUploading(null)}
        title="Enviar arquivos"
        size="lg"
        centered
      >
        {uploading && (
          <UploadDialog holder={holder} doc={uploading} kind={kind} onClose={() => setUploading(null)} />
        )}
      </Modal>
      <Modal
        closeButtonProps={{ 'aria-label': 'Fechar' }}
        opened={naming !== null}
        onClose={() => setNaming(null)}
        title={naming?.doc ? 'Renomear documento' : 'Solicitar documento'}
        centered
      >
        {naming && (
          <NameDialog holder={holder} doc={naming.doc} kind={kind} onClose={() => setNaming(null)} />
        )}
      </Modal>
    </Stack>
  );
};
