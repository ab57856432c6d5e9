import { useMutation, useQueryClient } from '@tanstack/react-query';
import { filterShapeSchema, type FilterType } from '@tradedesk/domain';
import { api } from '../../../lib/api-client';
import { refreshThenConfirm } from '../../../lib/refresh-then-confirm';
import { runInputMutationKey } from '../../../lib/run-inputs';
import { filtersQueryKey, type SnipePanelFilter } from './get-filters';

/** POST /api/filter (upsert): the stored filter comes back with its id (any kind of filter). */
export function useSaveFilter<F extends { isSelected?: boolean } = SnipePanelFilter>() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: [...runInputMutationKey, 'filter'],
    mutationFn: async (filter: F) => {
      const { isSelected: _selection, ...body } = filter;
      const stored = filterShapeSchema.parse(await api.post<unknown>('filter', '', body));
      return stored as unknown as F & { id: string };
    },
    // "Updated filters" shows once the list holds the saved filter: a Proceed clicked on seeing it
    // finds the filter with its id (before, it could run on the unsaved draft).
    onSuccess: () => refreshThenConfirm(queryClient, [filtersQueryKey], 'Updated filters'),
  });
}

/** DELETE /api/filter/{id}: 'Deleted {label} filter'. */
export function useDeleteFilter() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: [...runInputMutationKey, 'filter'],
    mutationFn: (filter: { id: string; label: string }) =>
      api.delete<unknown>('filter', `/${encodeURIComponent(filter.id)}`),
    // The filter leaves the list (and the selection) as its toast shows.
    onSuccess: (_result, filter) =>
      refreshThenConfirm(queryClient, [filtersQueryKey], `Deleted ${filter.label} filter`),
  });
}

/** GET /api/filter/{id}/share: the 20-character code another user imports. */
export function useShareFilterCode() {
  return useMutation({
    mutationFn: async (id: string) =>
      (await api.get<{ code: string }>('filter', `/${encodeURIComponent(id)}/share`)).code,
  });
}

/** POST /api/filter/import {id: code, type}; the list is refetched after an import (spec §7). */
export function useImportFilter() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (request: { code: string; type: FilterType | 'snipe' }) =>
      api.post<unknown>('filter', '/import', { id: request.code, type: request.type }),
    onSuccess: () => refreshThenConfirm(queryClient, [filtersQueryKey], 'Successfully imported filter'),
  });
}
