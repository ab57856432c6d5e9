import { z } from 'zod';
import { messages } from '../../messages.js';
import { defaultFollowUp } from '../follow-up.js';
import {
  anyPlayerCriteria,
  checkListingPrices,
  checkPriceOrder,
  filterBaseShape,
  playerCriteriaShape,
} from './base.js';

/** The '59th Minute' (multi rarity) filter: the normal criteria without a name. */
export const rarityFilterShape = z.object({
  ...filterBaseShape,
  type: z.literal('rarity'),
  ...playerCriteriaShape,
});
export type RarityFilter = z.infer<typeof rarityFilterShape>;

/** The 59th Minute rules: ordered prices, listing follow-up, Buy Now above the start price. */
export function checkRarityFilter(filter: RarityFilter, ctx: z.RefinementCtx): void {
  checkPriceOrder(filter, ctx);
  if (filter.followUp.action !== 'list_on_transfer_list') {
    ctx.addIssue({
      code: z.ZodIssueCode.custom,
      path: ['followUp', 'action'],
      message: messages.rarityFilterFollowUp,
    });
  }
  checkListingPrices(filter.followUp, ctx);
}

export const rarityFilterSchema = rarityFilterShape.superRefine(checkRarityFilter);

export const DEFAULT_RARITY_FILTER_LABEL = '59th Minute';

/** Label '59th Minute', criteria any, follow-up list on the transfer list. */
export function defaultRarityFilter(label = DEFAULT_RARITY_FILTER_LABEL): RarityFilter {
  return {
    type: 'rarity',
    label,
    ...anyPlayerCriteria(),
    followUp: { ...defaultFollowUp(), action: 'list_on_transfer_list' },
  };
}
