import { useMutation } from '@tanstack/react-query';
import { messages, type CheckoutRequest } from '@tradedesk/domain';
import { api } from '../../../lib/api-client';
import { notify } from '../../../lib/notify';
import type { CatalogueProduct } from '../types';

/** What a buy button asks for: the product (its own price), how many units, a verified referral code. */
export interface CheckoutOrder {
  product: CatalogueProduct;
  quantity?: number;
  referralCode?: string;
}

/** The checkout body for an order: one unit unless told, the code only when there is one. */
export function checkoutRequest({ product, quantity = 1, referralCode }: CheckoutOrder): CheckoutRequest {
  return {
    productId: product.id,
    priceId: product.price.id,
    quantity,
    type: product.type,
    ...(referralCode ? { code: referralCode } : {}),
  };
}

/** Leaves for the provider's checkout page (a full navigation: it is another site). */
const goTo = (url: string) => window.location.assign(url);

/** POST /api/payment/checkout → the address to pay at; no address is an error (spec §8). */
export function useCheckout() {
  return useMutation({
    mutationFn: (order: CheckoutOrder) =>
      api.post<string | undefined>('payment', '/checkout', checkoutRequest(order)),
    onSuccess: (url) => {
      if (typeof url === 'string' && url !== '') goTo(url);
      else notify.error(messages.checkoutNoUrl);
    },
  });
}
