import { discountedCents } from '@tradedesk/domain';
import type { CatalogueProduct } from './catalogue.js';

export interface Quote {
  /** Catalogue price × quantity, in cents. */
  subtotalCents: number;
  /** Taken off by a referral code. */
  discountCents: number;
  /** What the buyer pays. */
  amountCents: number;
}

/**
 * The price of `quantity` units of `product`, with the referral discount when a valid code was
 * given. Rounded once, on the total, so ten units cost the same as one line of ten.
 */
export function quote(
  product: CatalogueProduct,
  quantity: number,
  referralDiscountRate: number | null,
): Quote {
  const subtotalCents = product.price.value * quantity;
  const amountCents =
    referralDiscountRate === null ? subtotalCents : discountedCents(subtotalCents, referralDiscountRate);
  return { subtotalCents, discountCents: subtotalCents - amountCents, amountCents };
}
