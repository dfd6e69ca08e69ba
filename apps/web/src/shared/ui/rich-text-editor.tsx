import '@mantine/tiptap/styles.css';
import { Group, Input, Stack, Text } from '@mantine/core';
import { RichTextEditor as MantineRte, type RichTextEditorLabels } from '@mantine/tiptap';
import { type Editor, useEditor } from '@tiptap/react';
import StarterKit from '@tiptap/starter-kit';
import { type ReactNode, useId } from 'react';
import { SafeHtml, sanitizeHtml } from './safe-html.js';

/** pt-BR labels (spec §9: editor language pt_br). */
export const richTextLabelsPtBr: Partial<RichTextEditorLabels> = {
  boldControlLabel: 'Negrito',
  italicControlLabel: 'Itálico',
  underlineControlLabel: 'Sublinhado',
  strikeControlLabel: 'Tachado',
  clearFormattingControlLabel: 'Limpar formatação',
  linkControlLabel: 'Inserir link',
  unlinkControlLabel: 'Remover link',
  bulletListControlLabel: 'Lista com marcadores',
  orderedListControlLabel: 'Lista numerada',
  h1ControlLabel: 'Título 1',
  h2ControlLabel: 'Título 2',
  h3ControlLabel: 'Título 3',
  h4ControlLabel: 'Título 4',
  h5ControlLabel: 'Título 5',
  h6ControlLabel: 'Título 6',
  blockquoteControlLabel: 'Citação',
  alignLeftControlLabel: 'Alinhar à esquerda',
  alignCenterControlLabel: 'Centralizar',
  alignRightControlLabel: 'Alinhar à direita',
  alignJustifyControlLabel: 'Justificar',
  codeControlLabel: 'Código',
  codeBlockControlLabel: 'Bloco de código',
  subscriptControlLabel: 'Subscrito',
  superscriptControlLabel: 'Sobrescrito',
  colorPickerControlLabel: 'Cor do texto',
  unsetColorControlLabel: 'Remover cor',
  highlightControlLabel: 'Destacar texto',
  undoControlLabel: 'Desfazer',
  redoControlLabel: 'Refazer',
  hrControlLabel: 'Linha horizontal',
  colorControlLabel: (color) => `Definir cor ${color}`,
  sourceCodeControlLabel: 'Código-fonte',
  linkEditorInputLabel: 'Endereço do link',
  linkEditorInputPlaceholder: 'https://exemplo.com.br/',
  linkEditorExternalLink: 'Abrir em nova aba',
  linkEditorInternalLink: 'Abrir na mesma aba',
  linkEditorSave: 'Salvar',
  colorPickerCancel: 'Cancelar',
  colorPickerClear: 'Limpar cor',
  colorPickerColorPicker: 'Seletor de cor',
  colorPickerPalette: 'Paleta de cores',
  colorPickerSave: 'Salvar',
  colorPickerColorLabel: (color) => `Cor ${color}`,
  tasksControlLabel: 'Lista de tarefas',
  tasksSinkLabel: 'Recuar tarefa',
  tasksLiftLabel: 'Avançar tarefa',
};

export type RichTextEditorProps = {
  label: string;
  value: string;
  /** Receives sanitised HTML. */
  onChange: (html: string) => void;
  minHeight?: number;
  /** Controls shown beside the label (e.g. a tag menu); they receive the editor to act on. */
  actions?: (editor: Editor | null) => ReactNode;
  /** The field's message (a form's error), shown under the editor. */
  error?: ReactNode;
};

/** The editor's HTML, or '' when it holds no text (an emptied editor still holds `<p></p>`). */
export const editorText = (html: string) =>
  html
    .replace(/<[^>]*>/g, '')
    .replace(/&nbsp;/gi, ' ')
    .trim()
    ? html
    : '';

/** Rich-text editor (Mantine tiptap) whose output is sanitised with DOMPurify. */
export const RichTextEditor = ({
  label,
  value,
  onChange,
  minHeight = 160,
  actions,
  error,
}: RichTextEditorProps) => {
  const labelId = useId();
  const editor = useEditor({
    extensions: [StarterKit.configure({ link: { openOnClick: false } })],
    content: sanitizeHtml(value),
    immediatelyRender: true,
    editorProps: { attributes: { 'aria-labelledby': labelId, role: 'textbox', 'aria-multiline': 'true' } },
    onUpdate: ({ editor: e }) => onChange(sanitizeHtml(e.getHTML())),
  });
  return (
    <Stack gap={4}>
      <Group justify="space-between" wrap="nowrap">
        <Text component="div" id={labelId} fw={500} size="sm">
          {label}
        </Text>
        {actions?.(editor)}
      </Group>
      <MantineRte editor={editor} labels={richTextLabelsPtBr}>
        <MantineRte.Toolbar>
          <MantineRte.ControlsGroup>
            <MantineRte.Bold />
            <MantineRte.Italic />
            <MantineRte.Underline />
            <MantineRte.Strikethrough />
            <MantineRte.ClearFormatting />
          </MantineRte.ControlsGroup>
          <MantineRte.ControlsGroup>
            <MantineRte.H2 />
            <MantineRte.H3 />
            <MantineRte.BulletList />
            <MantineRte.OrderedList />
            <MantineRte.Blockquote />
          </MantineRte.ControlsGroup>
          <MantineRte.ControlsGroup>
            <MantineRte.Link />
            <MantineRte.Unlink />
          </MantineRte.ControlsGroup>
          <MantineRte.ControlsGroup>
            <MantineRte.Undo />
            <MantineRte.Redo />
          </MantineRte.ControlsGroup>
        </MantineRte.Toolbar>
        <MantineRte.Content style={{ minHeight }} />
      </MantineRte>
      {error && <Input.Error>{error}</Input.Error>}
    </Stack>
  );
};

export { SafeHtml, sanitizeHtml };
