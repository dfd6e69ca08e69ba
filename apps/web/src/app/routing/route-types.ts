import type { PermissionId } from '@aval/contracts';
import type { ComponentType } from 'react';

/**
 * Who may open a route (routes.tsv `access`): `public` only when logged out, `any` always,
 * `auth` a signed-in user holding any one of `permissions`, `admin` the administrator rule.
 */
export type RouteAccess = 'public' | 'any' | 'auth' | 'admin';

export type Crumb = { title: string; url?: string };

/** Metadata kept in the route's `handle` (guards, titles, breadcrumb). */
export type RouteMeta = {
  title: string;
  access: RouteAccess;
  /** Any one of these is required (spec §6); empty or absent: any signed-in user. */
  permissions?: readonly PermissionId[];
  /** Only these user types may open it (a screen whose calls serve only them); absent: any. */
  userTypes?: readonly number[];
  /** Middle crumbs of the breadcrumb (the page itself is the active last crumb). */
  crumbs?: Crumb[];
  /** Short text under the title of an 'Em construção' page. */
  description?: string;
  /**
   * The page reads and writes no server state through TanStack Query (the sign-in pages): it is
   * mounted outside the query scope, so the first screen ships without the library.
   */
  withoutQueries?: true;
};

export type PageModule = { default: ComponentType } | Record<string, unknown>;

/** One page of a feature: path of routes.tsv, metadata, and its lazily loaded screen. */
export type PageDef = RouteMeta & {
  path: string;
  /** Lazy screen; absent: the 'Em construção' page of the shell. */
  page?: () => Promise<ComponentType>;
  /**
   * The page's first read, started once the guard lets the user in, while the screen's code
   * downloads (the home: its figures do not wait for the code to ask).
   */
  prefetch?: () => Promise<unknown>;
};

export const definePages = (pages: PageDef[]): PageDef[] => pages;
