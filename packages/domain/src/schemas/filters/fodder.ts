import { z } from 'zod';
import { FODDER_RATING_DEFAULT, FODDER_RATING_MAX, FODDER_RATING_MIN } from '../../constants.js';
import { messages } from '../../messages.js';
import { intLike, priceLike } from '../common.js';
import { defaultFollowUp, defaultMinProfit, followUpSchema, priceSettingsSchema } from '../follow-up.js';
import { checkListingPrices, checkPriceOrder, filterBaseShape } from './base.js';

/** Fodder cards: rated 84-94, gold or special only. */
export const fodderPlayerSchema = z.object({
  rating: intLike().pipe(
    z.number().min(FODDER_RATING_MIN, messages.fodderRating).max(FODDER_RATING_MAX, messages.fodderRating),
  ),
  quality: z.enum(['gold', 'special']),
  minPrice: priceLike(),
  maxPrice: priceLike(),
  minProfit: priceSettingsSchema,
});
export type FodderPlayer = z.infer<typeof fodderPlayerSchema>;

export const fodderFilterShape = z.object({
  ...filterBaseShape,
  type: z.literal('fodder'),
  player: fodderPlayerSchema,
  followUp: followUpSchema,
});
export type FodderFilter = z.infer<typeof fodderFilterShape>;

/** The fodder rules: ordered prices and, when listing, Buy Now above the start price. */
export function checkFodderFilter(filter: FodderFilter, ctx: z.RefinementCtx): void {
  checkPriceOrder(filter.player, ctx, ['player']);
  checkListingPrices(filter.followUp, ctx);
}

export const fodderFilterSchema = fodderFilterShape.superRefine(checkFodderFilter);

export const DEFAULT_FODDER_FILTER_LABEL = 'Fodder';

/** Rating 84, gold, prices 0, min profit 0 percent, send to club. */
export function defaultFodderFilter(label = DEFAULT_FODDER_FILTER_LABEL): FodderFilter {
  return {
    type: 'fodder',
    label,
    player: {
      rating: FODDER_RATING_DEFAULT,
      quality: 'gold',
      minPrice: 0,
      maxPrice: 0,
      minProfit: defaultMinProfit(),
    },
    followUp: defaultFollowUp(),
  };
}
