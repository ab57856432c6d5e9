import { queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import { defaultSbcStatistics, sbcStatisticsSchema, successMessages, type Platform } from '@tradedesk/domain';
import { api, apiUrl } from '../../../lib/api-client';
import { errorMessage, notify } from '../../../lib/notify';

/** One card of a stored solution, as GET /api/sbc/challenges answers it. */
export interface SbcSolutionPlayer {
  definitionId: number;
  position: string;
  slot: number;
  price: number;
  chemistry: number;
  clubId: number;
  nationId: number;
  leagueId: number;
  rating: number;
  name: string;
}

export interface SbcSolutionView {
  solutionId: string;
  createdAt: string;
  /** The market it is priced on: the account's platform (`ps` is console). */
  platform: Platform;
  cost: number;
  proof: { kind: 'optimal' } | { kind: 'bounded'; lowerBound: number; gap: number };
  players: SbcSolutionPlayer[];
}

export interface SbcRewardView {
  type: 'player' | 'pack';
  name?: string;
  description?: string;
  imageId?: string;
}

export interface SbcChallengeView {
  challengeId: string;
  name: string;
  imageId: string;
  rewards: SbcRewardView[];
  expiresAt: string | null;
  solutions: SbcSolutionView[];
  subChallenges: SbcChallengeView[];
}

export const challengesQueryKey = ['sbc', 'challenges'] as const;
export const sbcStatisticsQueryKey = ['statistic', 'sbc'] as const;

/**
 * GET /api/sbc/challenges: top-level challenges, sub-challenges nested, each with its solution
 * priced on `platform`'s market (the account's: console accounts get console prices).
 */
export const useChallenges = (platform: Platform) =>
  useQuery(
    queryOptions({
      queryKey: [...challengesQueryKey, platform],
      queryFn: () => api.get<SbcChallengeView[]>('sbc', '/challenges', { platform }),
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
    onError: (error) => notify.error(errorMessage(error)),
  });
}

/** Image addresses are built against the API base (spec 001 §7), never fetched as data. */
export const sbcImages = {
  challenge: (imageId: string) => apiUrl('sbc', `/image/challenge/${encodeURIComponent(imageId)}`),
  subChallenge: (imageId: string) => apiUrl('sbc', `/image/sub-challenge/${encodeURIComponent(imageId)}`),
  pack: (imageId: string) => apiUrl('sbc', `/image/pack/${encodeURIComponent(imageId)}`),
  player: (definitionId: number | string) => apiUrl('player-data', `fifa/card/${definitionId}`),
};
