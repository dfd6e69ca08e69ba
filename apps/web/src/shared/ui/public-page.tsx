import { Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';

/**
 * Pieces of the public pages. The heading is on the login route: it imports nothing more than it
 * draws (the e-mailed-link notice, with its icon, is link-sent-notice.tsx).
 */

/** The heading of a public page's form (login, password, registration): its title and what to do. */
export const PublicHeading = ({
  id,
  title,
  children,
}: {
  id?: string;
  title: ReactNode;
  children: ReactNode;
}) => (
  <div>
    <Title order={1} size="h2" id={id}>
      {title}
    </Title>
    <Text c="gray.7" size="sm" mt={4}>
      {children}
    </Text>
  </div>
);
