import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

export type Receipt = {
  orderId: string;
  status: 'open' | 'paid' | 'cancelled' | 'refunded';
  productName: string;
  quantity: number;
  amountCents: number;
  discountCents: number;
  /** A visitor's new account: present once, on the first read after payment. */
  credentials?: { username: string; token: string };
};

/**
 * POST /api/payment/receipt for the success page. Read once and kept (the token is shown only
 * once); polled while the provider's confirmation has not arrived yet.
 */
export function useReceipt(orderId: string, key: string) {
  return useQuery({
    queryKey: ['payment', 'receipt', orderId],
    queryFn: () => api.post<Receipt>('payment', '/receipt', { orderId, key }),
    enabled: orderId !== '' && key !== '',
    staleTime: Infinity,
    gcTime: Infinity,
    retry: false,
    refetchOnWindowFocus: false,
    refetchInterval: (query) => (query.state.data?.status === 'open' ? 2_000 : false),
  });
}
