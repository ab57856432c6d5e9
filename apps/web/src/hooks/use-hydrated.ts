import { useSyncExternalStore } from 'react';

const nothingToWatch = () => () => {};

/**
 * False while React draws the server's markup (the prerender, and the hydration of it), true once
 * the app runs the page: a prerendered control that needs the app's handlers waits for it.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    nothingToWatch,
    () => true,
    () => false,
  );
}
