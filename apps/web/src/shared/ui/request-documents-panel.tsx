import {
  DocumentStatus,
  Permission,
  type RequestDocumentView,
  requestDocumentTypeLabels,
  type UploadedFile,
} from '@aval/contracts';
import {
  ActionIcon,
  Button,
  Checkbox,
  Group,
  Select,
  Stack,
  Table,
  Text,
  TextInput,
  Tooltip,
  VisuallyHidden,
} from '@mantine/core';
import { IconPencil, IconPlus, IconRestore, IconSend, IconTrash, IconUpload } from '@tabler/icons-react';
import { type QueryKey, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { useUserInfo } from '../../app/session/use-user-info.js';
import { permissionsOf } from '../../app/session/user-info.js';
import { openConfirm } from './confirm-dialog.js';
import { FileDownloadLink } from './file-download-link.js';
import { InlineAlert } from './inline-alert.js';
import { notifySuccess } from './notify.js';
import { Popup } from './popup.js';
import { EmptyState, LoadingState } from './states.js';
import { type Tone, ToneBadge } from './tone-badge.js';
import { UploadField } from './upload-field.js';

/** The documents of an owner: current ones and, when the owner keeps them, removed ones. */
export type RequestDocumentList = { documents: RequestDocumentView[]; deleted?: RequestDocumentView[] };

export type NewRequestDocument = { Name: string; RequestDocumentTypeId: number; IsRequired: boolean };

/**
 * How one owner (insured, policy holder, broker, proposal...) reads and changes its request
 * documents. Only `list` is required; an action without its call is not offered.
 */
export type RequestDocumentsAdapter = {
  list: () => Promise<RequestDocumentList | RequestDocumentView[]>;
  create?: (input: NewRequestDocument) => Promise<unknown>;
  rename?: (doc: RequestDocumentView, name: string) => Promise<unknown>;
  upload?: (doc: RequestDocumentView, archiveUniqueIds: string[]) => Promise<unknown>;
  remove?: (doc: RequestDocumentView) => Promise<unknown>;
  restore?: (doc: RequestDocumentView) => Promise<unknown>;
  submit?: (docs: RequestDocumentView[]) => Promise<unknown>;
};

export type RequestDocumentAction = 'create' | 'rename' | 'upload' | 'remove' | 'restore' | 'submit';

const P = Permission;
/** Spec §6: upload 44, edit 45, remove 46, restore 47; 'Gerenciar documentos' (5) creates and uploads too. */
const actionPermissions: Record<RequestDocumentAction, readonly number[]> = {
  create: [P.EDITAR_DOCUMENTOS, P.GERENCIAR_DOCUMENTOS],
  rename: [P.EDITAR_DOCUMENTOS, P.GERENCIAR_DOCUMENTOS],
  upload: [P.UPLOAD_DOCUMENTOS, P.GERENCIAR_DOCUMENTOS],
  submit: [P.UPLOAD_DOCUMENTOS, P.GERENCIAR_DOCUMENTOS],
  remove: [P.REMOVER_DOCUMENTOS],
  restore: [P.RESTAURAR_DOCUMENTOS],
};

/** The actions offered: the adapter has the call and the user holds one of its permissions. */
export const allowedDocumentActions = (
  adapter: RequestDocumentsAdapter,
  held: ReadonlySet<number>,
  readOnly = false,
): Set<RequestDocumentAction> =>
  new Set(
    (Object.keys(actionPermissions) as RequestDocumentAction[]).filter(
      (a) => !readOnly && adapter[a] !== undefined && actionPermissions[a].some((p) => held.has(p)),
    ),
  );

const statusTone: Record<number, Tone> = {
  [DocumentStatus.CONFORME]: 'success',
  [DocumentStatus.PENDENTE]: 'warning',
  [DocumentStatus.AGUARDANDO_ANALISE]: 'info',
  [DocumentStatus.REPROVADO]: 'danger',
};

/** Status of a request document in an accessible tone (Conforme, Pendente, Aguardando Análise, Reprovado). */
export const DocumentStatusBadge = ({
  doc,
}: {
  doc: Pick<RequestDocumentView, 'StatusId' | 'StatusName'>;
}) => (
  <ToneBadge tone={statusTone[doc.StatusId] ?? 'neutral'} data-status={doc.StatusId}>
    {doc.StatusName}
  </ToneBadge>
);

/** Documents with files that can go to the insurer's analysis (pending or rejected). */
export const sendableDocuments = (docs: RequestDocumentView[]) =>
  docs.filter(
    (d) =>
      (d.StatusId === DocumentStatus.PENDENTE || d.StatusId === DocumentStatus.REPROVADO) &&
      d.Archives.length > 0,
  );

const normalise = (r: RequestDocumentList | RequestDocumentView[]): RequestDocumentList =>
  Array.isArray(r) ? { documents: r } : r;

const messagesOf = (e: unknown): string =>
  (e as { messages?: string[] } | null)?.messages?.join('\n') ||
  (e instanceof Error ? e.message : 'Não foi possível concluir a operação.');

export type RequestDocumentsPanelProps = {
  adapter: RequestDocumentsAdapter;
  /** Query key of the owner's documents (from the owner's key factory). */
  queryKey: QueryKey;
  /** Other keys refreshed after a change (e.g. the owner's root key). */
  invalidateKeys?: QueryKey[];
  /** Request document types (1-8) offered when creating: the first is the default; one type: no select. */
  documentTypes: number[];
  /** The owner may not be changed by this user (e.g. a blocked record); only downloads remain. */
  readOnly?: boolean;
  /** Override of the signed-in user's permissions (tests, previews). */
  permissions?: ReadonlySet<number>;
};

/** Runs a call of the adapter, notifies and refreshes the owner's documents. */
const useDocumentCall = (keys: QueryKey[]) => {
  const client = useQueryClient();
  return useMutation<unknown, Error, { run: () => Promise<unknown>; success: string }>({
    mutationFn: ({ run }) => run(),
    onSuccess: async (_r, { success }) => {
      notifySuccess(success);
      await Promise.all(keys.map((queryKey) => client.invalidateQueries({ queryKey })));
    },
  });
};

type Keys = { keys: QueryKey[] };

const NameDialog = ({
  adapter,
  doc,
  types,
  keys,
  onClose,
}: Keys & {
  adapter: RequestDocumentsAdapter;
  doc?: RequestDocumentView;
  types: number[];
  onClose: () => void;
}) => {
  const [name, setName] = useState(doc?.Name ?? '');
  const [typeId, setTypeId] = useState(String(types[0]));
  const [required, setRequired] = useState(false);
  const call = useDocumentCall(keys);
  const trimmed = name.trim();
  const problem =
    trimmed.length < 3
      ? 'O nome do documento deve ter ao menos 3 caracteres.'
      : trimmed.length > 50
        ? 'O nome do documento deve ter no máximo 50 caracteres.'
        : undefined;
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (problem) return;
    call.mutate(
      doc
        ? { run: () => adapter.rename!(doc, trimmed), success: 'Documento renomeado.' }
        : {
            run: () =>
              adapter.create!({ Name: trimmed, RequestDocumentTypeId: Number(typeId), IsRequired: required }),
            success: 'Documento solicitado.',
          },
      { onSuccess: onClose },
    );
  };
  return (
    <form noValidate onSubmit={submit}>
      <Stack>
        <TextInput
          label="Nome do documento"
          required
          value={name}
          maxLength={50}
          error={name && problem ? problem : undefined}
          data-autofocus
          onChange={(e) => setName(e.currentTarget.value)}
        />
        {!doc && types.length > 1 && (
          <Select
            label="Tipo"
            data={types.map((t) => ({
              value: String(t),
              label: requestDocumentTypeLabels[t as keyof typeof requestDocumentTypeLabels] ?? String(t),
            }))}
            value={typeId}
            onChange={(v) => setTypeId(v ?? String(types[0]))}
            allowDeselect={false}
          />
        )}
        {!doc && (
          <Checkbox
            label="Documento obrigatório"
            checked={required}
            onChange={(e) => setRequired(e.currentTarget.checked)}
          />
        )}
        {call.error && <InlineAlert>{messagesOf(call.error)}</InlineAlert>}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Cancelar
          </Button>
          <Button type="submit" disabled={Boolean(problem)} loading={call.isPending}>
            {doc ? 'Salvar nome' : 'Solicitar documento'}
          </Button>
        </Group>
      </Stack>
    </form>
  );
};

const UploadDialog = ({
  adapter,
  doc,
  keys,
  onClose,
}: Keys & { adapter: RequestDocumentsAdapter; doc: RequestDocumentView; onClose: () => void }) => {
  const [files, setFiles] = useState<UploadedFile[]>([]);
  const call = useDocumentCall(keys);
  return (
    <Stack>
      <Text size="sm">
        Documento: <strong>{doc.Name}</strong>
      </Text>
      <UploadField label="Arquivos do documento" maxFiles={10} onChange={setFiles} />
      {call.error && <InlineAlert>{messagesOf(call.error)}</InlineAlert>}
      <Group justify="flex-end">
        <Button variant="default" onClick={onClose}>
          Cancelar
        </Button>
        <Button
          disabled={files.length === 0}
          loading={call.isPending}
          onClick={() =>
            call.mutate(
              {
                run: () =>
                  adapter.upload!(
                    doc,
                    files.map((f) => f.uniqueIdentifier),
                  ),
                success: 'Arquivos anexados ao documento.',
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

const Archives = ({ doc }: { doc: RequestDocumentView }) =>
  doc.Archives.length === 0 ? (
    <Text size="sm" c="gray.7">
      Nenhum arquivo
    </Text>
  ) : (
    <Stack gap={2}>
      {doc.Archives.map((a) => (
        <FileDownloadLink key={a.ArchiveUniqueId} archiveUniqueId={a.ArchiveUniqueId} fileName={a.Name} />
      ))}
    </Stack>
  );

/**
 * Request documents of any owner (issue 6, item 1): status badges, files with download links
 * and the actions the adapter provides and the user may perform (permissions 44-47).
 */
export const RequestDocumentsPanel = ({
  adapter,
  queryKey,
  invalidateKeys = [],
  documentTypes,
  readOnly,
  permissions,
}: RequestDocumentsPanelProps) => {
  const user = useUserInfo();
  const held = permissions ?? permissionsOf(user);
  const can = allowedDocumentActions(adapter, held, readOnly);
  const keys = [queryKey, ...invalidateKeys];
  const list = useQuery({ queryKey, queryFn: async () => normalise(await adapter.list()) });
  const client = useQueryClient();
  const [naming, setNaming] = useState<{ doc?: RequestDocumentView } | null>(null);
  const [uploading, setUploading] = useState<RequestDocumentView | null>(null);

  const confirmed = (run: () => Promise<unknown>, success: string) => async () => {
    await run();
    notifySuccess(success);
    await Promise.all(keys.map((k) => client.invalidateQueries({ queryKey: k })));
  };

  if (list.isPending) return <LoadingState label="Carregando documentos…" />;
  if (list.isError) return <InlineAlert>{messagesOf(list.error)}</InlineAlert>;
  const { documents, deleted = [] } = list.data;
  const sendable = sendableDocuments(documents);
  const pendingRequired = documents.filter(
    (d) => d.IsRequired && d.StatusId !== DocumentStatus.CONFORME,
  ).length;

  return (
    <Stack data-testid="request-documents">
      <Group justify="space-between" wrap="wrap">
        <Text size="sm" c="gray.7">
          {documents.length === 1 ? '1 documento' : `${documents.length} documentos`}
          {pendingRequired > 0 ? ` · ${pendingRequired} obrigatório(s) pendente(s)` : ''}
        </Text>
        <Group gap="xs">
          {can.has('create') && (
            <Button
              variant="default"
              leftSection={<IconPlus size={16} aria-hidden />}
              onClick={() => setNaming({})}
            >
              Solicitar documento
            </Button>
          )}
          {can.has('submit') && (
            <Button
              leftSection={<IconSend size={16} aria-hidden />}
              disabled={sendable.length === 0}
              onClick={() =>
                openConfirm({
                  title: 'Enviar para análise',
                  message: `Enviar ${sendable.length} documento(s) com arquivos para a análise da seguradora?`,
                  confirmLabel: 'Enviar',
                  onConfirm: confirmed(() => adapter.submit!(sendable), 'Documentos enviados para análise.'),
                })
              }
            >
              Enviar para análise
            </Button>
          )}
        </Group>
      </Group>
      {documents.length === 0 ? (
        <EmptyState title="Nenhum documento solicitado" />
      ) : (
        <Table.ScrollContainer minWidth={720}>
          <Table striped verticalSpacing="sm">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Documento</Table.Th>
                <Table.Th>Situação</Table.Th>
                <Table.Th>Arquivos</Table.Th>
                <Table.Th>
                  <VisuallyHidden>Ações</VisuallyHidden>
                </Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {documents.map((d) => (
                <Table.Tr key={d.UniqueId} data-testid="request-document">
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
                    <DocumentStatusBadge doc={d} />
                  </Table.Td>
                  <Table.Td>
                    <Archives doc={d} />
                  </Table.Td>
                  <Table.Td>
                    <Group gap={4} justify="flex-end" wrap="nowrap">
                      {can.has('upload') && d.StatusId !== DocumentStatus.AGUARDANDO_ANALISE && (
                        <Tooltip label="Enviar arquivos">
                          <ActionIcon
                            variant="subtle"
                            aria-label={`Enviar arquivos para ${d.Name}`}
                            onClick={() => setUploading(d)}
                          >
                            <IconUpload size={16} aria-hidden />
                          </ActionIcon>
                        </Tooltip>
                      )}
                      {can.has('rename') && (
                        <Tooltip label="Renomear">
                          <ActionIcon
                            variant="subtle"
                            aria-label={`Renomear ${d.Name}`}
                            onClick={() => setNaming({ doc: d })}
                          >
                            <IconPencil size={16} aria-hidden />
                          </ActionIcon>
                        </Tooltip>
                      )}
                      {can.has('remove') && (
                        <Tooltip label="Remover">
                          <ActionIcon
                            variant="subtle"
                            color="red.8"
                            aria-label={`Remover ${d.Name}`}
                            onClick={() =>
                              openConfirm({
                                title: 'Remover documento',
                                message: `Remover o documento ${d.Name}?`,
                                danger: true,
                                confirmLabel: 'Remover',
                                onConfirm: confirmed(() => adapter.remove!(d), 'Documento removido.'),
                              })
                            }
                          >
                            <IconTrash size={16} aria-hidden />
                          </ActionIcon>
                        </Tooltip>
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
        <Stack gap="xs" data-testid="deleted-documents">
          <Text fw={600} size="sm">
            Documentos removidos
          </Text>
          {deleted.map((d) => (
            <Group key={d.UniqueId} justify="space-between" wrap="wrap">
              <Group gap="xs">
                <Text size="sm">{d.Name}</Text>
                <Archives doc={d} />
              </Group>
              {can.has('restore') && (
                <Button
                  size="xs"
                  variant="subtle"
                  leftSection={<IconRestore size={14} aria-hidden />}
                  aria-label={`Restaurar ${d.Name}`}
                  onClick={() =>
                    openConfirm({
                      title: 'Restaurar documento',
                      message: `Restaurar o documento ${d.Name}?`,
                      confirmLabel: 'Restaurar',
                      onConfirm: confirmed(() => adapter.restore!(d), 'Documento restaurado.'),
                    })
                  }
                >
                  Restaurar
                </Button>
              )}
            </Group>
          ))}
        </Stack>
      )}
      <Popup
        closeButtonProps={{ 'aria-label': 'Fechar janela' }}
        opened={naming !== null}
        onClose={() => setNaming(null)}
        title={naming?.doc ? 'Renomear documento' : 'Solicitar documento'}
      >
        {naming && (
          <NameDialog
            adapter={adapter}
            doc={naming.doc}
            types={documentTypes}
            keys={keys}
            onClose={() => setNaming(null)}
          />
        )}
      </Popup>
      <Popup
        closeButtonProps={{ 'aria-label': 'Fechar janela' }}
        opened={uploading !== null}
        onClose={() => setUploading(null)}
        title="Enviar arquivos"
        size="lg"
      >
        {uploading && (
          <UploadDialog adapter={adapter} doc={uploading} keys={keys} onClose={() => setUploading(null)} />
        )}
      </Popup>
    </Stack>
  );
};
