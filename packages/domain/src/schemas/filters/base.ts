import { z } from 'zod';
import { chemistryStyleIds } from '../../enums/chemistry-style.js';
import { playstyleSchema, qualitySchema } from '../../enums/quality.js';
import { positionSchema } from '../../enums/position.js';
import { raritySchema } from '../../enums/rarity.js';
import { messages } from '../../messages.js';
import { ANY_ID, dateTimeSchema, eaIdSchema, priceLike } from '../common.js';
import { followUpSchema, priceSettingsSchema } from '../follow-up.js';
import { idText, storableText, TEXT_LIMITS } from '../text.js';

/** Fields every filter has. A new, unsaved filter has no id yet. */
export const filterBaseShape = {
  id: idText().optional(),
  updatedAt: dateTimeSchema.optional(),
  label: storableText(TEXT_LIMITS.name).pipe(z.string().trim().min(1, messages.labelRequired)),
  isSelected: z.boolean().optional(),
};

/** Player criteria shared by the normal and the 59th Minute filters (ids: -1 is Any). */
export const playerCriteriaShape = {
  minPrice: priceLike(),
  maxPrice: priceLike(),
  minProfit: priceSettingsSchema,
  quality: qualitySchema,
  rarity: raritySchema,
  league: eaIdSchema,
  club: eaIdSchema,
  nationality: eaIdSchema,
  position: positionSchema,
  playstyle: playstyleSchema,
  chemistryStyle: eaIdSchema.refine((id) => chemistryStyleIds.has(id), 'Invalid chemistry style'),
  followUp: followUpSchema,
};

/** Criteria all set to Any, prices 0, min profit 0 percent. */
export function anyPlayerCriteria() {
  return {
    minPrice: 0,
    maxPrice: 0,
    minProfit: { value: 0, unit: 'percentage' as const },
    quality: 'any' as const,
    rarity: 'any' as const,
    league: ANY_ID,
    club: ANY_ID,
    nationality: ANY_ID,
    position: 'any' as const,
    playstyle: 'any' as const,
    chemistryStyle: ANY_ID,
  };
}

/** 'Max price must be greater than min price' unless the bounds are in order. */
export function checkPriceOrder(
  prices: { minPrice: number; maxPrice: number },
  ctx: z.RefinementCtx,
  path: (string | number)[] = [],
): void {
  if (prices.maxPrice <= prices.minPrice) {
    ctx.addIssue({
      code: z.ZodIssueCode.custom,
      path: [...path, 'maxPrice'],
      message: messages.maxPriceOrder,
    });
  }
}

/** Listing on the transfer list needs a buy-now price above the start price. */
export function checkListingPrices(followUp: z.infer<typeof followUpSchema>, ctx: z.RefinementCtx): void {
  if (followUp.action === 'list_on_transfer_list' && followUp.buyNowPrice <= followUp.startPrice) {
    ctx.addIssue({
      code: z.ZodIssueCode.custom,
      path: ['followUp', 'buyNowPrice'],
      message: messages.buyPriceOrder,
    });
  }
}
