import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Platform } from '@tradedesk/domain';
import { api } from '../../../lib/api-client';
import type { CatalogueProduct } from '../types';

/** GET /api/payment/coins: the coin product of each platform (its price is per 100,000 coins). */
export const coinPricesQueryOptions = () =>
  queryOptions({
    queryKey: ['payment', 'coins'],
    queryFn: () => api.get<Partial<Record<Platform, CatalogueProduct>>>('payment', '/coins'),
  });

export const useCoinPrices = () => useQuery(coinPricesQueryOptions());
