import { z } from 'zod';
import { MAX_COIN_UNITS, MIN_COIN_UNITS } from '../math/credits.js';
import { platformSchema } from '../enums/platform.js';
import { messages } from '../messages.js';
import { dateTimeSchema, decimalLike, intLike, nonNegativeIntLike } from './common.js';
import { idText, storableText, TEXT_LIMITS } from './text.js';

export const productTypeValues = [
  'snipe',
  'multi_rarity',
  'transfer',
  'credit',
  'licence',
  'account',
  'vps',
  'coin',
  'other',
] as const;
export const productTypeSchema = z.enum(productTypeValues);
export type ProductType = z.infer<typeof productTypeSchema>;

export const pricePeriodSchema = z.enum(['week', 'month', 'season']);
export type PricePeriod = z.infer<typeof pricePeriodSchema>;
export const pricePeriodLabels: Record<PricePeriod, string> = {
  week: 'Week',
  month: 'Month',
  season: 'Season',
};

/** Subscription page categories. */
export const productCategoryValues = [
  'Headful & Headless Snipes',
  'Multi Rarity Snipes',
  'Coin Transfer',
  'Other',
] as const;
export type ProductCategory = (typeof productCategoryValues)[number];

/** The subscription-page category a product type is shown under. */
export function productCategoryOf(type: ProductType): ProductCategory {
  if (type === 'snipe') return 'Headful & Headless Snipes';
  if (type === 'multi_rarity') return 'Multi Rarity Snipes';
  if (type === 'transfer') return 'Coin Transfer';
  return 'Other';
}

/** A sellable product; the price value is in cents. */
export const productSchema = z.object({
  id: z.string().min(1),
  name: z.string(),
  description: z.string(),
  type: productTypeSchema,
  features: z.array(z.string()),
  price: z.object({ id: z.string().min(1), value: nonNegativeIntLike(), type: pricePeriodSchema }),
});
export type Product = z.infer<typeof productSchema>;

/** POST /payment/checkout; subscriptions always buy quantity 1. */
export const checkoutRequestSchema = z.object({
  productId: idText(),
  priceId: idText(),
  quantity: intLike().pipe(z.number().min(1)).default(1),
  type: productTypeSchema,
  code: z.string().trim().pipe(storableText(TEXT_LIMITS.id)).optional(),
});
export type CheckoutRequest = z.infer<typeof checkoutRequestSchema>;

/** Coin calculator quantity: 0 to 100 units of 100,000 coins. */
export const coinQuantitySchema = intLike().pipe(
  z.number().min(MIN_COIN_UNITS, messages.coinQuantityRange).max(MAX_COIN_UNITS, messages.coinQuantityRange),
);

/** Coins offered by some of a user's accounts; price in euro per 100,000 coins. */
export const coinListingSchema = z.object({
  id: z.string().min(1),
  platform: platformSchema,
  coins: nonNegativeIntLike(),
  averageCoinsPerAccount: nonNegativeIntLike(),
  price: decimalLike(),
  createdAt: dateTimeSchema,
  accountIds: z.array(z.string()),
});
export type CoinListing = z.infer<typeof coinListingSchema>;

export const createListingSchema = z.object({
  accountIds: z.array(z.string().min(1)).min(1, messages.listingNeedsAccount),
  price: decimalLike().pipe(z.number().positive()),
  minimumBalance: nonNegativeIntLike(),
  platform: platformSchema.default('pc'),
});
export type CreateListing = z.infer<typeof createListingSchema>;

export const purchaseListingSchema = z.object({
  id: z.string().min(1),
  buyerAccountId: z.string().min(1, messages.buyerAccountRequired),
  coins: intLike().pipe(z.number().positive()),
});
export type PurchaseListing = z.infer<typeof purchaseListingSchema>;

/** POST /referral/verify */
export const referralVerifySchema = z.object({
  code: z
    .string({ required_error: messages.referralEmpty })
    .trim()
    .min(1, messages.referralEmpty)
    .pipe(storableText(TEXT_LIMITS.id)),
});
