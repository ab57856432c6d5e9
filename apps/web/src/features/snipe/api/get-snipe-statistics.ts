import { useQuery } from '@tanstack/react-query';
import { defaultSnipeStatistics, snipeStatisticsSchema } from '@tradedesk/domain';
import { api } from '../../../lib/api-client';

export const snipeStatisticsQueryKey = ['statistic', 'snipe'] as const;

/** GET /api/statistic/snipe; defaults when no data returns (spec §7). */
export const useSnipeStatistics = () =>
  useQuery({
    queryKey: snipeStatisticsQueryKey,
    queryFn: async () => {
      const parsed = snipeStatisticsSchema.safeParse(await api.get<unknown>('statistic', '/snipe'));
      return parsed.success ? parsed.data : defaultSnipeStatistics();
    },
  });
