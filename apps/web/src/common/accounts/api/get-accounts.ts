import { queryOptions, useQuery } from '@tanstack/react-query';
import { ACCOUNTS_REFRESH_INTERVAL_MS, accountSchema, type Account } from '@tradedesk/domain';
import { api } from '../../../lib/api-client';

export const accountsQueryKey = ['accounts'] as const;

/** GET /api/account, checked against the shared schema so a malformed row fails loudly here. */
export async function getAccounts(): Promise<Account[]> {
  return accountSchema.array().parse(await api.get<unknown>('account'));
}

/** The user's game accounts, refreshed every five minutes (spec §4). */
export const accountsQueryOptions = () =>
  queryOptions({
    queryKey: accountsQueryKey,
    queryFn: getAccounts,
    refetchInterval: ACCOUNTS_REFRESH_INTERVAL_MS,
  });

export const useAccounts = () => useQuery(accountsQueryOptions());
