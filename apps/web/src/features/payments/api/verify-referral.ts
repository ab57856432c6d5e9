import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/** POST /api/referral/verify → whether the code gives the referral discount (default false). */
export const useVerifyReferral = () =>
  useMutation({
    mutationFn: async (code: string) =>
      (await api.post<boolean | undefined>('referral', '/verify', { code })) === true,
  });
