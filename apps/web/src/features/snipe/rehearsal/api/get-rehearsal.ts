import { useQuery } from '@tanstack/react-query';
import { rehearsalSchema, type Rehearsal } from '@tradedesk/domain';
import { api } from '../../../../lib/api-client';

export const rehearsalQueryKey = (filterIds: readonly string[]) =>
  ['rehearsal', [...filterIds].sort()] as const;

/** How often a running rehearsal's progress is read. */
const PROGRESS_POLL_MS = 1_000;

/** GET /api/rehearsal: the latest rehearsal of exactly these filters as they are now, or null. */
export async function getRehearsal(filterIds: readonly string[]): Promise<Rehearsal | null> {
  const data = await api.get<unknown>('rehearsal', '', { filterIds: filterIds.join(',') });
  return rehearsalSchema.nullable().parse(data);
}

/** The rehearsal of the selected filters, read every second while it runs (or is being started). */
export function useRehearsal(filterIds: readonly string[], isStarting: boolean) {
  return useQuery({
    queryKey: rehearsalQueryKey(filterIds),
    queryFn: () => getRehearsal(filterIds),
    enabled: filterIds.length > 0,
    refetchInterval: (query) =>
      isStarting || query.state.data?.status === 'running' ? PROGRESS_POLL_MS : false,
  });
}
