import type { AccountRow } from './repo.js';

/**
 * An account as lists and responses show it: never the password or backup code.
 * `runningFilterIds` (the running session's filters) is given by the list, which reads leases.
 */
export function presentAccount(row: AccountRow, runningFilterIds?: string[]) {
  return {
    id: row.id,
    username: row.username,
    email: row.email,
    imageUrl: row.imageUrl,
    platform: row.platform,
    coins: row.coins,
    status: row.status,
    description: row.description,
    isManualLogin: row.isManualLogin,
    profits: row.profits,
    session: { requests: row.sessionRequests, searches: row.sessionSearches },
    createdAt: row.createdAt.toISOString(),
    ...(runningFilterIds === undefined ? {} : { runningFilterIds }),
  };
}
