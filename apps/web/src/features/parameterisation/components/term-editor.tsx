import { getCompanyProposalTags, renderTags, sampleTagContext, type TagGroup } from '@aval/contracts';
import { Badge, Button, Group, Menu, Paper, ScrollArea, SimpleGrid, Stack, Text } from '@mantine/core';
import { IconTag } from '@tabler/icons-react';
import type { Editor } from '@tiptap/react';
import { type ReactNode, useMemo } from 'react';
import { getApplicationConfig } from '../../../app/config/portal-config.js';
import { RichTextEditor } from '../../../shared/ui/rich-text-editor.js';
import { SafeHtml } from '../../../shared/ui/safe-html.js';
import { useInsurerTagValues } from '../api/parameterisation-api.js';
import classes from './preview.module.css';

export const previewClass = classes.preview;

const groupLabels: Record<TagGroup, string> = {
  proposal: 'Proposta',
  complementary: 'Complementar',
  policyHolder: 'Tomador',
  insured: 'Segurado',
  insurer: 'Seguradora',
  endorsement: 'Endosso',
};

const tags = getCompanyProposalTags();
const groups = [...new Set(tags.map((t) => t.Group))];

/**
 * The text rendered with the sample data and the insurer's own values (name, CNPJ, address);
 * unfilled tags come back as their label in red.
 */
export const previewOf = (
  html: string,
  modalityName?: string,
  insurerValues: Readonly<Record<string, string>> = {},
) =>
  renderTags(
    html,
    sampleTagContext({ name: getApplicationConfig()?.companyName ?? 'Seguradora' }, modalityName),
    insurerValues,
  );

export type TermEditorProps = {
  label: string;
  value: string;
  onChange: (html: string) => void;
  modalityName?: string;
  minHeight?: number;
  /** The field's message (a form's error). */
  error?: ReactNode;
};

/**
 * Rich-text editor of contractual terms and clauses: a tag menu inserts `[TAG]` at the cursor and
 * the preview beside it renders the text with sample data (unfilled tags in red). Output is
 * sanitised (the shared editor); the API sanitises again before storing.
 */
/** The "Inserir tag" menu: inserts the chosen `[TAG]` at the editor's cursor. */
const TagMenu = ({ editor }: { editor: Editor | null }) => (
  <Menu shadow="md" width={320} position="bottom-end">
    <Menu.Target>
      <Button variant="light" size="xs" leftSection={<IconTag size={16} aria-hidden />}>
        Inserir tag
      </Button>
    </Menu.Target>
    <Menu.Dropdown>
      <ScrollArea.Autosize mah={360}>
        {groups.map((g) => (
          <div key={g}>
            <Menu.Label>{groupLabels[g]}</Menu.Label>
            {tags
              .filter((t) => t.Group === g)
              .map((t) => (
                <Menu.Item key={t.Name} onClick={() => editor?.chain().focus().insertContent(t.Tag).run()}>
                  <Text size="sm">{t.Label}</Text>
                  <Text size="xs" c="gray.7" ff="monospace">
                    {t.Tag}
                  </Text>
                </Menu.Item>
              ))}
          </div>
        ))}
      </ScrollArea.Autosize>
    </Menu.Dropdown>
  </Menu>
);

export const TermEditor = ({
  label,
  value,
  onChange,
  modalityName,
  minHeight = 220,
  error,
}: TermEditorProps) => {
  const insurer = useInsurerTagValues();
  const preview = useMemo(
    () => previewOf(value, modalityName, insurer.data),
    [value, modalityName, insurer.data],
  );
  return (
    <SimpleGrid cols={{ base: 1, lg: 2 }} spacing="md">
      <RichTextEditor
        label={label}
        value={value}
        onChange={onChange}
        minHeight={minHeight}
        error={error}
        actions={(editor) => <TagMenu editor={editor} />}
      />
      <Stack gap={6}>
        <Group justify="space-between">
          <Text fw={500} size="sm">
            Pré-visualização com dados de exemplo
          </Text>
          {preview.missing.length > 0 && (
            <Badge color="danger" variant="light">
              {preview.missing.length} tag(s) sem valor
            </Badge>
          )}
        </Group>
        <Paper withBorder p="md" mih={minHeight} aria-label="Pré-visualização do texto">
          <SafeHtml html={preview.html} className={classes.preview} />
        </Paper>
      </Stack>
    </SimpleGrid>
  );
};
