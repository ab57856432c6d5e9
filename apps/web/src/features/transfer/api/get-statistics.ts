import { queryOptions, useQuery } from '@tanstack/react-query';
import {
  defaultTransferStatistics,
  defaultWebStatistics,
  transferStatisticsSchema,
  webStatisticsSchema,
} from '@tradedesk/domain';
import { api } from '../../../lib/api-client';

export const transferStatisticsQueryKey = ['statistic', 'transfer'] as const;
export const webStatisticsQueryKey = ['statistic', 'web'] as const;

/** GET /api/statistic/transfer; defaults when no data returns (spec §7). */
export const useTransferStatistics = () =>
  useQuery(
    queryOptions({
      queryKey: transferStatisticsQueryKey,
      queryFn: async () => {
        const parsed = transferStatisticsSchema.safeParse(await api.get<unknown>('statistic', '/transfer'));
        return parsed.success ? parsed.data : defaultTransferStatistics();
      },
    }),
  );

/** GET /api/statistic/: transfer and snipe totals; defaults when no data returns. */
export const useWebStatistics = () =>
  useQuery(
    queryOptions({
      queryKey: webStatisticsQueryKey,
      queryFn: async () => {
        const parsed = webStatisticsSchema.safeParse(await api.get<unknown>('statistic', '/'));
        return parsed.success ? parsed.data : defaultWebStatistics();
      },
    }),
  );
