import { uiMessages } from '@aval/contracts';
import { Button, Group, Loader, Stack, Text, ThemeIcon } from '@mantine/core';
import { modals } from '@mantine/modals';
import { IconAlertTriangle, IconCircleCheck, IconCircleX, IconInfoCircle } from '@tabler/icons-react';
import type { ReactNode } from 'react';

export type FeedbackKind = 'alert' | 'error' | 'info' | 'success';

const icons = {
  alert: { Icon: IconAlertTriangle, color: 'warning' },
  error: { Icon: IconCircleX, color: 'danger' },
  info: { Icon: IconInfoCircle, color: 'brand' },
  success: { Icon: IconCircleCheck, color: 'success' },
} as const;

const Body = ({ kind, message }: { kind: FeedbackKind; message: ReactNode }) => {
  const { Icon, color } = icons[kind];
  return (
    <Group wrap="nowrap" align="flex-start" gap="md">
      <ThemeIcon variant="light" color={color} size="xl" radius="xl" aria-hidden>
        <Icon size={28} />
      </ThemeIcon>
      <Text style={{ flex: 1 }} data-testid="feedback-message">
        {message}
      </Text>
    </Group>
  );
};

export type FeedbackOptions = { title?: string; onClose?: () => void; confirmLabel?: string };

const openFeedback = (kind: FeedbackKind, title: string, message: ReactNode, options: FeedbackOptions) => {
  const id = modals.open({
    title,
    centered: true,
    onClose: options.onClose,
    children: (
      <Stack>
        <Body kind={kind} message={message} />
        <Group justify="flex-end">
          <Button onClick={() => modals.close(id)} data-autofocus>
            {options.confirmLabel ?? 'OK'}
          </Button>
        </Group>
      </Stack>
    ),
  });
  return id;
};

/** Title 'Alerta', default 'Verifique se as informações estão corretas!' (spec §8). */
export const openAlert = (message: ReactNode = uiMessages.alertDefault, options: FeedbackOptions = {}) =>
  openFeedback('alert', options.title ?? uiMessages.alertTitle, message, options);

/** Title 'Atenção!', default 'Algo inesperado aconteceu!…' (spec §8). */
export const openError = (message: ReactNode = uiMessages.errorDefault, options: FeedbackOptions = {}) =>
  openFeedback('error', options.title ?? uiMessages.errorTitle, message, options);

/** Title 'Informação' (spec §8). */
export const openInfo = (message: ReactNode, options: FeedbackOptions = {}) =>
  openFeedback('info', options.title ?? uiMessages.infoTitle, message, options);

/** Title 'Sucesso', default 'Operação realizada com sucesso!' (spec §8). */
export const openSuccess = (message: ReactNode = uiMessages.successDefault, options: FeedbackOptions = {}) =>
  openFeedback('success', options.title ?? uiMessages.successTitle, message, options);

/** Title 'Aguarde', 'Estamos processando a solicitação.' (spec §8); returns a close function. */
export const openLoading = (
  message: ReactNode = uiMessages.loadingDefault,
  title: string = uiMessages.loadingTitle,
) => {
  const id = modals.open({
    title,
    centered: true,
    withCloseButton: false,
    closeOnClickOutside: false,
    closeOnEscape: false,
    children: (
      <Group wrap="nowrap" gap="md">
        <Loader size="md" aria-label={title} />
        <Text>{message}</Text>
      </Group>
    ),
  });
  return () => modals.close(id);
};

/** Shows a message error from anything thrown (ApiError messages, else the default). */
export const openErrorFrom = (error: unknown) => {
  const messages = (error as { messages?: string[] } | undefined)?.messages;
  return openError(messages?.length ? messages.join('\n') : undefined);
};

/** A dialog without actions (token refresh: the page reloads or moves to login on its own). */
export const showStatusDialog = (kind: 'success' | 'error', title: string, message: string) => {
  modals.closeAll();
  return modals.open({
    title,
    centered: true,
    withCloseButton: false,
    closeOnClickOutside: false,
    closeOnEscape: false,
    children: <Body kind={kind} message={message} />,
  });
};

export const closeAllDialogs = () => modals.closeAll();
