import { useMutation } from '@tanstack/react-query';
import { messages, type CheckoutRequest } from '@tradedesk/domain';
import { api } from '../../../lib/api-client';
import { errorMessage, notify } from '../../../lib/notify';

/** Leaves for the provider's checkout page (a full navigation: it is another site). */
const goTo = (url: string) => window.location.assign(url);

/** POST /api/payment/checkout → the address to pay at; no address is an error (spec §8). */
export function useCheckout() {
  return useMutation({
    mutationFn: (request: CheckoutRequest) => api.post<string | undefined>('payment', '/checkout', request),
    onSuccess: (url) => {
      if (typeof url === 'string' && url !== '') goTo(url);
      else notify.error(messages.checkoutNoUrl);
    },
    onError: (error) => notify.error(errorMessage(error)),
  });
}
