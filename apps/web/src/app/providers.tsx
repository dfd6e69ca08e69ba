import { MantineProvider, type MantineThemeOverride } from '@mantine/core';
import { DatesProvider } from '@mantine/dates';
import { ModalsProvider } from '@mantine/modals';
import { Notifications } from '@mantine/notifications';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';

export const createQueryClient = () =>
  new QueryClient({
    defaultOptions: {
      queries: {
        retry: (count, error) => count < 1 && (error as { status?: number }).status === undefined,
        refetchOnWindowFocus: false,
        staleTime: 30_000,
      },
    },
  });

export const queryClient = createQueryClient();

/** Mantine (branded theme, pt-BR dates, modals, notifications) and TanStack Query. */
export const AppProviders = ({ theme, children }: { theme: MantineThemeOverride; children: ReactNode }) => (
  <MantineProvider theme={theme}>
    <DatesProvider settings={{ locale: 'pt-br', firstDayOfWeek: 0 }}>
      <QueryClientProvider client={queryClient}>
        <ModalsProvider labels={{ confirm: 'Confirmar', cancel: 'Cancelar' }}>
          <Notifications position="top-right" zIndex={1000} />
          {children}
        </ModalsProvider>
      </QueryClientProvider>
    </DatesProvider>
  </MantineProvider>
);
