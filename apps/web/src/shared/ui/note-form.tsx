import { Button, type ButtonProps, Group, Stack, Textarea } from '@mantine/core';
import { type ReactNode, useState } from 'react';

export type NoteFormProps = {
  label: string;
  description?: string;
  /** The button's text ("Enviar observação", "Devolver ao corretor"…). */
  action: string;
  icon?: ReactNode;
  /** Fewest characters (after trimming) the note needs; 0 sends an empty note (optional notes). */
  minLength?: number;
  busy: boolean;
  color?: ButtonProps['color'];
  variant?: ButtonProps['variant'];
  /** Sends the trimmed note; call `done` once it is saved to clear the field. */
  onSend: (note: string, done: () => void) => void;
};

/** A note typed and sent with one button (observations, what the broker must fix, …); max 2,000 characters. */
export const NoteForm = ({
  label,
  description,
  action,
  icon,
  minLength = 1,
  busy,
  color,
  variant,
  onSend,
}: NoteFormProps) => {
  const [note, setNote] = useState('');
  return (
    <Stack gap="xs">
      <Textarea
        label={label}
        description={description}
        rows={3}
        maxLength={2000}
        value={note}
        onChange={(e) => setNote(e.currentTarget.value)}
      />
      <Group justify="flex-end">
        <Button
          color={color}
          variant={variant}
          leftSection={icon}
          disabled={note.trim().length < minLength}
          loading={busy}
          onClick={() => onSend(note.trim(), () => setNote(''))}
        >
          {action}
        </Button>
      </Group>
    </Stack>
  );
};
