import {
  deleteInsurerRequestDocument,
  formatDateTime,
  Permission as P,
  type RequestDocumentView,
  restoreInsurerRequestDocument,
} from '@aval/contracts';
import { ActionIcon, Alert, Box, Button, Group, Stack, Tabs, Text } from '@mantine/core';
import {
  IconAlertCircle,
  IconEdit,
  IconFileUpload,
  IconPlus,
  IconRestore,
  IconTrash,
} from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { DataTable, type DataTableColumn } from 'mantine-datatable';
import 'mantine-datatable/styles.css';
import { useState } from 'react';
import { api } from '../../../app/api.js';
import { useUserInfo } from '../../../app/session/use-user-info.js';
import { hasAnyPermission } from '../../../app/session/user-info.js';
import { ApiError } from '../../../shared/api/client.js';
import { AppTooltip } from '../../../shared/ui/app-tooltip.js';
import { openConfirm } from '../../../shared/ui/confirm-dialog.js';
import { FileDownloadLink } from '../../../shared/ui/file-download-link.js';
import { notifySuccess } from '../../../shared/ui/notify.js';
import { EmptyState } from '../../../shared/ui/states.js';
import { documentsKeys, useInsurerDocuments } from '../api/documents-api.js';
import { DocumentPopup, type DocumentPopupState } from '../components/document-popups.js';
import { DocumentStatusBadge } from '../components/document-status-badge.js';

const fileNameOf = (a: RequestDocumentView['Archives'][number]) => {
  const ext = a.Extension.replace(/^\./, '');
  return !ext || a.Name.toLowerCase().endsWith(`.${ext.toLowerCase()}`) ? a.Name : `${a.Name}.${ext}`;
};

const DocumentsTable = ({
  deleted,
  onOpen,
}: {
  deleted: boolean;
  onOpen: (s: DocumentPopupState) => void;
}) => {
  const me = useUserInfo();
  const client = useQueryClient();
  const docs = useInsurerDocuments(deleted);
  const can = {
    download: hasAnyPermission(me, [P.DOWNLOAD_DOCUMENTOS, P.GERENCIAR_DOCUMENTOS, P.VISUALIZAR_DOCUMENTOS]),
    upload: hasAnyPermission(me, [P.UPLOAD_DOCUMENTOS, P.GERENCIAR_DOCUMENTOS]),
    edit: hasAnyPermission(me, [P.EDITAR_DOCUMENTOS, P.GERENCIAR_DOCUMENTOS]),
    remove: hasAnyPermission(me, [P.REMOVER_DOCUMENTOS]),
    restore: hasAnyPermission(me, [P.RESTAURAR_DOCUMENTOS]),
  };
  const refresh = () => client.invalidateQueries({ queryKey: documentsKeys.all });

  const remove = (d: RequestDocumentView) =>
    openConfirm({
      title: 'Remover documento',
      message: `Remover “${d.Name}”? Ele irá para a aba Removidos e poderá ser restaurado.`,
      confirmLabel: 'Remover',
      danger: true,
      onConfirm: async () => {
        await api.call(deleteInsurerRequestDocument, { body: { RequestDocumentUniqueId: d.UniqueId } });
        notifySuccess('Documento removido.');
        await refresh();
      },
    });

  const restore = (d: RequestDocumentView) =>
    openConfirm({
      title: 'Restaurar documento',
      message: `Restaurar “${d.Name}” para a lista de documentos?`,
      confirmLabel: 'Restaurar',
      onConfirm: async () => {
        await api.call(restoreInsurerRequestDocument, { body: { RequestDocumentUniqueId: d.UniqueId } });
        notifySuccess('Documento restaurado.');
        await refresh();
      },
    });

  if (docs.isError) {
    const forbidden = docs.error instanceof ApiError && docs.error.status === 403;
    return (
      <Alert color="red" variant="light" icon={<IconAlertCircle size={20} aria-hidden />} role="alert">
        <Text size="sm" c="black">
          {forbidden
            ? 'Os documentos da seguradora estão disponíveis apenas para usuários da seguradora com permissão de documentos.'
            : docs.error.message}
        </Text>
      </Alert>
    );
  }

  const columns: DataTableColumn<RequestDocumentView>[] = [
    {
      accessor: 'Name',
      title: 'Documento',
      render: (d) => (
        <Stack gap={2}>
          <Text size="sm" fw={600}>
            {d.Name}
          </Text>
          <Text size="xs" c="gray.7">
            {d.RequestDocumentTypeName}
            {d.IsRequired ? ' · Obrigatório' : ''}
          </Text>
        </Stack>
      ),
    },
    {
      accessor: 'StatusName',
      title: 'Situação',
      render: (d) => (
        <Stack gap={2} align="flex-start">
          <DocumentStatusBadge statusId={d.StatusId} name={d.StatusName} />
          {d.ReviewNote && (
            <Text size="xs" c="gray.7" maw={220}>
              {d.ReviewNote}
            </Text>
          )}
        </Stack>
      ),
    },
    {
      accessor: 'Archives',
      title: 'Arquivos',
      render: (d) =>
        d.Archives.length === 0 ? (
          <Text size="sm" c="gray.7">
            Nenhum arquivo
          </Text>
        ) : (
          <Stack gap={2}>
            {d.Archives.map((a) =>
              can.download ? (
                <FileDownloadLink
                  key={a.ArchiveUniqueId}
                  archiveUniqueId={a.ArchiveUniqueId}
                  fileName={fileNameOf(a)}
                />
              ) : (
                <Text key={a.ArchiveUniqueId} size="sm">
                  {fileNameOf(a)}
                </Text>
              ),
            )}
          </Stack>
        ),
    },
    {
      accessor: 'UpdatedAt',
      title: 'Atualizado em',
      visibleMediaQuery: (theme) => `(min-width: ${theme.breakpoints.md})`,
      render: (d) => formatDateTime(d.UpdatedAt),
    },
    {
      accessor: 'actions',
      title: 'Ações',
      textAlign: 'right',
      render: (d) => (
        <Group gap={4} justify="flex-end" wrap="nowrap">
          {deleted
            ? can.restore && (
                <AppTooltip label="Restaurar">
                  <ActionIcon variant="subtle" aria-label={`Restaurar ${d.Name}`} onClick={() => restore(d)}>
                    <IconRestore size={18} />
                  </ActionIcon>
                </AppTooltip>
              )
            : [
                can.upload && (
                  <AppTooltip key="upload" label="Enviar arquivos">
                    <ActionIcon
                      variant="subtle"
                      aria-label={`Enviar arquivos para ${d.Name}`}
                      onClick={() => onOpen({ kind: 'upload', document: d })}
                    >
                      <IconFileUpload size={18} />
                    </ActionIcon>
                  </AppTooltip>
                ),
                can.edit && (
                  <AppTooltip key="rename" label="Renomear">
                    <ActionIcon
                      variant="subtle"
                      color="gray.8"
                      aria-label={`Renomear ${d.Name}`}
                      onClick={() => onOpen({ kind: 'rename', document: d })}
                    >
                      <IconEdit size={18} />
                    </ActionIcon>
                  </AppTooltip>
                ),
                can.remove && (
                  <AppTooltip key="remove" label="Remover">
                    <ActionIcon
                      variant="subtle"
                      color="red.9"
                      aria-label={`Remover ${d.Name}`}
                      onClick={() => remove(d)}
                    >
                      <IconTrash size={18} />
                    </ActionIcon>
                  </AppTooltip>
                ),
              ]}
        </Group>
      ),
    },
  ];

  return (
    <DataTable<RequestDocumentView>
      withTableBorder
      borderRadius="md"
      striped
      highlightOnHover
      minHeight={docs.data?.length ? undefined : 220}
      idAccessor="UniqueId"
      columns={columns}
      records={docs.data ?? []}
      fetching={docs.isFetching}
      emptyState={
        docs.isPending ? (
          <span />
        ) : (
          <Box c="dark.9">
            <EmptyState
              title={deleted ? 'Nenhum documento removido' : 'Nenhum documento cadastrado'}
              description={deleted ? undefined : 'Crie um documento e envie os arquivos da seguradora.'}
            />
          </Box>
        )
      }
    />
  );
};

/** /documentos: the insurer's own documents, their files and the removed ones. */
export const DocumentsPage = () => {
  const me = useUserInfo();
  const [tab, setTab] = useState<string>('active');
  const [popup, setPopup] = useState<DocumentPopupState>();
  const canCreate = hasAnyPermission(me, [P.EDITAR_DOCUMENTOS, P.GERENCIAR_DOCUMENTOS]);
  return (
    <Stack gap="md">
      <Tabs value={tab} onChange={(v) => setTab(v ?? 'active')}>
        <Group justify="space-between" align="flex-end" wrap="wrap" gap="sm" mb="md">
          <Tabs.List aria-label="Documentos">
            <Tabs.Tab value="active">Documentos</Tabs.Tab>
            <Tabs.Tab value="deleted">Removidos</Tabs.Tab>
          </Tabs.List>
          {canCreate && tab === 'active' && (
            <Button
              leftSection={<IconPlus size={18} aria-hidden />}
              onClick={() => setPopup({ kind: 'create' })}
            >
              Novo documento
            </Button>
          )}
        </Group>
        <Tabs.Panel value="active">
          <DocumentsTable deleted={false} onOpen={setPopup} />
        </Tabs.Panel>
        <Tabs.Panel value="deleted">
          <DocumentsTable deleted onOpen={setPopup} />
        </Tabs.Panel>
      </Tabs>
      <DocumentPopup state={popup} onClose={() => setPopup(undefined)} />
    </Stack>
  );
};
