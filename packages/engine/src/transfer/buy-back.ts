import { transferMessages } from './messages.js';

/** What the seller knows when it is about to buy the card back. */
export interface BuyBackTerms {
  /** The configuration's isBuyBackProtectionEnabled. */
  readonly isProtected: boolean;
  /** The transfer price (the seller's listing's Buy Now). */
  readonly transferPrice: number;
  /** The Buy Now of the buyer's listing (the filter's buyNowPrice). */
  readonly buyNowPrice: number;
  /** The seller's coins now. */
  readonly sellerCoins: number;
  /** The buyer's listing as the seller's search showed it (absent: not seen yet). */
  readonly listing?: { readonly currentBid: number };
}

/**
 * Why the seller must not buy the card back, or null when it may. Whatever the setting, the
 * seller buys only the buyer's own listing (matched by trade id by the search) and only with
 * coins it has. Buy-back protection (isBuyBackProtectionEnabled, on by default) also refuses:
 * - a Buy Now above the transfer price: the buy-back would send back more than the transfer moved;
 * - a listing a third party has bid on: someone else is in the auction, so the card (and the
 *   coins the buyer's account would receive) may not be what the user planned.
 * docs/decisions/transfer.md says the same.
 */
export function buyBackRefusal(terms: BuyBackTerms): string | null {
  if (terms.isProtected && terms.buyNowPrice > terms.transferPrice)
    return transferMessages.buyBackAboveTransfer(terms.buyNowPrice, terms.transferPrice);
  if (terms.sellerCoins < terms.buyNowPrice) return transferMessages.buyBackSellerLacksCoins;
  if (terms.isProtected && (terms.listing?.currentBid ?? 0) > 0) return transferMessages.buyBackThirdPartyBid;
  return null;
}
