import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import type { CatalogueProduct } from '../types';

/** GET /api/payment/plans (never cached: prices are the operator's to change). */
export const plansQueryOptions = () =>
  queryOptions({
    queryKey: ['payment', 'plans'],
    queryFn: () => api.get<CatalogueProduct[]>('payment', '/plans'),
    staleTime: 0,
  });

export const usePlans = () => useQuery(plansQueryOptions());
