import { z } from 'zod';
import { optionsOf } from './options.js';

/** Kinds of filter; the interface calls the rarity kind '59th Minute'. */
export const filterTypeValues = ['normal', 'rarity', 'fodder', 'transfer'] as const;
export const filterTypeSchema = z.enum(filterTypeValues);
export type FilterType = z.infer<typeof filterTypeSchema>;
export const filterTypeLabels: Record<FilterType, string> = {
  normal: 'Normal',
  rarity: '59th Minute',
  fodder: 'Fodder',
  transfer: 'Transfer',
};
export const filterTypeOptions = optionsOf(filterTypeLabels);

export const snipeModeValues = ['headful', 'headless', 'multi_rarity', 'none'] as const;
export const snipeModeSchema = z.enum(snipeModeValues);
export type SnipeMode = z.infer<typeof snipeModeSchema>;
export const snipeModeLabels: Record<SnipeMode, string> = {
  headful: 'Headful',
  headless: 'Headless',
  multi_rarity: 'Multi Rarity',
  none: 'None',
};

/** Price databases (price sites). */
export const priceProviderValues = ['futbin', 'futwiz', 'futgg'] as const;
export const priceProviderSchema = z.enum(priceProviderValues);
export type PriceProvider = z.infer<typeof priceProviderSchema>;
export const priceProviderLabels: Record<PriceProvider, string> = {
  futbin: 'futbin',
  futwiz: 'futwiz',
  futgg: 'futgg',
};
export const priceProviderOptions = optionsOf(priceProviderLabels);

/** What happens to a card after a successful buy. */
export const followUpActionValues = [
  'send_to_club',
  'list_on_transfer_list',
  'send_to_transfer_list',
  'quick_sell',
  'list_at_price_site_price',
] as const;
export const followUpActionSchema = z.enum(followUpActionValues);
export type FollowUpAction = z.infer<typeof followUpActionSchema>;
export const followUpActionLabels: Record<FollowUpAction, string> = {
  send_to_club: 'Send to club',
  list_on_transfer_list: 'List on transfer list',
  send_to_transfer_list: 'Send to transfer list',
  quick_sell: 'Quick sell',
  list_at_price_site_price: 'List at a price-site price',
};
export const followUpActionOptions = optionsOf(followUpActionLabels);

export const searchOptionValues = ['cheapest', 'top_to_bottom'] as const;
export const searchOptionSchema = z.enum(searchOptionValues);
export type SearchOption = z.infer<typeof searchOptionSchema>;
export const searchOptionLabels: Record<SearchOption, string> = {
  cheapest: 'Cheapest',
  top_to_bottom: 'Top to bottom',
};
export const searchOptionOptions = optionsOf(searchOptionLabels);

/** Transfer-market listing durations in seconds. */
export const listingDurationValues = [3600, 10800, 21600, 43200, 86400, 259200] as const;
export type ListingDuration = (typeof listingDurationValues)[number];
export const listingDurationLabels: Record<ListingDuration, string> = {
  3600: '1 Hour',
  10800: '3 Hour',
  21600: '6 Hours',
  43200: '12 Hours',
  86400: '1 Day',
  259200: '3 Days',
};
export const listingDurationOptions: { value: ListingDuration; label: string }[] = listingDurationValues.map(
  (value) => ({ value, label: listingDurationLabels[value] }),
);
export const ONE_HOUR_SECONDS: ListingDuration = 3600;

/** Whether the seconds are one of the six listing durations. */
export function isListingDuration(value: number): value is ListingDuration {
  return (listingDurationValues as readonly number[]).includes(value);
}
