import { uiMessages } from '@aval/contracts';
import { notifications } from '@mantine/notifications';
import { IconAlertTriangle, IconCheck, IconInfoCircle, IconX } from '@tabler/icons-react';

const closeButtonProps = { 'aria-label': 'Fechar notificação' };

/** Notification default 'Operação executada com sucesso' (spec §8). */
export const notifySuccess = (message: string = uiMessages.notificationDefault, title?: string) =>
  notifications.show({
    title,
    message,
    color: 'success',
    icon: <IconCheck size={18} aria-hidden />,
    closeButtonProps,
  });

export const notifyError = (
  message: string = uiMessages.errorDefault,
  title: string = uiMessages.errorTitle,
) =>
  notifications.show({
    title,
    message,
    color: 'danger',
    icon: <IconX size={18} aria-hidden />,
    closeButtonProps,
  });

export const notifyWarning = (message: string, title: string = uiMessages.alertTitle) =>
  notifications.show({
    title,
    message,
    color: 'warning',
    icon: <IconAlertTriangle size={18} aria-hidden />,
    closeButtonProps,
  });

export const notifyInfo = (message: string, title: string = uiMessages.infoTitle) =>
  notifications.show({
    title,
    message,
    color: 'brand',
    icon: <IconInfoCircle size={18} aria-hidden />,
    closeButtonProps,
  });
