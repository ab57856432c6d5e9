import { queryOptions, useQuery } from '@tanstack/react-query';
import { configurationSchema, type Configuration } from '@tradedesk/domain';
import { api } from '../../../lib/api-client';

export const configurationQueryKey = ['configuration'] as const;

/** GET /api/configuration; a missing group takes its defaults (shared schema). */
export async function getConfiguration(): Promise<Configuration> {
  return configurationSchema.parse(await api.get<unknown>('configuration'));
}

export const configurationQueryOptions = () =>
  queryOptions({ queryKey: configurationQueryKey, queryFn: getConfiguration });

export const useConfiguration = () => useQuery(configurationQueryOptions());
