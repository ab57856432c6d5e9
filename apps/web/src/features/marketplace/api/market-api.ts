import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  marketMessages,
  type CoinListing,
  type CreateListing,
  type MarketOrderView,
  type PurchaseListing,
} from '@tradedesk/domain';
import { api } from '../../../lib/api-client';
import { notify } from '../../../lib/notify';
import { refreshThenConfirm } from '../../../lib/refresh-then-confirm';

/** A listing as GET /api/market/coins presents it (the spec's CoinListing, dates as text). */
export type ListingView = Omit<CoinListing, 'createdAt'> & {
  createdAt: string;
  isOwn: boolean;
  isOpen: boolean;
  closedReason: string;
};

export const marketQueryKeys = {
  all: ['market'] as const,
  listings: ['market', 'listings'] as const,
  own: ['market', 'own'] as const,
  orders: ['market', 'orders'] as const,
  balance: ['market', 'balance'] as const,
};

const isLive = (order: MarketOrderView) =>
  order.status === 'awaiting_payment' || order.status === 'paid' || order.status === 'delivering';

export const useListings = () =>
  useQuery({ queryKey: marketQueryKeys.listings, queryFn: () => api.get<ListingView[]>('market', '/coins') });

/** The caller's own listings, by their licence token ('me' for a session signed in by code). */
export const useOwnListings = (token: string | null) =>
  useQuery({
    queryKey: marketQueryKeys.own,
    queryFn: () => api.get<ListingView[]>('market', `/coins/${encodeURIComponent(token || 'me')}`),
  });

/** The user's orders; while one is under way they are read again every few seconds as well. */
export const useOrders = () =>
  useQuery({
    queryKey: marketQueryKeys.orders,
    queryFn: () => api.get<MarketOrderView[]>('market', '/orders'),
    refetchInterval: (query) => (query.state.data?.some(isLive) ? 5_000 : false),
  });

export const useMarketBalance = () =>
  useQuery({
    queryKey: marketQueryKeys.balance,
    queryFn: () => api.get<{ payoutCents: number; refundedCents: number }>('market', '/balance'),
  });

export function useCreateListing(onDone: () => void) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (listing: CreateListing) => api.post<ListingView>('market', '/coins', listing),
    // The modal stays open (Submit pending) until the listings show the new one with its toast.
    onSuccess: async () => {
      await refreshThenConfirm(client, [marketQueryKeys.all], marketMessages.listingCreated);
      onDone();
    },
  });
}

/** Opens the order, then leaves for the checkout; the page shows the order when the buyer returns. */
export function usePurchase(onDone: () => void) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, ...body }: PurchaseListing) =>
      api.post<{ url: string; orderId: string }>('market', `/coins/${encodeURIComponent(id)}`, body),
    onSuccess: ({ url }) => {
      notify.success(marketMessages.orderSubmitted);
      void client.invalidateQueries({ queryKey: marketQueryKeys.all });
      onDone();
      window.location.assign(url);
    },
  });
}

export function useSyncBalances() {
  return useMutation({
    mutationFn: (accountIds: string[]) => api.post<{ ok: boolean }>('market', '/sync', { accountIds }),
    onSuccess: () => notify.blank(marketMessages.syncRequested),
  });
}
