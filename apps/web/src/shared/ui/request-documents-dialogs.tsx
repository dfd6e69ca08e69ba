import {
  createRequestDocumentBody,
  type RequestDocumentTypeId,
  type RequestDocumentView,
  requestDocumentTypeLabels,
  type UploadedFile,
} from '@aval/contracts';
import { Button, Checkbox, Group, Radio, Select, Stack, Text, Textarea, TextInput } from '@mantine/core';
import type { QueryKey } from '@tanstack/react-query';
import { type FormEvent, type ReactNode, useState } from 'react';
import { useAdapterMutation } from '../api/use-contract-mutation.js';
import { FileDownloadLink } from './file-download-link.js';
import { InlineAlert } from './inline-alert.js';
import { archiveFileName, type RequestDocumentsAdapter } from './request-documents-adapter.js';
import { UploadField, type UploadProgressState } from './upload-field.js';

export const messagesOf = (e: unknown): string =>
  (e as { messages?: string[] } | null)?.messages?.join('\n') ||
  (e instanceof Error ? e.message : 'Não foi possível concluir a operação.');

/** The files of a document as download links (saved with their extension). */
export const ArchiveLinks = ({ doc }: { doc: RequestDocumentView }) =>
  doc.Archives.length === 0 ? (
    <Text size="sm" c="gray.7">
      Nenhum arquivo
    </Text>
  ) : (
    <Stack gap={2} align="flex-start">
      {doc.Archives.map((a) => (
        <FileDownloadLink
          key={a.ArchiveUniqueId}
          archiveUniqueId={a.ArchiveUniqueId}
          fileName={archiveFileName(a)}
        />
      ))}
    </Stack>
  );

type DialogProps = {
  adapter: RequestDocumentsAdapter;
  keys: QueryKey[];
  onClose: () => void;
};

const typeLabel = (t: number) => requestDocumentTypeLabels[t as RequestDocumentTypeId] ?? String(t);
const allTypes = Object.keys(requestDocumentTypeLabels).map(Number);

const Footer = ({ onClose, busy, children }: { onClose: () => void; busy: boolean; children: ReactNode }) => (
  <Group justify="flex-end" gap="sm">
    <Button variant="default" onClick={onClose} disabled={busy}>
      Cancelar
    </Button>
    {children}
  </Group>
);

/** Name of a document, checked by the contract (3 to 50 characters). */
const nameProblem = (name: string) => {
  const parsed = createRequestDocumentBody.shape.Name.safeParse(name);
  return parsed.success ? undefined : parsed.error.issues[0]?.message;
};

/** Creates a document (name, type, required) or renames one. */
export const NameDialog = ({ adapter, keys, onClose, doc }: DialogProps & { doc?: RequestDocumentView }) => {
  const types = adapter.documentTypes.length ? adapter.documentTypes : allTypes;
  const own = adapter.kind === 'own';
  const [name, setName] = useState(doc?.Name ?? '');
  const [typeId, setTypeId] = useState<string | null>(
    adapter.documentTypes[0] === undefined ? null : String(adapter.documentTypes[0]),
  );
  const [required, setRequired] = useState(adapter.requiredByDefault ?? false);
  const [errors, setErrors] = useState<{ name?: string; type?: string }>({});
  const call = useAdapterMutation({ invalidate: keys });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const found = {
      name: nameProblem(name),
      type: doc || typeId ? undefined : 'Escolha o tipo do documento.',
    };
    setErrors(found);
    if (found.name || found.type) return;
    const trimmed = name.trim();
    call.mutate(
      doc
        ? { run: () => adapter.rename!(doc, trimmed), success: 'Documento renomeado.' }
        : {
            run: () =>
              adapter.create!({ Name: trimmed, RequestDocumentTypeId: Number(typeId), IsRequired: required }),
            success: own ? 'Documento criado.' : 'Documento solicitado.',
          },
      { onSuccess: onClose },
    );
  };
  return (
    <form noValidate onSubmit={submit}>
      <Stack gap="md">
        <TextInput
          label="Nome do documento"
          required
          value={name}
          maxLength={50}
          error={errors.name}
          data-autofocus
          onChange={(e) => {
            setName(e.currentTarget.value);
            setErrors((x) => ({ ...x, name: undefined }));
          }}
        />
        {!doc && types.length > 1 && (
          <Select
            label="Tipo"
            placeholder="Escolha o tipo"
            required
            data={types.map((t) => ({ value: String(t), label: typeLabel(t) }))}
            value={typeId}
            error={errors.type}
            onChange={(v) => {
              setTypeId(v);
              setErrors((x) => ({ ...x, type: undefined }));
            }}
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
        <Footer onClose={onClose} busy={call.isPending}>
          <Button type="submit" loading={call.isPending}>
            {doc ? 'Salvar' : own ? 'Criar documento' : 'Solicitar documento'}
          </Button>
        </Footer>
      </Stack>
    </form>
  );
};

const plural = (n: number, one: string, many: string) => (n === 1 ? one : many);

/**
 * Sends files (with a progress bar each) and attaches them to the document. Attaching waits until
 * every file has finished: a file still being sent would otherwise be left out without a word.
 * Failed files stay listed with their error and are not attached.
 */
export const UploadDialog = ({ adapter, keys, onClose, doc }: DialogProps & { doc: RequestDocumentView }) => {
  const [files, setFiles] = useState<UploadedFile[]>([]);
  const [state, setState] = useState<UploadProgressState>({ uploading: 0, failed: 0 });
  const call = useAdapterMutation({ invalidate: keys });
  const waiting = state.uploading > 0;
  const attach = () =>
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
    );
  return (
    <Stack gap="md">
      <Text size="sm">
        Documento: <strong>{doc.Name}</strong> (
        {doc.RequestDocumentTypeName || typeLabel(doc.RequestDocumentTypeId)})
      </Text>
      <UploadField
        label="Arquivos do documento"
        maxFiles={adapter.maxFiles ?? 10}
        onChange={(list, next) => {
          setFiles(list);
          setState(next);
        }}
      />
      {waiting && (
        <Text size="sm" c="gray.8" role="status" data-testid="upload-waiting">
          {plural(
            state.uploading,
            'Aguarde o fim do envio de 1 arquivo para anexar.',
            `Aguarde o fim do envio de ${state.uploading} arquivos para anexar.`,
          )}
        </Text>
      )}
      {!waiting && state.failed > 0 && (
        <Text size="sm" c="red.8" role="status">
          {plural(
            state.failed,
            '1 arquivo não foi enviado e não será anexado; remova-o ou envie-o de novo.',
            `${state.failed} arquivos não foram enviados e não serão anexados; remova-os ou envie-os de novo.`,
          )}
        </Text>
      )}
      {call.error && <InlineAlert>{messagesOf(call.error)}</InlineAlert>}
      <Footer onClose={onClose} busy={call.isPending}>
        <Button disabled={files.length === 0 || waiting} loading={call.isPending} onClick={attach}>
          {files.length > 1 ? `Anexar ${files.length} arquivos ao documento` : 'Anexar ao documento'}
        </Button>
      </Footer>
    </Stack>
  );
};

/** The insurer's analysis: approve (Conforme) or reject (Reprovado) with the reason the owner sees. */
export const ReviewDialog = ({ adapter, keys, onClose, doc }: DialogProps & { doc: RequestDocumentView }) => {
  const [decision, setDecision] = useState<'approve' | 'reject' | null>(null);
  const [note, setNote] = useState('');
  const [errors, setErrors] = useState<{ decision?: string; note?: string }>({});
  const call = useAdapterMutation({ invalidate: keys });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const found = {
      decision: decision ? undefined : 'Escolha o resultado da análise.',
      note: decision === 'reject' && !note.trim() ? 'Informe o motivo da reprovação.' : undefined,
    };
    setErrors(found);
    if (found.decision || found.note) return;
    const approve = decision === 'approve';
    call.mutate(
      {
        run: () => adapter.review!(doc, approve ? { approve } : { approve, note: note.trim() }),
        success: approve ? 'Documento aprovado.' : 'Documento reprovado.',
      },
      { onSuccess: onClose },
    );
  };
  return (
    <form noValidate onSubmit={submit} aria-label="Analisar documento">
      <Stack gap="md">
        <Text size="sm">
          Documento: <strong>{doc.Name}</strong>
        </Text>
        <ArchiveLinks doc={doc} />
        <Radio.Group
          label="Resultado da análise"
          required
          value={decision}
          error={errors.decision}
          onChange={(v) => {
            setDecision(v as 'approve' | 'reject');
            setErrors({});
          }}
        >
          <Group mt="xs">
            <Radio value="approve" label="Aprovar (Conforme)" />
            <Radio value="reject" label="Reprovar" />
          </Group>
        </Radio.Group>
        {decision === 'reject' && (
          <Textarea
            label="Motivo da reprovação"
            required
            maxLength={500}
            rows={3}
            value={note}
            error={errors.note}
            onChange={(e) => {
              setNote(e.currentTarget.value);
              setErrors((x) => ({ ...x, note: undefined }));
            }}
          />
        )}
        {call.error && <InlineAlert>{messagesOf(call.error)}</InlineAlert>}
        <Footer onClose={onClose} busy={call.isPending}>
          <Button type="submit" loading={call.isPending}>
            Registrar análise
          </Button>
        </Footer>
      </Stack>
    </form>
  );
};
