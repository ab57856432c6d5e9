import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { refreshThenConfirm } from '../../../lib/refresh-then-confirm';

export type AdminUser = {
  id: string;
  username: string;
  roles: string[];
  tier: 'none' | 'snipe' | 'transfer';
  credits: number;
  maxAccounts: number;
  discordId: string;
  createdAt: string;
  expiresAt: string | null;
};

export type AdminOrder = {
  id: string;
  productId: string;
  quantity: number;
  amountCents: number;
  status: string;
  createdAt: string;
};

const usersKey = ['admin', 'users'] as const;

/** GET /api/admin/users?search= */
export const useAdminUsers = (search: string) =>
  useQuery({
    queryKey: [...usersKey, search],
    queryFn: () => api.get<AdminUser[]>('admin', '/users', { search: search || undefined }),
  });

/** GET /api/admin/users/:id/orders */
export const useAdminOrders = (userId: string) =>
  useQuery({
    queryKey: ['admin', 'orders', userId],
    queryFn: () => api.get<AdminOrder[]>('admin', `/users/${userId}/orders`),
  });

/** The page's market prices, fetched on load (spec §2: the admin page fetches market prices). */
export const useMarketPrices = () =>
  useQuery({
    queryKey: ['admin', 'market'],
    queryFn: () =>
      api.get<Record<string, unknown>>('player-data', '/market', {
        rarities: 'icon,ut_heroes,team_of_the_week',
      }),
  });

/** One admin action on a user or order; the lists are refetched after it (a refusal is toasted once, by the query client). */
export function useAdminAction<T>(run: (input: T) => Promise<unknown>, success: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: run,
    onSuccess: () => refreshThenConfirm(queryClient, [['admin']], success),
  });
}

export const adminCalls = {
  grantTrial: ({ userId, tier }: { userId: string; tier: 'snipe' | 'transfer' }) =>
    api.post('admin', `/users/${userId}/trial`, { tier }),
  changeCredits: ({ userId, delta }: { userId: string; delta: number }) =>
    api.post('admin', `/users/${userId}/credits`, { delta, requestId: crypto.randomUUID() }),
  refund: (orderId: string) => api.post('admin', `/orders/${orderId}/refund`),
};
