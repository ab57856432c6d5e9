import { z } from 'zod';
import { searchOptionSchema, type PriceProvider } from '../../enums/filter.js';
import { listingAtProviderNeedsName, messages } from '../../messages.js';
import { DEFAULT_PRICE_PROVIDER } from '../../constants.js';
import { intLike } from '../common.js';
import { storableText, TEXT_LIMITS } from '../text.js';
import { defaultFollowUp } from '../follow-up.js';
import {
  anyPlayerCriteria,
  checkListingPrices,
  checkPriceOrder,
  filterBaseShape,
  playerCriteriaShape,
} from './base.js';

/** Snipes one named player (or criteria) at or below a max Buy Now. */
export const normalFilterShape = z.object({
  ...filterBaseShape,
  type: z.literal('normal'),
  name: storableText(TEXT_LIMITS.name).pipe(z.string().trim()),
  /** Definition id of the named player, when it was picked from the suggestions. */
  playerId: intLike().optional(),
  ...playerCriteriaShape,
  searchOption: searchOptionSchema,
});
export type NormalFilter = z.infer<typeof normalFilterShape>;

/** Whether a min profit is usable for listing at a price-site price. */
export function isValidListingMinProfit(minProfit: { value: number; unit: 'percentage' | 'fixed' }): boolean {
  return minProfit.unit === 'percentage'
    ? minProfit.value > 0 && minProfit.value <= 100
    : minProfit.value > 0;
}

/** The normal filter rules of 000 §5; `provider` names the price database in messages. */
export function checkNormalFilter(filter: NormalFilter, ctx: z.RefinementCtx, provider: PriceProvider): void {
  const listsAtPriceSite = filter.followUp.action === 'list_at_price_site_price';
  if (!listsAtPriceSite) checkPriceOrder(filter, ctx);
  if (listsAtPriceSite && filter.name === '') {
    ctx.addIssue({
      code: z.ZodIssueCode.custom,
      path: ['name'],
      message: listingAtProviderNeedsName(provider),
    });
  }
  if (listsAtPriceSite && !isValidListingMinProfit(filter.minProfit)) {
    ctx.addIssue({
      code: z.ZodIssueCode.custom,
      path: ['minProfit', 'value'],
      message: messages.minProfitRange,
    });
  }
  checkListingPrices(filter.followUp, ctx);
}

/** The normal filter with its rules, for a given price database. */
export function createNormalFilterSchema(provider: PriceProvider = DEFAULT_PRICE_PROVIDER) {
  return normalFilterShape.superRefine((filter, ctx) => checkNormalFilter(filter, ctx, provider));
}
export const normalFilterSchema = createNormalFilterSchema();

/** All criteria any, prices 0, min profit 0 percent, send to club, one hour, top to bottom. */
export function defaultNormalFilter(label = ''): NormalFilter {
  return {
    type: 'normal',
    label,
    name: '',
    ...anyPlayerCriteria(),
    followUp: defaultFollowUp(),
    searchOption: 'top_to_bottom',
  };
}
