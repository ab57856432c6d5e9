import { z } from 'zod';
import {
  followUpActionSchema,
  isListingDuration,
  ONE_HOUR_SECONDS,
  type ListingDuration,
} from '../enums/filter.js';
import { numberUnitSchema } from '../enums/units.js';
import { intLike, parseNumberInput, priceLike } from './common.js';

/** A listing duration in seconds (number or text), one of the game's six durations. */
export const listingDurationSchema = intLike().refine(
  (value): value is ListingDuration => isListingDuration(value),
  'Invalid listing duration',
);

/** What the session does with a card after buying it. */
export const followUpSchema = z.object({
  action: followUpActionSchema,
  startPrice: priceLike(),
  buyNowPrice: priceLike(),
  duration: listingDurationSchema,
  /** Percent of the price-site price to list at (list at a price-site price). */
  percentage: intLike().pipe(z.number().min(0).max(100)),
});
export type FollowUp = z.infer<typeof followUpSchema>;

/** Send to club, no prices, one-hour duration, 100 % of the price-site price. */
export function defaultFollowUp(): FollowUp {
  return {
    action: 'send_to_club',
    startPrice: 0,
    buyNowPrice: 0,
    duration: ONE_HOUR_SECONDS,
    percentage: 100,
  };
}

/** Price settings: a value and a unit (percentage or fixed). */
export const priceSettingsSchema = z.object({ value: priceLike(), unit: numberUnitSchema });
export type PriceSettings = z.infer<typeof priceSettingsSchema>;

/** Min profit defaults to 0 percent. */
export function defaultMinProfit(): PriceSettings {
  return { value: 0, unit: 'percentage' };
}

/**
 * The follow-up percentage input: a value outside 0..100 is ignored (the previous value
 * stays), a valid one is rounded down to an integer.
 */
export function nextFollowUpPercentage(current: number, input: number | string): number {
  const value = parseNumberInput(input);
  if (value === undefined || value < 0 || value > 100) return current;
  return Math.floor(value);
}
