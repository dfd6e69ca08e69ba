import { DocumentStatus, formatDateTime, type RequestDocumentView } from '@aval/contracts';
import { Button, Card, Group, SegmentedControl, Stack, Table, Text, VisuallyHidden } from '@mantine/core';
import {
  IconChecklist,
  IconPencil,
  IconPlus,
  IconRestore,
  IconSend,
  IconTrash,
  IconUpload,
} from '@tabler/icons-react';
import { type QueryKey, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useUserInfo } from '../../app/session/use-user-info.js';
import { ApiError } from '../api/client.js';
import { callerOf } from '../api/may-call.js';
import { useAdapterMutation } from '../api/use-contract-mutation.js';
import { openConfirm } from './confirm-dialog.js';
import { InlineAlert } from './inline-alert.js';
import { Popup } from './popup.js';
import {
  allowedDocumentActions,
  type DocumentsUser,
  documentRowActions,
  type RequestDocumentList,
  type RequestDocumentsAdapter,
  sendableDocuments,
} from './request-documents-adapter.js';
import {
  ArchiveLinks,
  messagesOf,
  NameDialog,
  ReviewDialog,
  UploadDialog,
} from './request-documents-dialogs.js';
import { RowAction } from './row-action.js';
import { EmptyState, LoadingState } from './states.js';
import { type Tone, ToneBadge } from './tone-badge.js';

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

type Listed = { documents: RequestDocumentView[]; deleted?: RequestDocumentView[] };

/** A list call's answer: a plain list, or the spec's `{ RequestDocuments, DeletedRequestDocuments }`. */
const listed = (r: RequestDocumentList): Listed =>
  Array.isArray(r) ? { documents: r } : { documents: r.RequestDocuments, deleted: r.DeletedRequestDocuments };

type Dialog = { kind: 'create' } | { kind: 'rename' | 'upload' | 'review'; doc: RequestDocumentView };

const docDialogs = {
  rename: { title: 'Renomear documento', Body: NameDialog },
  upload: { title: 'Enviar arquivos', Body: UploadDialog },
  review: { title: 'Analisar documento', Body: ReviewDialog },
} as const;

type BodyProps = {
  adapter: RequestDocumentsAdapter;
  /** Override of the signed-in user's permissions and type (tests, previews). */
  user?: DocumentsUser;
};

export type RequestDocumentsPanelProps = BodyProps & {
  /** Heading of the card ("Documentos do segurado"). */
  title?: string;
};

/**
 * Request documents of any owner (issue 10, item 3), in a card: status badges, files with download
 * links, current and removed documents, and the actions the adapter provides and the user may perform.
 */
export const RequestDocumentsPanel = ({ title, ...body }: RequestDocumentsPanelProps) => (
  <Card withBorder>
    {title && (
      <Text fw={600} mb="sm">
        {title}
      </Text>
    )}
    <DocumentsBody {...body} />
  </Card>
);

const DocumentsBody = ({ adapter, user: override }: BodyProps) => {
  const info = useUserInfo();
  const user: DocumentsUser = override ?? callerOf(info);
  const can = allowedDocumentActions(adapter, user);
  const own = adapter.kind === 'own';
  const deletedKey: QueryKey = adapter.deletedQueryKey ?? [...adapter.queryKey, 'deleted'];
  const keys = [
    adapter.queryKey,
    ...(adapter.listDeleted ? [deletedKey] : []),
    ...(adapter.invalidate ?? []),
  ];
  const [view, setView] = useState<'active' | 'deleted'>('active');
  const [dialog, setDialog] = useState<Dialog | null>(null);
  const call = useAdapterMutation({ invalidate: keys });
  const list = useQuery({ queryKey: adapter.queryKey, queryFn: adapter.list, select: listed });
  const removedCall = useQuery({
    queryKey: deletedKey,
    queryFn: () => adapter.listDeleted!(),
    enabled: Boolean(adapter.listDeleted) && view === 'deleted',
  });

  const close = () => setDialog(null);
  const common = { adapter, keys, onClose: close };
  const docDialog = dialog && dialog.kind !== 'create' ? dialog : null;
  const DocBody = docDialog ? docDialogs[docDialog.kind].Body : null;

  const confirmed = (run: () => Promise<unknown>, success: string) => () =>
    call.mutateAsync({ run, success });

  if (list.isPending) return <LoadingState label="Carregando documentos…" />;
  if (list.isError)
    return (
      <InlineAlert>
        {adapter.forbiddenMessage && list.error instanceof ApiError && list.error.status === 403
          ? adapter.forbiddenMessage
          : messagesOf(list.error)}
      </InlineAlert>
    );
  const { documents } = list.data;
  const keepsRemoved = Boolean(adapter.listDeleted) || list.data.deleted !== undefined;
  const showing = view === 'deleted' && keepsRemoved ? 'deleted' : 'active';
  const removed = adapter.listDeleted ? removedCall.data : list.data.deleted;
  const rows = showing === 'deleted' ? removed : documents;
  const sendable = sendableDocuments(documents);
  const pendingRequired = documents.filter(
    (d) => d.IsRequired && d.StatusId !== DocumentStatus.CONFORME,
  ).length;

  const remove = (d: RequestDocumentView) =>
    openConfirm({
      title: 'Remover documento',
      message: `Remover o documento “${d.Name}”?${
        adapter.restore
          ? ' Ele vai para Removidos e poderá ser restaurado.'
          : keepsRemoved
            ? ' Ele vai para Removidos.'
            : ''
      }`,
      danger: true,
      confirmLabel: 'Remover',
      onConfirm: confirmed(() => adapter.remove!(d), 'Documento removido.'),
    });
  const restore = (d: RequestDocumentView) =>
    openConfirm({
      title: 'Restaurar documento',
      message: `Restaurar o documento “${d.Name}” para a lista de documentos?`,
      confirmLabel: 'Restaurar',
      onConfirm: confirmed(() => adapter.restore!(d), 'Documento restaurado.'),
    });
  const submit = () =>
    openConfirm({
      title: 'Enviar para análise',
      message: `Enviar ${sendable.length} documento(s) com arquivos para a análise da seguradora?`,
      confirmLabel: 'Enviar',
      onConfirm: confirmed(() => adapter.submit!(sendable), 'Documentos enviados para análise.'),
    });

  const actionsOf = (d: RequestDocumentView) => {
    if (showing === 'deleted')
      return can.has('restore') ? (
        <RowAction
          tip="Restaurar"
          label={`Restaurar ${d.Name}`}
          icon={<IconRestore size={18} aria-hidden />}
          onClick={() => restore(d)}
        />
      ) : null;
    const allowed = documentRowActions(d, can, user);
    return (
      <>
        {allowed.has('upload') && (
          <RowAction
            tip="Enviar arquivos"
            label={`Enviar arquivos para ${d.Name}`}
            icon={<IconUpload size={18} aria-hidden />}
            onClick={() => setDialog({ kind: 'upload', doc: d })}
          />
        )}
        {allowed.has('review') && (
          <RowAction
            tip="Analisar"
            label={`Analisar ${d.Name}`}
            icon={<IconChecklist size={18} aria-hidden />}
            onClick={() => setDialog({ kind: 'review', doc: d })}
          />
        )}
        {allowed.has('rename') && (
          <RowAction
            tip="Renomear"
            label={`Renomear ${d.Name}`}
            color="gray.8"
            icon={<IconPencil size={18} aria-hidden />}
            onClick={() => setDialog({ kind: 'rename', doc: d })}
          />
        )}
        {allowed.has('remove') && (
          <RowAction
            tip="Remover"
            label={`Remover ${d.Name}`}
            color="red.9"
            icon={<IconTrash size={18} aria-hidden />}
            onClick={() => remove(d)}
          />
        )}
      </>
    );
  };

  return (
    <Stack gap="sm" data-testid="request-documents">
      <Group justify="space-between" wrap="wrap" gap="sm">
        <Group gap="md" wrap="wrap">
          {keepsRemoved && (
            <SegmentedControl
              value={showing}
              onChange={(v) => setView(v as 'active' | 'deleted')}
              data={[
                { value: 'active', label: 'Ativos' },
                { value: 'deleted', label: 'Removidos' },
              ]}
              aria-label="Documentos ativos ou removidos"
            />
          )}
          {showing === 'active' && (
            <Text size="sm" c="gray.7" data-testid="documents-summary">
              {documents.length === 1 ? '1 documento' : `${documents.length} documentos`}
              {pendingRequired > 0 ? ` · ${pendingRequired} obrigatório(s) sem aprovação` : ''}
            </Text>
          )}
        </Group>
        {showing === 'active' && (
          <Group gap="xs">
            {can.has('create') && (
              <Button
                variant={own ? 'filled' : 'default'}
                leftSection={<IconPlus size={16} aria-hidden />}
                onClick={() => setDialog({ kind: 'create' })}
              >
                {own ? 'Novo documento' : 'Solicitar documento'}
              </Button>
            )}
            {can.has('submit') && (
              <Button
                leftSection={<IconSend size={16} aria-hidden />}
                disabled={sendable.length === 0}
                onClick={submit}
              >
                Enviar para análise{sendable.length ? ` (${sendable.length})` : ''}
              </Button>
            )}
          </Group>
        )}
      </Group>
      {rows === undefined ? (
        removedCall.isError ? (
          <InlineAlert>{messagesOf(removedCall.error)}</InlineAlert>
        ) : (
          <LoadingState label="Carregando documentos removidos…" />
        )
      ) : rows.length === 0 ? (
        <EmptyState
          title={
            showing === 'deleted'
              ? 'Nenhum documento removido'
              : own
                ? 'Nenhum documento cadastrado'
                : 'Nenhum documento solicitado'
          }
          description={
            showing === 'active' && own && can.has('create')
              ? 'Crie um documento e envie os arquivos da seguradora.'
              : undefined
          }
        />
      ) : (
        <Table.ScrollContainer minWidth={720}>
          <Table striped verticalSpacing="sm" data-view={showing}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Documento</Table.Th>
                <Table.Th w={210}>Situação</Table.Th>
                <Table.Th>Arquivos</Table.Th>
                <Table.Th visibleFrom="md">Atualizado em</Table.Th>
                <Table.Th>
                  <VisuallyHidden>Ações</VisuallyHidden>
                </Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.map((d) => (
                <Table.Tr key={d.UniqueId} data-testid="request-document">
                  <Table.Td>
                    <Text size="sm" fw={600}>
                      {d.Name}
                    </Text>
                    <Text size="xs" c="gray.7">
                      {d.RequestDocumentTypeName}
                      {d.IsRequired ? ' · Obrigatório' : ''}
                      {d.CreatedByInsurer && !own ? ' · solicitado pela seguradora' : ''}
                    </Text>
                    {d.ReviewNote && d.StatusId === DocumentStatus.REPROVADO && (
                      <Text size="xs" c="red.8">
                        Motivo: {d.ReviewNote}
                      </Text>
                    )}
                  </Table.Td>
                  <Table.Td style={{ whiteSpace: 'nowrap' }}>
                    <DocumentStatusBadge doc={d} />
                  </Table.Td>
                  <Table.Td>
                    <ArchiveLinks doc={d} />
                  </Table.Td>
                  <Table.Td visibleFrom="md">
                    <Text size="sm">{formatDateTime(d.UpdatedAt)}</Text>
                  </Table.Td>
                  <Table.Td>
                    <Group gap={4} justify="flex-end" wrap="nowrap">
                      {actionsOf(d)}
                    </Group>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      {showing === 'active' && can.has('submit') && (
        <Text size="xs" c="gray.7">
          Depois de anexar os arquivos, use “Enviar para análise”: a seguradora analisa cada documento.
        </Text>
      )}
      <Popup
        closeButtonProps={{ 'aria-label': 'Fechar janela' }}
        opened={dialog !== null}
        onClose={close}
        title={
          docDialog
            ? docDialogs[docDialog.kind].title
            : dialog
              ? own
                ? 'Novo documento'
                : 'Solicitar documento'
              : ''
        }
        size={dialog?.kind === 'upload' ? 'lg' : undefined}
      >
        {dialog?.kind === 'create' && <NameDialog {...common} />}
        {docDialog && DocBody && <DocBody key={docDialog.doc.UniqueId} {...common} doc={docDialog.doc} />}
      </Popup>
    </Stack>
  );
};
