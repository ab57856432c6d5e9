import { queryOptions, useQuery } from '@tanstack/react-query';
import type { SbcAccountSolutionView, SbcClubView } from '@tradedesk/domain';
import { api } from '../../../lib/api-client';

/** Every account's club query and its squads. */
export const allClubsQueryKey = ['sbc', 'club'] as const;

/** Every query of one account's club and its squads (a club read invalidates them together). */
export const accountClubQueryKey = (accountId: string) => [...allClubsQueryKey, accountId] as const;

/** One account's squad for one challenge (SBC_SQUAD replaces it when a better one is found). */
export const accountSolutionQueryKey = (accountId: string, challengeId: string) =>
  [...accountClubQueryKey(accountId), 'solution', challengeId] as const;

/**
 * How often a club shown as being read is read again. SBC_CLUB tells when the read is stored; this
 * catches a read whose message the page missed (its socket reconnected meanwhile, or the read was
 * lost with its agent and the server dropped it), which would otherwise stay "Reading…".
 */
export const CLUB_READING_POLL_MS = 5_000;

export const useAccountClub = (accountId: string | undefined) =>
  useQuery(
    queryOptions({
      queryKey: accountClubQueryKey(accountId ?? ''),
      queryFn: () => api.get<SbcClubView>('sbc', `/club/${encodeURIComponent(accountId ?? '')}`),
      enabled: accountId !== undefined,
      refetchInterval: (query) => (query.state.data?.isReading === true ? CLUB_READING_POLL_MS : false),
    }),
  );

/**
 * GET /api/sbc/club/{accountId}/solution/{challengeId}: the squad from the account's club and its
 * market; only asked once the club was read (`accountId` undefined: no query).
 */
export const accountSolutionQuery = (accountId: string | undefined, challengeId: string) =>
  queryOptions({
    queryKey: accountSolutionQueryKey(accountId ?? '', challengeId),
    queryFn: () =>
      api.get<SbcAccountSolutionView>(
        'sbc',
        `/club/${encodeURIComponent(accountId ?? '')}/solution/${encodeURIComponent(challengeId)}`,
      ),
    enabled: accountId !== undefined,
    // A squad is solved on request (about a second): a failure is shown, not retried at once.
    retry: false,
  });

export const useAccountSolution = (accountId: string | undefined, challengeId: string) =>
  useQuery(accountSolutionQuery(accountId, challengeId));

/**
 * The account whose club squads are shown, or undefined: only once its club was read are squads
 * built from its cards (the card on the page and the solver's cost both follow this; so does the
 * server's run, which buys what that squad lacks).
 */
export function useClubAccountId(accountId: string | undefined): string | undefined {
  const club = useAccountClub(accountId);
  return accountId !== undefined && club.data?.readAt ? accountId : undefined;
}

/**
 * The cost shown for a challenge's solution: the account squad's (what a run on that account
 * buys) once it is solved, else the stored market solution's. One source for the challenge card
 * and the solver window, so they show the same figure.
 */
export function shownCost(
  storedCost: number,
  accountSquad: Pick<SbcAccountSolutionView, 'cost'> | undefined,
): number {
  return accountSquad?.cost ?? storedCost;
}
