import '@mantine/notifications/styles.css';
import { Notifications } from '@mantine/notifications';
import classes from './notifications-host.module.css';

/**
 * Where notifications appear (mounted by the app layout): top right, below the app bar, so a toast
 * never covers the user menu. Mantine renders a container for every position: only the top-right
 * one, where the toasts go, is moved down.
 */
export const NotificationsHost = () => (
  <Notifications position="top-right" zIndex={1000} limit={4} classNames={{ root: classes.root }} />
);
