import '@mantine/dropzone/styles.css';
import { type UploadedFile, uploadArchives } from '@aval/contracts';
import { ActionIcon, Group, Progress, Stack, Text } from '@mantine/core';
import { Dropzone, type DropzoneProps } from '@mantine/dropzone';
import { IconCheck, IconFileUpload, IconX } from '@tabler/icons-react';
import { useEffect, useRef, useState } from 'react';
import { api } from '../../app/api.js';

type Item = {
  key: string;
  name: string;
  progress: number;
  status: 'sending' | 'done' | 'error';
  error?: string;
  uploaded?: UploadedFile;
};

/** Where the field stands: files still being sent and files that failed (kept in the list with their error). */
export type UploadProgressState = { uploading: number; failed: number };

export type UploadFieldProps = {
  label?: string;
  /** At most this many files in the field (spec §5: optional limit on count). */
  maxFiles?: number;
  accept?: DropzoneProps['accept'];
  /** Maximum size per file in bytes (the API refuses above its own limit too). */
  maxSize?: number;
  /**
   * Called with every successfully uploaded file so far, and how many are still being sent or
   * failed: a form must not use the list while `uploading` is above 0 (the file would be lost).
   */
  onChange?: (files: UploadedFile[], state: UploadProgressState) => void;
  disabled?: boolean;
};

export const uploadLimitMessage = (max: number) =>
  max === 1 ? 'Envie no máximo 1 arquivo.' : `Envie no máximo ${max} arquivos.`;

/** Upload to POST /api/Archive/Upload (field `file`) with a progress bar per file. */
export const UploadField = ({
  label = 'Arquivos',
  maxFiles,
  accept,
  maxSize,
  onChange,
  disabled,
}: UploadFieldProps) => {
  const [items, setItems] = useState<Item[]>([]);
  const [message, setMessage] = useState<string>();

  // Report after every change of the list (sending, done, failed, removed), never from inside a state updater.
  const report = useRef(onChange);
  report.current = onChange;
  const started = useRef(false);
  useEffect(() => {
    if (!started.current && items.length === 0) return;
    started.current = true;
    report.current?.(
      items.flatMap((i) => (i.status === 'done' && i.uploaded ? [i.uploaded] : [])),
      {
        uploading: items.filter((i) => i.status === 'sending').length,
        failed: items.filter((i) => i.status === 'error').length,
      },
    );
  }, [items]);

  const update = (key: string, patch: Partial<Item>) =>
    setItems((list) => list.map((i) => (i.key === key ? { ...i, ...patch } : i)));

  const send = (file: File) => {
    const key = `${file.name}-${file.size}-${Math.random().toString(36).slice(2)}`;
    setItems((list) => [...list, { key, name: file.name, progress: 0, status: 'sending' }]);
    const form = new FormData();
    form.append('file', file, file.name);
    api
      .upload(uploadArchives, form, { onProgress: (progress) => update(key, { progress }) })
      .then((files) => update(key, { status: 'done', progress: 100, uploaded: files[0] }))
      .catch((e: Error) => update(key, { status: 'error', error: e.message }));
  };

  const remove = (key: string) => setItems((list) => list.filter((i) => i.key !== key));

  const onDrop = (files: File[]) => {
    const kept = items.filter((i) => i.status !== 'error').length;
    const room = maxFiles === undefined ? files.length : Math.max(0, maxFiles - kept);
    setMessage(files.length > room && maxFiles !== undefined ? uploadLimitMessage(maxFiles) : undefined);
    for (const file of files.slice(0, room)) send(file);
  };

  const full = maxFiles !== undefined && items.filter((i) => i.status !== 'error').length >= maxFiles;

  return (
    <Stack gap="xs">
      <Text component="span" fw={500} size="sm">
        {label}
      </Text>
      <Dropzone
        onDrop={onDrop}
        onReject={() => setMessage('Arquivo recusado: verifique o tipo e o tamanho.')}
        accept={accept}
        maxSize={maxSize}
        disabled={disabled || full}
        aria-label={label}
        multiple={maxFiles !== 1}
      >
        <Group justify="center" gap="sm" mih={72} style={{ pointerEvents: 'none' }}>
          <IconFileUpload size={32} aria-hidden />
          <div>
            <Text>Arraste os arquivos aqui ou clique para selecionar</Text>
            {maxFiles !== undefined && (
              <Text size="sm" c="gray.7">
                {uploadLimitMessage(maxFiles)}
              </Text>
            )}
          </div>
        </Group>
      </Dropzone>
      {message && (
        <Text size="sm" c="red.8" role="alert">
          {message}
        </Text>
      )}
      {items.map((item) => (
        <Stack key={item.key} gap={4} data-testid="upload-item">
          <Group justify="space-between" wrap="nowrap">
            <Group gap={6} wrap="nowrap" style={{ minWidth: 0 }}>
              {item.status === 'done' && <IconCheck size={16} aria-label="Enviado" />}
              {item.status === 'error' && <IconX size={16} aria-label="Falhou" />}
              <Text size="sm" truncate>
                {item.name}
              </Text>
            </Group>
            {item.status === 'sending' && (
              <Text size="xs" c="gray.7" ml="auto" style={{ whiteSpace: 'nowrap' }}>
                {item.progress} %
              </Text>
            )}
            <ActionIcon
              variant="subtle"
              color="gray"
              onClick={() => remove(item.key)}
              aria-label={`Remover ${item.name}`}
            >
              <IconX size={16} />
            </ActionIcon>
          </Group>
          <Progress
            value={item.progress}
            color={item.status === 'error' ? 'danger' : item.status === 'done' ? 'success' : 'brand'}
            aria-label={`Envio de ${item.name}`}
            size="sm"
          />
          {item.error && (
            <Text size="xs" c="red.8">
              {item.error}
            </Text>
          )}
        </Stack>
      ))}
    </Stack>
  );
};
