import { queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import {
  defaultSbcStatistics,
  sbcStatisticsSchema,
  successMessages,
  type Platform,
  type SbcChallengeView,
} from '@tradedesk/domain';
import { api, apiUrl } from '../../../lib/api-client';
import { notify } from '../../../lib/notify';

export const challengesQueryKey = ['sbc', 'challenges'] as const;
export const sbcStatisticsQueryKey = ['statistic', 'sbc'] as const;

/** How often the list is read again while it is empty or a challenge still waits for the catalogue's first squad. */
export const AWAITED_SOLUTION_POLL_MS = 5_000;

/** A challenge (or one of its sub-challenges) the catalogue has not solved yet (nor found unsolvable). */
const awaitsSolution = (challenge: SbcChallengeView): boolean =>
  challenge.subChallenges.length === 0
    ? challenge.solutions.length === 0 && challenge.unsolvableReason === undefined
    : challenge.subChallenges.some(awaitsSolution);

/**
 * Whether the list is still being filled: no challenge yet (the catalogue's first sync, a few
 * seconds after the server starts), or a challenge without its squad.
 */
const awaitsCatalogue = (challenges: readonly SbcChallengeView[] | undefined): boolean =>
  challenges !== undefined && (challenges.length === 0 || challenges.some(awaitsSolution));

/**
 * GET /api/sbc/challenges: top-level challenges, sub-challenges nested, each with its solution
 * priced on `platform`'s market (the account's: console accounts get console prices). While a
 * challenge says its squad is being computed, the list is read again until it arrives: the
 * catalogue's first solve can take minutes after a start and pushes nothing to the page.
 */
export const useChallenges = (platform: Platform) =>
  useQuery(
    queryOptions({
      queryKey: [...challengesQueryKey, platform],
      queryFn: () => api.get<SbcChallengeView[]>('sbc', '/challenges', { platform }),
      refetchInterval: (query) => (awaitsCatalogue(query.state.data) ? AWAITED_SOLUTION_POLL_MS : false),
    }),
  );

/** GET /api/statistic/sbc; defaults when no data returns (spec 001 §7). */
export const useSbcStatistics = () =>
  useQuery(
    queryOptions({
      queryKey: sbcStatisticsQueryKey,
      queryFn: async () => {
        const parsed = sbcStatisticsSchema.safeParse(await api.get<unknown>('statistic', '/sbc'));
        return parsed.success ? parsed.data : defaultSbcStatistics();
      },
    }),
  );

/** DELETE /api/sbc/challenge/{id} (admins), then the page reloads (spec 001 §7). */
export function useDeleteChallenge() {
  return useMutation({
    mutationFn: (challengeId: string) =>
      api.delete<unknown>('sbc', `/challenge/${encodeURIComponent(challengeId)}`),
    // The reload reads every list again (a refetch first would be thrown away) and would take a
    // toast shown now with it: the reloaded page shows it instead.
    onSuccess: () => {
      notify.successAfterReload(successMessages.challengeDeleted);
      window.location.reload();
    },
  });
}

/** Image addresses are built against the API base (spec 001 §7), never fetched as data. */
export const sbcImages = {
  challenge: (imageId: string) => apiUrl('sbc', `/image/challenge/${encodeURIComponent(imageId)}`),
  subChallenge: (imageId: string) => apiUrl('sbc', `/image/sub-challenge/${encodeURIComponent(imageId)}`),
  pack: (imageId: string) => apiUrl('sbc', `/image/pack/${encodeURIComponent(imageId)}`),
  player: (definitionId: number | string) => apiUrl('player-data', `fifa/card/${definitionId}`),
};
