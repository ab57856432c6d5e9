import { useQuery } from '@tanstack/react-query';
import type { SbcClubView } from '@tradedesk/domain';
import { api } from '../../../lib/api-client';

/** Every club query of the transfer page (SBC_CLUB, the end of a club read, invalidates them). */
export const transferClubsQueryKey = ['transfer', 'club'] as const;

/** GET /api/sbc/club/{accountId}: the seller's club as its last read found it, named from the catalogue. */
export const useSellerClub = (accountId: string | null) =>
  useQuery({
    queryKey: [...transferClubsQueryKey, accountId ?? ''] as const,
    enabled: accountId !== null,
    queryFn: () => api.get<SbcClubView>('sbc', `/club/${encodeURIComponent(accountId ?? '')}`),
  });
