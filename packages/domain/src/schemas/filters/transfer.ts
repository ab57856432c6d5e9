import { z } from 'zod';
import { ONE_HOUR_SECONDS } from '../../enums/filter.js';
import { qualitySchema } from '../../enums/quality.js';
import { raritySchema } from '../../enums/rarity.js';
import { TRANSFER_FILTER_DEFAULT_DELAY_MS } from '../../constants.js';
import { messages } from '../../messages.js';
import { countLike, priceLike } from '../common.js';
import { storableText, TEXT_LIMITS } from '../text.js';
import { listingDurationSchema } from '../follow-up.js';
import { filterBaseShape } from './base.js';

/**
 * The card of a coin transfer: the seller lists it at `value` (Buy Now), the buyer buys it.
 * bidPrice/buyNowPrice/buyBackDuration/delay are the buyer's auto-list (or buy-back) listing.
 */
export const transferPlayerSchema = z.object({
  id: countLike(),
  name: storableText(TEXT_LIMITS.name).pipe(z.string().trim()),
  value: priceLike(),
  bidPrice: priceLike(),
  buyNowPrice: priceLike(),
  quality: qualitySchema,
  rarity: raritySchema,
  duration: listingDurationSchema,
  buyBackDuration: listingDurationSchema,
  delay: countLike(),
  enableAutoList: z.boolean(),
  enableAutoBuyBack: z.boolean(),
});
export type TransferPlayer = z.infer<typeof transferPlayerSchema>;

export const transferFilterShape = z.object({
  ...filterBaseShape,
  type: z.literal('transfer'),
  player: transferPlayerSchema,
});
export type TransferFilter = z.infer<typeof transferFilterShape>;

/** The transfer filter rules of 001 §5: rarity not Any; Buy Now above bid when a listing follows. */
export function checkTransferFilter(filter: TransferFilter, ctx: z.RefinementCtx): void {
  const { player } = filter;
  if (player.rarity === 'any') {
    ctx.addIssue({
      code: z.ZodIssueCode.custom,
      path: ['player', 'rarity'],
      message: messages.transferRarityAny,
    });
  }
  if ((player.enableAutoList || player.enableAutoBuyBack) && player.buyNowPrice <= player.bidPrice) {
    ctx.addIssue({
      code: z.ZodIssueCode.custom,
      path: ['player', 'buyNowPrice'],
      message: messages.transferBuyNowOverBid,
    });
  }
}

export const transferFilterSchema = transferFilterShape.superRefine(checkTransferFilter);

/** Delay 1000 ms, durations one hour, nothing chosen yet. */
export function defaultTransferFilter(label = ''): TransferFilter {
  return {
    type: 'transfer',
    label,
    player: {
      id: 0,
      name: '',
      value: 0,
      bidPrice: 0,
      buyNowPrice: 0,
      quality: 'any',
      rarity: 'any',
      duration: ONE_HOUR_SECONDS,
      buyBackDuration: ONE_HOUR_SECONDS,
      delay: TRANSFER_FILTER_DEFAULT_DELAY_MS,
      enableAutoList: false,
      enableAutoBuyBack: false,
    },
  };
}
