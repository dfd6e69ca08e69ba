import { Button, Group } from '@mantine/core';
import type { ReactNode } from 'react';
import { InlineAlert } from '../ui/inline-alert.js';

export type FormActionsProps = {
  /** A refusal's messages that belong to no field of the form (`useServerErrors`). */
  messages?: string[];
  /** The call is running: the submit button spins, Cancelar waits. */
  busy?: boolean;
  submitLabel: ReactNode;
  submitIcon?: ReactNode;
  /** Shows Cancelar (dialogs). */
  onCancel?: () => void;
};

/**
 * The end of every form: the messages of the refusal that no field shows, then Cancelar (in a
 * dialog) and the submit button. Place it inside the `<form>`.
 */
export const FormActions = ({ messages = [], busy, submitLabel, submitIcon, onCancel }: FormActionsProps) => (
  <>
    {messages.length > 0 && <InlineAlert>{messages.join('\n')}</InlineAlert>}
    <Group justify="flex-end" gap="sm">
      {onCancel && (
        <Button variant="default" onClick={onCancel} disabled={busy}>
          Cancelar
        </Button>
      )}
      <Button type="submit" loading={busy} leftSection={submitIcon}>
        {submitLabel}
      </Button>
    </Group>
  </>
);
