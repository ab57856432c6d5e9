import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';
import { readPlayersQuery, withPlayersQuery, type PlayersQuery } from './players-query';

/**
 * The page's state kept in the address: each change is a history entry, so the back button
 * returns to the previous search, filters or page.
 */
export function usePlayersQuery() {
  const [params, setParams] = useSearchParams();
  const query = useMemo(() => readPlayersQuery(params), [params]);
  const update = useCallback(
    (change: Partial<PlayersQuery>) => setParams(withPlayersQuery(params, { ...query, page: 1, ...change })),
    [params, query, setParams],
  );
  const reset = useCallback(() => setParams(withPlayersQuery(params, undefined)), [params, setParams]);
  return { query, update, reset };
}
