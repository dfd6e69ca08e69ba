import {
  changeInsurerRequestDocumentName,
  createInsurerRequestDocument,
  createRequestDocumentBody,
  DocumentStatus,
  type RequestDocumentTypeId,
  type RequestDocumentView,
  requestDocumentTypeLabels,
  type UploadedFile,
  uploadInsurerRequestDocument,
} from '@aval/contracts';
import { Alert, Button, Checkbox, Group, Select, Stack, Text, TextInput } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import { type FormEvent, type ReactNode, useState } from 'react';
import { useContractMutation } from '../../../shared/api/use-contract-mutation.js';
import { Popup } from '../../../shared/ui/popup.js';
import { UploadField } from '../../../shared/ui/upload-field.js';
import { documentsWrites } from '../api/documents-api.js';

const typeOptions = Object.entries(requestDocumentTypeLabels).map(([value, label]) => ({ value, label }));

const ErrorAlert = ({ error }: { error: Error | null }) =>
  error ? (
    <Alert color="red" variant="light" icon={<IconAlertCircle size={20} aria-hidden />} role="alert">
      <Text size="sm" c="black" style={{ whiteSpace: 'pre-line' }}>
        {(error as { messages?: string[] }).messages?.join('\n') ?? error.message}
      </Text>
    </Alert>
  ) : null;

const Actions = ({
  onCancel,
  busy,
  children,
}: {
  onCancel: () => void;
  busy: boolean;
  children: ReactNode;
}) => (
  <Group justify="flex-end" gap="sm">
    <Button variant="default" onClick={onCancel} disabled={busy}>
      Cancelar
    </Button>
    {children}
  </Group>
);

/** Name of a document slot, validated by the contract (3 to 50 characters). */
const nameError = (name: string) => {
  const parsed = createRequestDocumentBody.shape.Name.safeParse(name);
  return parsed.success ? undefined : parsed.error.issues[0]?.message;
};

const CreateForm = ({ onDone }: { onDone: () => void }) => {
  const [name, setName] = useState('');
  const [type, setType] = useState<string | null>(null);
  const [required, setRequired] = useState(false);
  const [errors, setErrors] = useState<{ name?: string; type?: string }>({});
  const create = useContractMutation(createInsurerRequestDocument, {
    ...documentsWrites,
    success: 'Documento criado.',
  });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const next = { name: nameError(name), type: type ? undefined : 'Escolha o tipo do documento.' };
    setErrors(next);
    if (next.name || next.type) return;
    create.mutate(
      { body: { Name: name.trim(), RequestDocumentTypeId: Number(type), IsRequired: required } },
      { onSuccess: onDone },
    );
  };
  return (
    <form onSubmit={submit} noValidate aria-label="Novo documento">
      <Stack gap="md">
        <ErrorAlert error={create.error} />
        <TextInput
          label="Nome do documento"
          value={name}
          onChange={(e) => {
            setName(e.currentTarget.value);
            setErrors((x) => ({ ...x, name: undefined }));
          }}
          error={errors.name}
          required
          maxLength={50}
          data-autofocus
        />
        <Select
          label="Tipo"
          placeholder="Escolha o tipo"
          data={typeOptions}
          value={type}
          onChange={(v) => {
            setType(v);
            setErrors((x) => ({ ...x, type: undefined }));
          }}
          error={errors.type}
          required
          allowDeselect={false}
        />
        <Checkbox
          label="Documento obrigatório"
          checked={required}
          onChange={(e) => setRequired(e.currentTarget.checked)}
        />
        <Actions onCancel={onDone} busy={create.isPending}>
          <Button type="submit" loading={create.isPending}>
            Criar documento
          </Button>
        </Actions>
      </Stack>
    </form>
  );
};

const RenameForm = ({ document, onDone }: { document: RequestDocumentView; onDone: () => void }) => {
  const [name, setName] = useState(document.Name);
  const [error, setError] = useState<string>();
  const rename = useContractMutation(changeInsurerRequestDocumentName, {
    ...documentsWrites,
    success: 'Documento renomeado.',
  });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const problem = nameError(name);
    setError(problem);
    if (problem) return;
    rename.mutate(
      { body: { RequestDocumentUniqueId: document.UniqueId, Name: name.trim() } },
      { onSuccess: onDone },
    );
  };
  return (
    <form onSubmit={submit} noValidate aria-label="Renomear documento">
      <Stack gap="md">
        <ErrorAlert error={rename.error} />
        <TextInput
          label="Nome do documento"
          value={name}
          onChange={(e) => {
            setName(e.currentTarget.value);
            setError(undefined);
          }}
          error={error}
          required
          maxLength={50}
          data-autofocus
        />
        <Actions onCancel={onDone} busy={rename.isPending}>
          <Button type="submit" loading={rename.isPending}>
            Salvar
          </Button>
        </Actions>
      </Stack>
    </form>
  );
};

const UploadForm = ({ document, onDone }: { document: RequestDocumentView; onDone: () => void }) => {
  const [files, setFiles] = useState<UploadedFile[]>([]);
  const attach = useContractMutation(uploadInsurerRequestDocument, {
    ...documentsWrites,
    success: 'Arquivos anexados ao documento.',
  });
  const inAnalysis = document.StatusId === DocumentStatus.AGUARDANDO_ANALISE;
  const submit = () =>
    attach.mutate(
      {
        body: {
          RequestDocumentUniqueId: document.UniqueId,
          ArchiveUniqueIds: files.map((f) => f.uniqueIdentifier),
        },
      },
      { onSuccess: onDone },
    );
  return (
    <Stack gap="md">
      <Text size="sm">
        Documento: <strong>{document.Name}</strong> (
        {requestDocumentTypeLabels[document.RequestDocumentTypeId as RequestDocumentTypeId] ??
          document.RequestDocumentTypeName}
        )
      </Text>
      {inAnalysis ? (
        <Alert color="yellow" variant="light" icon={<IconAlertCircle size={20} aria-hidden />}>
          <Text size="sm" c="black">
            Este documento está em análise; aguarde o resultado para enviar outro arquivo.
          </Text>
        </Alert>
      ) : (
        <UploadField label="Arquivos do documento" maxFiles={10} onChange={setFiles} />
      )}
      <ErrorAlert error={attach.error} />
      <Actions onCancel={onDone} busy={attach.isPending}>
        <Button onClick={submit} disabled={files.length === 0 || inAnalysis} loading={attach.isPending}>
          {files.length > 1 ? `Anexar ${files.length} arquivos` : 'Anexar arquivo'}
        </Button>
      </Actions>
    </Stack>
  );
};

export type DocumentPopupState =
  | { kind: 'create' }
  | { kind: 'rename'; document: RequestDocumentView }
  | { kind: 'upload'; document: RequestDocumentView };

const titles = { create: 'Novo documento', rename: 'Renomear documento', upload: 'Enviar arquivos' } as const;

/** The popups of the documents screen: create, rename, upload files. */
export const DocumentPopup = ({ state, onClose }: { state?: DocumentPopupState; onClose: () => void }) => (
  <Popup
    opened={state !== undefined}
    onClose={onClose}
    title={state ? titles[state.kind] : ''}
    size={state?.kind === 'upload' ? 'lg' : undefined}
    closeButtonProps={{ 'aria-label': 'Fechar' }}
  >
    {state?.kind === 'create' && <CreateForm onDone={onClose} />}
    {state?.kind === 'rename' && (
      <RenameForm key={state.document.UniqueId} document={state.document} onDone={onClose} />
    )}
    {state?.kind === 'upload' && (
      <UploadForm key={state.document.UniqueId} document={state.document} onDone={onClose} />
    )}
  </Popup>
);
