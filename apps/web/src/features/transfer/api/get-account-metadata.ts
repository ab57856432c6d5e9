import { useQuery } from '@tanstack/react-query';
import { defaultTransferAccountMetadata, transferAccountMetadataSchema } from '@tradedesk/domain';
import { api } from '../../../lib/api-client';

export const accountMetadataQueryKey = (accountId: string) => ['client-transfer', accountId] as const;

/** GET /api/client-transfer/{accountId}: what the last sync saw; the default when none is stored. */
export const useAccountMetadata = (accountId: string | null) =>
  useQuery({
    queryKey: accountMetadataQueryKey(accountId ?? ''),
    enabled: accountId !== null,
    queryFn: async () => {
      const data = await api.get<unknown>('client-transfer', `/${encodeURIComponent(accountId ?? '')}`);
      const parsed = transferAccountMetadataSchema.safeParse(data);
      return parsed.success ? parsed.data : defaultTransferAccountMetadata();
    },
  });
