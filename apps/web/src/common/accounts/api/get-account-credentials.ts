import { useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from '../../../lib/api-client';

const credentialsSchema = z.object({ email: z.string(), password: z.string(), backupCode: z.string() });
export type AccountCredentials = z.infer<typeof credentialsSchema>;

/** POST /api/user/decrypt: the stored credentials of one account, to prefill the edit form. */
export async function getAccountCredentials(accountId: string): Promise<AccountCredentials> {
  return credentialsSchema.parse(await api.post<unknown>('user', '/decrypt', { token: accountId }));
}

/** Never cached beyond the modal's life: these are secrets. */
export const useAccountCredentials = (accountId: string) =>
  useQuery({
    queryKey: ['account-credentials', accountId],
    queryFn: () => getAccountCredentials(accountId),
    gcTime: 0,
    staleTime: 0,
  });
