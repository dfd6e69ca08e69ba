import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { Outlet } from 'react-router';

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

/** The portal's one query cache, shared by every scope below. */
export const queryClient = createQueryClient();

/**
 * TanStack Query for what it wraps. Not at the root: the sign-in pages keep no server state, so
 * the first screen ships without it (issue 33: login route ≤ 150 KB JS gzip); the router mounts
 * it above the portal layout and above the public pages that read or write (`QueryLayout`), and
 * the modals host mounts it for the modals' contents.
 */
export const QueryScope = ({ children }: { children: ReactNode }) => (
  <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
);

/** Pathless layout route of the router: its child routes inside a `QueryScope`. */
export const QueryLayout = () => (
  <QueryScope>
    <Outlet />
  </QueryScope>
);
