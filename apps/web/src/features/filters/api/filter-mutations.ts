import { useMutation, useQueryClient } from '@tanstack/react-query';
import { filterShapeSchema, type FilterType } from '@tradedesk/domain';
import { api } from '../../../lib/api-client';
import { notify } from '../../../lib/notify';
import { filtersQueryKey, type SnipePanelFilter } from './get-filters';

/** POST /api/filter (upsert): the stored filter comes back with its id (any kind of filter). */
export function useSaveFilter<F extends { isSelected?: boolean } = SnipePanelFilter>() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (filter: F) => {
      const { isSelected: _selection, ...body } = filter;
      const stored = filterShapeSchema.parse(await api.post<unknown>('filter', '', body));
      return stored as unknown as F & { id: string };
    },
    // "Updated filters" shows once the list holds the saved filter: a Proceed clicked on seeing it
    // finds the filter with its id (before, it could run on the unsaved draft).
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: filtersQueryKey });
      notify.success('Updated filters');
    },
  });
}

/** DELETE /api/filter/{id}: 'Deleted {label} filter'. */
export function useDeleteFilter() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (filter: { id: string; label: string }) =>
      api.delete<unknown>('filter', `/${encodeURIComponent(filter.id)}`),
    onSuccess: async (_result, filter) => {
      notify.success(`Deleted ${filter.label} filter`);
      await queryClient.invalidateQueries({ queryKey: filtersQueryKey });
    },
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
    onSuccess: async () => {
      notify.success('Successfully imported filter');
      await queryClient.invalidateQueries({ queryKey: filtersQueryKey });
    },
  });
}
