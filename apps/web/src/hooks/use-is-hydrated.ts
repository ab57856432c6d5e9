import { useSyncExternalStore } from 'react';

const neverChanges = () => () => {};

/**
 * False while React takes over a prerendered page, true once it has (and on every page the app
 * draws itself). A control that only works with the app behind it is disabled until then: a
 * click on the prerendered HTML would otherwise do nothing, and text typed into it could be lost.
 */
export function useIsHydrated(): boolean {
  return useSyncExternalStore(
    neverChanges,
    () => true,
    () => false,
  );
}
