import { z } from 'zod';
import { messages } from '../../messages.js';
import { defaultFollowUp } from '../follow-up.js';
import { anyPlayerCriteria, checkPriceOrder, filterBaseShape, playerCriteriaShape } from './base.js';

/** The '59th Minute' (multi rarity) filter: the normal criteria without a name. */
export const rarityFilterShape = z.object({
  ...filterBaseShape,
  type: z.literal('rarity'),
  ...playerCriteriaShape,
});
export type RarityFilter = z.infer<typeof rarityFilterShape>;

/**
 * The 59th Minute rules: ordered prices and the listing follow-up. Its start and Buy Now prices are
 * not checked: a run lists each card at its own price-database price (the engine never reads them).
 */
export function checkRarityFilter(filter: RarityFilter, ctx: z.RefinementCtx): void {
  checkPriceOrder(filter, ctx);
  if (filter.followUp.action !== 'list_on_transfer_list') {
    ctx.addIssue({
      code: z.ZodIssueCode.custom,
      path: ['followUp', 'action'],
      message: messages.rarityFilterFollowUp,
    });
  }
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
