import type { UploadedFile } from '@aval/contracts';
import { Card, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { FileDownloadLink } from '../../../shared/ui/file-download-link.js';
import { EmptyState } from '../../../shared/ui/states.js';
import { UploadField } from '../../../shared/ui/upload-field.js';

/** /upload (administrator rule): sends files to the company's storage and downloads them back. */
export const UploadPage = () => {
  const [files, setFiles] = useState<UploadedFile[]>([]);
  return (
    <Stack gap="lg" maw={720}>
      <Card withBorder radius="md" padding="lg">
        <UploadField label="Enviar arquivos" maxFiles={5} onChange={setFiles} />
      </Card>
      <Card withBorder radius="md" padding="lg">
        <Title order={2} size="h4" mb="sm">
          Arquivos enviados
        </Title>
        {files.length === 0 ? (
          <EmptyState
            title="Nenhum arquivo enviado"
            description="Os arquivos enviados aparecem aqui para download."
          />
        ) : (
          <Stack gap="xs" data-testid="uploaded-files">
            {files.map((f) => (
              <Text key={f.uniqueIdentifier} component="div">
                <FileDownloadLink fileName={`${f.name}`} archiveUniqueId={f.uniqueIdentifier} />
              </Text>
            ))}
          </Stack>
        )}
      </Card>
    </Stack>
  );
};
