import '@mantine/notifications/styles.css';
import { Notifications } from '@mantine/notifications';

/** Where notifications appear (mounted by the layouts). */
export const NotificationsHost = () => <Notifications position="top-right" zIndex={1000} limit={4} />;
