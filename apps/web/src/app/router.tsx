import { createBrowserRouter, type RouteObject, redirect } from 'react-router';
import { RootErrorBoundary, RootFallback, RootOutlet } from './layout/root-boundary.js';
import { setNavigator } from './navigation.js';
import { featurePages } from './routes.js';
import { guardLoader, redirectToHomeLoader } from './routing/guards.js';
import { loadWithTimeout } from './routing/load-with-timeout.js';
import type { PageDef, RouteMeta } from './routing/route-types.js';

const underConstruction = () =>
  import('../shared/ui/under-construction-page.js').then((m) => m.UnderConstructionPage);

/** The guard, then (not awaited) the page's first read: it runs while the page's code downloads. */
const prefetchAfter =
  (guard: ReturnType<typeof guardLoader>, prefetch: PageDef['prefetch']) =>
  async (args: { request: Request }) => {
    const result = await guard(args);
    if (prefetch) void prefetch().catch(() => undefined);
    return result;
  };

const toRoute = ({ path, page, prefetch, ...meta }: PageDef): RouteObject => ({
  path,
  handle: meta satisfies RouteMeta,
  loader: prefetchAfter(guardLoader(meta), prefetch),
  lazy: async () => ({ Component: await loadWithTimeout(page ?? underConstruction) }),
});

const framed = (pages: PageDef[]) => pages.filter((p) => p.access === 'public' || p.access === 'any');
const inApp = (pages: PageDef[]) => pages.filter((p) => p.access === 'auth' || p.access === 'admin');

/** Pathless route mounting TanStack Query for its children (every page but the sign-in ones). */
const withQueries = (id: string, children: RouteObject[]): RouteObject => ({
  id,
  lazy: async () => ({
    Component: (await loadWithTimeout(() => import('./query-client.js'))).QueryLayout,
  }),
  children,
});

/**
 * Route tree: public and status pages in a plain frame, the rest inside the portal layout; every
 * page but the sign-in ones (`withoutQueries`) inside the query scope.
 */
export const buildRoutes = (pages: PageDef[] = featurePages): RouteObject[] => [
  {
    id: 'root',
    Component: RootOutlet,
    ErrorBoundary: RootErrorBoundary,
    HydrateFallback: RootFallback,
    children: [
      {
        lazy: async () => ({
          Component: (await loadWithTimeout(() => import('./layout/public-frame.js'))).PublicFrame,
        }),
        children: [
          ...framed(pages)
            .filter((p) => p.withoutQueries)
            .map(toRoute),
          withQueries(
            'queries-public',
            framed(pages)
              .filter((p) => !p.withoutQueries)
              .map(toRoute),
          ),
        ],
      },
      withQueries('queries-app', [
        {
          lazy: async () => ({
            Component: (await loadWithTimeout(() => import('./layout/app-layout.js'))).AppLayout,
          }),
          children: inApp(pages).map(toRoute),
        },
      ]),
      { path: '/redirect-to-home', loader: redirectToHomeLoader, Component: RootFallback },
      { path: '/', loader: () => redirect('/redirect-to-home'), Component: RootFallback },
      { path: '*', loader: () => redirect('/error-404'), Component: RootFallback },
    ],
  },
];

export const createPortalRouter = () => {
  const router = createBrowserRouter(buildRoutes());
  setNavigator((path, options) => {
    void router.navigate(path, options);
  });
  return router;
};
