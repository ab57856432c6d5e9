import type { QueryClient, QueryKey } from '@tanstack/react-query';
import { notify } from './notify';

/**
 * A save's success toast, shown once the queries it changed were read again: what the user clicks
 * on seeing it (Start, Proceed, a row's button) reads the saved state, not the one from before.
 */
export async function refreshThenConfirm(
  queryClient: QueryClient,
  queryKeys: readonly QueryKey[],
  message: string,
): Promise<void> {
  await Promise.all(queryKeys.map((queryKey) => queryClient.invalidateQueries({ queryKey })));
  notify.success(message);
}
