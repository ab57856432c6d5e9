import { useIsMutating, useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

const verifyReferralKey = ['referral', 'verify'] as const;

/** POST /api/referral/verify → whether the code gives the referral discount (default false). */
export const useVerifyReferral = () =>
  useMutation({
    mutationKey: verifyReferralKey,
    mutationFn: async (code: string) =>
      (await api.post<boolean | undefined>('referral', '/verify', { code })) === true,
  });

/**
 * True while a code is being verified: a checkout then would go without the code (full price),
 * so the buy buttons wait for the answer.
 */
export const useIsVerifyingReferral = () => useIsMutating({ mutationKey: verifyReferralKey }) > 0;
