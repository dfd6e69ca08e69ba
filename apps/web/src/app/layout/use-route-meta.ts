import { useMatches } from 'react-router';
import type { RouteMeta } from '../routing/route-types.js';

/** Metadata of the deepest matched route that has one. */
export const useRouteMeta = (): RouteMeta | undefined => {
  const matches = useMatches();
  for (let i = matches.length - 1; i >= 0; i -= 1) {
    const handle = matches[i]?.handle as RouteMeta | undefined;
    if (handle?.title) return handle;
  }
  return undefined;
};
