import { Button, Center, Loader, Stack, Text, Title } from '@mantine/core';
import { IconRefresh } from '@tabler/icons-react';
import { lazy, Suspense } from 'react';
import { isRouteErrorResponse, Outlet, useRouteError } from 'react-router';
import { ChunkLoadError } from '../routing/load-with-timeout.js';
import { useModalsHostRequested } from './modals-host-state.js';
import { useDocumentTitle } from './use-document-title.js';

const ModalsHost = lazy(() => import('./modals-host.js').then((m) => ({ default: m.ModalsHost })));

/** Root of every page: the page, and the host of the imperative modals once requested. */
export const RootOutlet = () => {
  const withModals = useModalsHostRequested();
  useDocumentTitle();
  return (
    <>
      <Outlet />
      {withModals && (
        <Suspense fallback={null}>
          <ModalsHost />
        </Suspense>
      )}
    </>
  );
};

/** Shown while the first route loads (guards, lazy screens). */
export const RootFallback = () => (
  <Center mih="100vh">
    <Loader aria-label="Carregando" />
  </Center>
);

/** Last line of defence: load errors (chunk or stylesheet) and anything unexpected. */
export const RootErrorBoundary = () => {
  const error = useRouteError();
  const isLoad = error instanceof ChunkLoadError;
  const message = isLoad
    ? error.message
    : isRouteErrorResponse(error)
      ? `${error.status} ${error.statusText}`
      : 'Algo inesperado aconteceu! Por favor contate o administrador do sistema.';
  return (
    <Center mih="100vh" p="md">
      <Stack align="center" maw={480} ta="center">
        <Title order={1} size="h2">
          {isLoad ? 'Falha ao carregar' : 'Atenção!'}
        </Title>
        <Text>{message}</Text>
        <Button leftSection={<IconRefresh size={18} aria-hidden />} onClick={() => window.location.reload()}>
          Recarregar
        </Button>
      </Stack>
    </Center>
  );
};
