import { useSyncExternalStore } from 'react';

/**
 * The modals host (Mantine's ModalsProvider) is mounted on demand: at once inside the portal
 * layout, and on public pages only when a kit modal is first requested — so the login route does
 * not download the modal code it rarely needs.
 */
let requested = false;
let markMounted: () => void = () => undefined;
const mounted = new Promise<void>((resolve) => {
  markMounted = resolve;
});
const listeners = new Set<() => void>();

/** Asks for the host; resolves once it is mounted (modals opened before that would be lost). */
export const requestModalsHost = (): Promise<void> => {
  if (!requested) {
    requested = true;
    for (const l of listeners) l();
  }
  return mounted;
};

export const modalsHostMounted = () => markMounted();

const subscribe = (l: () => void) => {
  listeners.add(l);
  return () => {
    listeners.delete(l);
  };
};

export const useModalsHostRequested = () => useSyncExternalStore(subscribe, () => requested);
