import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { useIsSignedIn } from '../../../stores/auth-store';

/** GET /api/referral: the signed-in user's own code to share (created on first read; null signed out). */
export const useOwnReferralCode = () =>
  useQuery({
    queryKey: ['referral', 'own'],
    queryFn: async () => (await api.get<{ code: string } | null>('referral'))?.code ?? null,
    enabled: useIsSignedIn(),
    staleTime: Number.POSITIVE_INFINITY,
  });
