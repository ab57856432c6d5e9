import { useIsMutating } from '@tanstack/react-query';

/**
 * The key every save a run's start reads carries (filters, configuration groups, notification
 * providers), so a Start or Proceed can wait for it.
 */
export const runInputMutationKey = ['run-input'] as const;

/**
 * True while such a save is under way, its list refresh included: a start then would send what
 * the page held before the save (the unsaved draft, the old settings).
 */
export const useIsSavingRunInput = () => useIsMutating({ mutationKey: runInputMutationKey }) > 0;
