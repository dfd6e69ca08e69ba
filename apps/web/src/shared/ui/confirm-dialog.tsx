import { Alert, Button, Group, Stack, Text, Textarea } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import { type ReactNode, useState } from 'react';
import { openModal } from './feedback-modals.js';

export type ConfirmOptions = {
  title: string;
  message: ReactNode;
  confirmLabel?: string;
  cancelLabel?: string;
  /** Destructive action: the confirm button is red. */
  danger?: boolean;
  /**
   * The person must say why (a refusal, a waiver): a required text field, given to `onConfirm`;
   * the confirm button waits for at least `minLength` characters.
   */
  justification?: { label: string; minLength?: number };
  /** Runs on confirm; while it runs the dialog waits; a refusal is shown inside the dialog. */
  onConfirm: (justification?: string) => Promise<unknown>;
};

const messagesOf = (error: unknown): string[] => {
  const messages = (error as { messages?: string[] } | undefined)?.messages;
  if (messages?.length) return messages;
  return [error instanceof Error && error.message ? error.message : 'Não foi possível concluir a operação.'];
};

const ConfirmBody = ({ options, close }: { options: ConfirmOptions; close: () => void }) => {
  const [busy, setBusy] = useState(false);
  const [errors, setErrors] = useState<string[]>();
  const [text, setText] = useState('');
  const why = options.justification;
  const missing = why !== undefined && text.trim().length < (why.minLength ?? 1);
  const confirm = async () => {
    setBusy(true);
    setErrors(undefined);
    try {
      await options.onConfirm(why ? text.trim() : undefined);
      close();
    } catch (e) {
      setErrors(messagesOf(e));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Stack gap="md">
      <Text>{options.message}</Text>
      {why && !errors && (
        <Textarea
          label={why.label}
          required
          autosize
          minRows={3}
          maxLength={1000}
          value={text}
          onChange={(e) => setText(e.currentTarget.value)}
          description={why.minLength ? `Pelo menos ${why.minLength} caracteres.` : undefined}
        />
      )}
      {errors && (
        <Alert
          color="red"
          variant="light"
          icon={<IconAlertCircle size={20} aria-hidden />}
          role="alert"
          data-testid="confirm-error"
        >
          <Text size="sm" c="black" style={{ whiteSpace: 'pre-line' }}>
            {errors.join('\n')}
          </Text>
        </Alert>
      )}
      <Group justify="flex-end" gap="sm">
        <Button variant="default" onClick={close} disabled={busy}>
          {errors ? 'Fechar' : (options.cancelLabel ?? 'Cancelar')}
        </Button>
        {!errors && (
          <Button
            color={options.danger ? 'red.8' : undefined}
            onClick={confirm}
            loading={busy}
            disabled={missing}
            data-autofocus
          >
            {options.confirmLabel ?? 'Confirmar'}
          </Button>
        )}
      </Group>
    </Stack>
  );
};

/**
 * Asks before an action and runs it; the server's refusal (e.g. 409) stays in the dialog so the
 * user reads why nothing happened.
 */
export const openConfirm = (options: ConfirmOptions) => {
  const handle = openModal({
    title: options.title,
    centered: true,
    closeOnClickOutside: false,
    closeButtonProps: { 'aria-label': 'Fechar janela' },
    children: <ConfirmBody options={options} close={() => handle.close()} />,
  });
  return handle;
};
