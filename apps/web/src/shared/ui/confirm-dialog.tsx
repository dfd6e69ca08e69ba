import { Alert, Button, Group, Stack, Text } from '@mantine/core';
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
  /** Runs on confirm; while it runs the dialog waits; a refusal is shown inside the dialog. */
  onConfirm: () => Promise<unknown>;
};

const messagesOf = (error: unknown): string[] => {
  const messages = (error as { messages?: string[] } | undefined)?.messages;
  if (messages?.length) return messages;
  return [error instanceof Error && error.message ? error.message : 'Não foi possível concluir a operação.'];
};

const ConfirmBody = ({ options, close }: { options: ConfirmOptions; close: () => void }) => {
  const [busy, setBusy] = useState(false);
  const [errors, setErrors] = useState<string[]>();
  const confirm = async () => {
    setBusy(true);
    setErrors(undefined);
    try {
      await options.onConfirm();
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
