import { uiMessages } from '@aval/contracts';
import { Button, Group, Loader, Stack, Text, ThemeIcon } from '@mantine/core';
import { type ModalSettings, modals } from '@mantine/modals';
import { IconAlertTriangle, IconCircleCheck, IconCircleX, IconInfoCircle } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { requestModalsHost } from '../../app/layout/modals-host-state.js';

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
      <Text style={{ flex: 1, whiteSpace: 'pre-line' }} data-testid="feedback-message">
        {message}
      </Text>
    </Group>
  );
};

/** A handle on an opened modal: close it (also before it is shown). */
export type ModalHandle = { close: () => void; opened: Promise<string> };

/** Opens a modal through the kit (mounting the modals host first when needed). */
export const openModal = (settings: ModalSettings): ModalHandle => {
  let cancelled = false;
  let id: string | undefined;
  const opened = requestModalsHost().then(() => {
    id = modals.open({
      ...settings,
      closeButtonProps: { 'aria-label': 'Fechar', ...settings.closeButtonProps },
    });
    if (cancelled) modals.close(id);
    return id;
  });
  return {
    opened,
    close: () => {
      cancelled = true;
      if (id) modals.close(id);
    },
  };
};

export type FeedbackOptions = { title?: string; onClose?: () => void; confirmLabel?: string };

const openFeedback = (kind: FeedbackKind, title: string, message: ReactNode, options: FeedbackOptions) => {
  const handle: ModalHandle = openModal({
    title,
    centered: true,
    onClose: options.onClose,
    children: (
      <Stack>
        <Body kind={kind} message={message} />
        <Group justify="flex-end">
          <Button onClick={() => handle.close()} data-autofocus>
            {options.confirmLabel ?? 'OK'}
          </Button>
        </Group>
      </Stack>
    ),
  });
  return handle;
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
): (() => void) => {
  const handle = openModal({
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
  return handle.close;
};

/** Shows the messages of anything thrown (ApiError messages, else the default). */
export const openErrorFrom = (error: unknown) => {
  const messages = (error as { messages?: string[] } | undefined)?.messages;
  return openError(messages?.length ? messages.join('\n') : undefined);
};

/** A dialog without actions (token refresh: the page reloads or moves to login on its own). */
export const showStatusDialog = (kind: 'success' | 'error', title: string, message: string) => {
  modals.closeAll();
  return openModal({
    title,
    centered: true,
    withCloseButton: false,
    closeOnClickOutside: false,
    closeOnEscape: false,
    children: <Body kind={kind} message={message} />,
  });
};

export const closeAllDialogs = () => modals.closeAll();
