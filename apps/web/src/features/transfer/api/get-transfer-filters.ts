import { useQuery } from '@tanstack/react-query';
import { filterShapeSchema, type TransferFilter } from '@tradedesk/domain';
import { api } from '../../../lib/api-client';
import { filtersQueryKey } from '../../../common/filters';

/** GET /api/filter, the transfer filters only (the same list and key as the snipe filters). */
export const useTransferFilters = () =>
  useQuery({
    queryKey: [...filtersQueryKey, 'transfer'],
    queryFn: async () => {
      const filters = filterShapeSchema.array().parse(await api.get<unknown>('filter'));
      return filters.filter((filter): filter is TransferFilter => filter.type === 'transfer');
    },
  });
