import { queryOptions, useQuery } from '@tanstack/react-query';
import {
  filterShapeSchema,
  type FodderFilter,
  type NormalFilter,
  type RarityFilter,
} from '@tradedesk/domain';
import { api } from '../../../lib/api-client';

export const filtersQueryKey = ['filters'] as const;

/** The filters the snipe panel edits: Normal, 59th Minute and Fodder. */
export type SnipePanelFilter = NormalFilter | RarityFilter | FodderFilter;

const isPanelFilter = (filter: { type: string }): filter is SnipePanelFilter =>
  filter.type === 'normal' || filter.type === 'rarity' || filter.type === 'fodder';

/** GET /api/filter, checked against the shared shapes; other kinds belong to other pages. */
export async function getSnipeFilters(): Promise<SnipePanelFilter[]> {
  const filters = filterShapeSchema.array().parse(await api.get<unknown>('filter'));
  return filters.filter(isPanelFilter);
}

export const filtersQueryOptions = () =>
  queryOptions({ queryKey: filtersQueryKey, queryFn: getSnipeFilters });

export const useSnipeFilters = () => useQuery(filtersQueryOptions());
