import { Button, type ButtonProps, Group, Stack, Textarea } from '@mantine/core';
import { type ReactNode, useState } from 'react';

/** The call a note is sent with: a `useContractMutation` of the feature. */
export type NoteCall<R> = {
  isPending: boolean;
  mutate: (request: R, options: { onSuccess: () => void }) => void;
};

export type NoteFormProps<R> = {
  label: string;
  description?: string;
  /** The button's text ("Enviar observação", "Devolver ao corretor"…). */
  action: string;
  icon?: ReactNode;
  /** Fewest characters (after trimming) the note needs; 0 sends an empty note (optional notes). */
  minLength?: number;
  color?: ButtonProps['color'];
  variant?: ButtonProps['variant'];
  /** Sends `request(note)` with the trimmed note; the field clears once it is saved. */
  send: NoteCall<R>;
  request: (note: string) => R;
};

/** A note typed and sent with one button (observations, what the broker must fix, …); max 2,000 characters. */
export const NoteForm = <R,>({
  label,
  description,
  action,
  icon,
  minLength = 1,
  color,
  variant,
  send,
  request,
}: NoteFormProps<R>) => {
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
          loading={send.isPending}
          onClick={() => send.mutate(request(note.trim()), { onSuccess: () => setNote('') })}
        >
          {action}
        </Button>
      </Group>
    </Stack>
  );
};
