import {
  createBrokerRequestDocumentByInsurer,
  createRequestDocumentBody,
  DocumentStatus,
  deleteBrokerRequestDocument,
  formatDateTime,
  Permission,
  type RequestDocumentView,
  requestDocumentTypeLabels,
  submitBrokerDocumentToReview,
  type UploadedFile,
  uploadBrokerRequestDocumentArchive,
  uploadBrokerRequestDocumentArchiveByInsurer,
} from '@aval/contracts';
import {
  Alert,
  Button,
  Card,
  Checkbox,
  Group,
  SegmentedControl,
  Select,
  Stack,
  Table,
  Text,
  TextInput,
} from '@mantine/core';
import { IconAlertCircle, IconFilePlus, IconSend, IconTrash, IconUpload } from '@tabler/icons-react';
import { type FormEvent, useState } from 'react';
import { useUserInfo } from '../../../app/session/use-user-info.js';
import { hasAnyPermission } from '../../../app/session/user-info.js';
import { useContractMutation } from '../../../shared/api/use-contract-mutation.js';
import { openConfirm } from '../../../shared/ui/confirm-dialog.js';
import { FileDownloadLink } from '../../../shared/ui/file-download-link.js';
import { Popup } from '../../../shared/ui/popup.js';
import { EmptyState, LoadingState } from '../../../shared/ui/states.js';
import { UploadField } from '../../../shared/ui/upload-field.js';
import { DocumentStatusBadge } from '../../documents/index.js';
import { brokersWrites, useBrokerDocuments } from '../api/brokers-api.js';

const P = Permission;

const ErrorAlert = ({ error }: { error: Error | null }) =>
  error ? (
    <Alert color="red" variant="light" icon={<IconAlertCircle size={20} aria-hidden />} role="alert">
      <Text size="sm" c="black" style={{ whiteSpace: 'pre-line' }}>
        {(error as { messages?: string[] }).messages?.join('\n') ?? error.message}
      </Text>
    </Alert>
  ) : null;

const UploadPopup = ({
  doc,
  brokerId,
  asInsurer,
  onClose,
}: {
  doc: RequestDocumentView;
  brokerId: number;
  asInsurer: boolean;
  onClose: () => void;
}) => {
  const [files, setFiles] = useState<UploadedFile[]>([]);
  const own = useContractMutation(uploadBrokerRequestDocumentArchive, {
    ...brokersWrites,
    success: 'Arquivo anexado ao documento.',
  });
  const insurer = useContractMutation(uploadBrokerRequestDocumentArchiveByInsurer, {
    ...brokersWrites,
    success: 'Arquivo anexado ao documento.',
  });
  const mutation = asInsurer ? insurer : own;
  const save = () => {
    const body = {
      RequestDocumentUniqueId: doc.UniqueId,
      ArchiveUniqueIds: files.map((f) => f.uniqueIdentifier),
    };
    if (asInsurer) insurer.mutate({ body: { ...body, BrokerId: brokerId } }, { onSuccess: onClose });
    else own.mutate({ body }, { onSuccess: onClose });
  };
  return (
    <Stack>
      <Text size="sm">
        Documento: <strong>{doc.Name}</strong>
      </Text>
      <ErrorAlert error={mutation.error} />
      <UploadField label="Arquivos do documento" maxFiles={5} onChange={setFiles} />
      <Group justify="flex-end">
        <Button variant="default" onClick={onClose}>
          Cancelar
        </Button>
        <Button disabled={files.length === 0} loading={mutation.isPending} onClick={save}>
          Anexar
        </Button>
      </Group>
    </Stack>
  );
};

const typeOptions = Object.entries(requestDocumentTypeLabels).map(([value, label]) => ({ value, label }));

const CreatePopup = ({ brokerId, onClose }: { brokerId: number; onClose: () => void }) => {
  const [name, setName] = useState('');
  const [type, setType] = useState<string | null>('5');
  const [required, setRequired] = useState(true);
  const [error, setError] = useState<string>();
  const create = useContractMutation(createBrokerRequestDocumentByInsurer, {
    ...brokersWrites,
    success: 'Documento solicitado à corretora.',
  });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const parsed = createRequestDocumentBody.shape.Name.safeParse(name);
    setError(parsed.success ? undefined : parsed.error.issues[0]?.message);
    if (!parsed.success || !type) return;
    create.mutate(
      {
        body: {
          BrokerId: brokerId,
          Name: name.trim(),
          RequestDocumentTypeId: Number(type),
          IsRequired: required,
        },
      },
      { onSuccess: onClose },
    );
  };
  return (
    <form onSubmit={submit} noValidate aria-label="Solicitar documento">
      <Stack>
        <ErrorAlert error={create.error} />
        <TextInput
          label="Nome do documento"
          required
          maxLength={50}
          value={name}
          error={error}
          data-autofocus
          onChange={(e) => setName(e.currentTarget.value)}
        />
        <Select label="Tipo" data={typeOptions} value={type} onChange={setType} allowDeselect={false} />
        <Checkbox
          label="Obrigatório"
          checked={required}
          onChange={(e) => setRequired(e.currentTarget.checked)}
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Cancelar
          </Button>
          <Button type="submit" loading={create.isPending}>
            Solicitar
          </Button>
        </Group>
      </Stack>
    </form>
  );
};

/** Documents requested from the brokerage: upload, submit to review, insurer requests and removal. */
export const BrokerDocumentsTab = ({ brokerId, own }: { brokerId: number; own: boolean }) => {
  const user = useUserInfo();
  const [view, setView] = useState<'active' | 'deleted'>('active');
  const docs = useBrokerDocuments(brokerId, own, view === 'deleted');
  const [uploading, setUploading] = useState<RequestDocumentView | null>(null);
  const [creating, setCreating] = useState(false);
  const submit = useContractMutation(submitBrokerDocumentToReview, {
    ...brokersWrites,
    success: 'Documentos enviados para análise.',
  });
  const remove = useContractMutation(deleteBrokerRequestDocument, {
    ...brokersWrites,
    success: 'Documento excluído.',
  });
  const isInsurer = user?.UserTypeId === 1;
  const canUpload = own
    ? hasAnyPermission(user, [P.GERENCIAR_CORRETORA, P.UPLOAD_DOCUMENTOS]) &&
      hasAnyPermission(user, [P.UPLOAD_DOCUMENTOS, P.GERENCIAR_DOCUMENTOS])
    : isInsurer && hasAnyPermission(user, [P.GERENCIAR_CORRETORES]);
  const canRequest = isInsurer && hasAnyPermission(user, [P.GERENCIAR_CORRETORES]);
  const canDelete = canRequest && hasAnyPermission(user, [P.REMOVER_DOCUMENTOS]);
  const ready = (docs.data ?? []).filter(
    (d) =>
      (d.StatusId === DocumentStatus.PENDENTE || d.StatusId === DocumentStatus.REPROVADO) &&
      d.Archives.length > 0,
  );

  return (
    <Stack>
      <Group justify="space-between" wrap="wrap">
        <SegmentedControl
          value={view}
          onChange={(v) => setView(v as 'active' | 'deleted')}
          data={[
            { value: 'active', label: 'Documentos' },
            { value: 'deleted', label: 'Excluídos' },
          ]}
          aria-label="Documentos ativos ou excluídos"
        />
        <Group gap="xs">
          {own && canUpload && view === 'active' && (
            <Button
              leftSection={<IconSend size={16} aria-hidden />}
              disabled={ready.length === 0}
              loading={submit.isPending}
              onClick={() => submit.mutate({ body: {} })}
            >
              Enviar para análise{ready.length ? ` (${ready.length})` : ''}
            </Button>
          )}
          {canRequest && view === 'active' && (
            <Button
              variant="light"
              leftSection={<IconFilePlus size={16} aria-hidden />}
              onClick={() => setCreating(true)}
            >
              Solicitar documento
            </Button>
          )}
        </Group>
      </Group>
      <ErrorAlert error={submit.error} />
      {docs.isPending ? (
        <LoadingState />
      ) : !docs.data?.length ? (
        <EmptyState
          title={view === 'deleted' ? 'Nenhum documento excluído' : 'Nenhum documento solicitado'}
        />
      ) : (
        <Card withBorder p={0}>
          <Table.ScrollContainer minWidth={720}>
            <Table striped verticalSpacing="sm">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th w="30%">Documento</Table.Th>
                  <Table.Th w={190}>Situação</Table.Th>
                  <Table.Th>Arquivos</Table.Th>
                  <Table.Th w={120}>Atualizado em</Table.Th>
                  {view === 'active' && <Table.Th aria-label="Ações" />}
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {docs.data.map((d) => (
                  <Table.Tr key={d.UniqueId} data-testid="broker-document">
                    <Table.Td>
                      <Text size="sm" fw={500}>
                        {d.Name}
                        {d.IsRequired ? ' *' : ''}
                      </Text>
                      <Text size="xs" c="gray.7">
                        {d.RequestDocumentTypeName}
                        {d.CreatedByInsurer ? ' · solicitado pela seguradora' : ''}
                      </Text>
                      {d.ReviewNote && d.StatusId === DocumentStatus.REPROVADO && (
                        <Text size="xs" c="red.8">
                          Motivo: {d.ReviewNote}
                        </Text>
                      )}
                    </Table.Td>
                    <Table.Td style={{ whiteSpace: 'nowrap' }}>
                      <DocumentStatusBadge statusId={d.StatusId} name={d.StatusName} />
                    </Table.Td>
                    <Table.Td>
                      <Stack gap={2} align="flex-start">
                        {d.Archives.length === 0 && (
                          <Text size="sm" c="gray.7">
                            Nenhum arquivo
                          </Text>
                        )}
                        {d.Archives.map((a) => (
                          <FileDownloadLink
                            key={a.ArchiveUniqueId}
                            archiveUniqueId={a.ArchiveUniqueId}
                            fileName={a.Name}
                          />
                        ))}
                      </Stack>
                    </Table.Td>
                    <Table.Td>
                      <Text size="sm">{formatDateTime(d.UpdatedAt)}</Text>
                    </Table.Td>
                    {view === 'active' && (
                      <Table.Td>
                        <Group gap="xs" justify="flex-end" wrap="nowrap">
                          {canUpload &&
                            d.StatusId !== DocumentStatus.AGUARDANDO_ANALISE &&
                            d.StatusId !== DocumentStatus.CONFORME && (
                              <Button
                                size="xs"
                                variant="light"
                                leftSection={<IconUpload size={14} aria-hidden />}
                                onClick={() => setUploading(d)}
                              >
                                Enviar arquivo
                              </Button>
                            )}
                          {canDelete && (
                            <Button
                              size="xs"
                              variant="subtle"
                              color="red"
                              c="red.9"
                              leftSection={<IconTrash size={14} aria-hidden />}
                              onClick={() =>
                                openConfirm({
                                  title: 'Excluir documento',
                                  message: `Excluir o documento "${d.Name}"? Ele fica na lista de excluídos.`,
                                  danger: true,
                                  confirmLabel: 'Excluir',
                                  onConfirm: () =>
                                    remove.mutateAsync({
                                      body: { RequestDocumentUniqueId: d.UniqueId, BrokerId: brokerId },
                                    }),
                                })
                              }
                            >
                              Excluir
                            </Button>
                          )}
                        </Group>
                      </Table.Td>
                    )}
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        </Card>
      )}
      <Text size="xs" c="gray.7">
        * Documento obrigatório. Depois de anexar os arquivos, use "Enviar para análise".
      </Text>
      <Popup opened={uploading !== null} onClose={() => setUploading(null)} title="Enviar arquivo" size="lg">
        {uploading && (
          <UploadPopup
            doc={uploading}
            brokerId={brokerId}
            asInsurer={!own}
            onClose={() => setUploading(null)}
          />
        )}
      </Popup>
      <Popup opened={creating} onClose={() => setCreating(false)} title="Solicitar documento à corretora">
        {creating && <CreatePopup brokerId={brokerId} onClose={() => setCreating(false)} />}
      </Popup>
    </Stack>
  );
};
