import { limits } from '@aval/contracts';
import { useCallback, useSyncExternalStore } from 'react';

export type StarredPage = { path: string; title: string };

export const starredKey = (userId: number | string) => `starredPages:${userId}`;

const listeners = new Set<() => void>();
const snapshots = new Map<string, { raw: string | null; value: StarredPage[] }>();

export const readStarred = (userId: number | string): StarredPage[] => {
  const key = starredKey(userId);
  const raw = localStorage.getItem(key);
  const cached = snapshots.get(key);
  if (cached && cached.raw === raw) return cached.value;
  let value: StarredPage[] = [];
  try {
    value = raw ? (JSON.parse(raw) as StarredPage[]) : [];
  } catch {
    value = [];
  }
  snapshots.set(key, { raw, value });
  return value;
};

export type StarResult = 'added' | 'removed' | 'full';

/** Adds or removes a page; at most 10 pages per user (spec §9). */
export const toggleStarred = (userId: number | string, page: StarredPage): StarResult => {
  const list = readStarred(userId);
  const exists = list.some((p) => p.path === page.path);
  if (!exists && list.length >= limits.starredPagesLimit) return 'full';
  const next = exists ? list.filter((p) => p.path !== page.path) : [...list, page];
  localStorage.setItem(starredKey(userId), JSON.stringify(next));
  for (const l of listeners) l();
  return exists ? 'removed' : 'added';
};

const subscribe = (l: () => void) => {
  listeners.add(l);
  return () => {
    listeners.delete(l);
  };
};

export const useStarredPages = (userId: number | string | undefined) => {
  const pages = useSyncExternalStore(subscribe, () => (userId === undefined ? empty : readStarred(userId)));
  const toggle = useCallback(
    (page: StarredPage) => (userId === undefined ? 'full' : toggleStarred(userId, page)),
    [userId],
  );
  return { pages, toggle };
};

const empty: StarredPage[] = [];
