import { Alert, Button, Stack, Text, Title } from '@mantine/core';
import { IconMailCheck } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';

/**
 * "Verifique seu e-mail": a public form e-mailed a link; what was sent (`children`), how long the
 * link lasts, back to the login, then the page's own action (`extra`).
 */
export const LinkSentNotice = ({
  testId,
  validity,
  children,
  extra,
}: {
  testId: string;
  /** "1 hora", "7 dias". */
  validity: string;
  children: ReactNode;
  extra?: ReactNode;
}) => (
  <Stack gap="md" aria-live="polite">
    <Title order={1} size="h2">
      Verifique seu e-mail
    </Title>
    <Alert color="brand" variant="light" icon={<IconMailCheck size={20} aria-hidden />} data-testid={testId}>
      <Text size="sm" c="black">
        {children}
      </Text>
    </Alert>
    <Text size="sm" c="gray.7">
      O link vale por {validity} e pode ser usado uma única vez. Confira também a caixa de spam.
    </Text>
    <Button component={Link} to="/login" fullWidth>
      Voltar para o login
    </Button>
    {extra}
  </Stack>
);
