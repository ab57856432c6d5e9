import { z } from 'zod';
import { MAX_COIN_UNITS, MIN_COIN_UNITS } from '../math/credits.js';
import { platformSchema } from '../enums/platform.js';
import { messages } from '../messages.js';
import {
  COIN_AMOUNT_MAX,
  coinsLike,
  dateTimeSchema,
  decimalLike,
  intLike,
  NUMBER_LIMITS,
  nonNegativeIntLike,
  parseNumberInput,
  type NumberLikeSchema,
} from './common.js';

const marketCardRequired = 'Choose the card your account will list for the delivery';
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

/** Whether a euro amount is a whole number of cents (within the float error of two decimals). */
const isWholeCents = (euro: number) => Math.abs(euro * 100 - Math.round(euro * 100)) < 1e-6;

/** The most accounts one listing may hold, and the highest euro price per 100,000 coins. */
export const LISTING_ACCOUNTS_MAX = 50;
export const LISTING_PRICE_MAX_EURO = 10_000;

/** POST /market/coins: accounts of one platform, euro per 100,000 coins, the balance each keeps. */
export const createListingSchema = z.object({
  accountIds: z
    .array(idText())
    .min(1, messages.listingNeedsAccount)
    .max(LISTING_ACCOUNTS_MAX, `A listing holds at most ${LISTING_ACCOUNTS_MAX} accounts`),
  price: decimalLike().pipe(
    z
      .number()
      .min(0.01, 'Price must be at least €0.01 per 100,000 coins')
      .max(LISTING_PRICE_MAX_EURO, `Price must be at most €${LISTING_PRICE_MAX_EURO} per 100,000 coins`)
      // Stored and charged in cents: 9.999 would be listed as €10.00 without a word.
      .refine((euro) => isWholeCents(euro), 'Price must be in whole cents (at most two decimals)'),
  ),
  // Named, not 'Coins must be…': the form's field is Minimum balance (the coins each account keeps).
  minimumBalance: coinsLike(
    COIN_AMOUNT_MAX,
    `Minimum balance must be a whole number from 0 to ${COIN_AMOUNT_MAX.toLocaleString('en-US')}`,
  ),
  platform: platformSchema.default('pc'),
});
export type CreateListing = z.infer<typeof createListingSchema>;

/**
 * The card the buyer's account lists for a delivery: a player's definition id (chosen by name and
 * price from the price database), or the game's own item id of a card in that account's club
 * (e.g. 100000042962, beyond int32: any whole number up to MAX_SAFE_INTEGER is taken).
 */
const deliveryCardIdSchema = z.preprocess(
  (input) => parseNumberInput(input) ?? input,
  z
    .number({ invalid_type_error: marketCardRequired, required_error: marketCardRequired })
    .int(marketCardRequired)
    .positive(marketCardRequired)
    .max(NUMBER_LIMITS.safe, marketCardRequired),
) as unknown as NumberLikeSchema;

/**
 * POST /market/coins/{id}: the coins, the buyer's account that receives them, and the card that
 * account lists for the delivery (ours: the delivery needs a card to sell).
 */
export const purchaseListingSchema = z.object({
  id: idText(),
  buyerAccountId: z.string().min(1, messages.buyerAccountRequired).pipe(idText()),
  // Bounded by the listing itself (the service says how many it can deliver), so only int32 here.
  coins: coinsLike(NUMBER_LIMITS.integer).pipe(z.number().positive('Coins must be greater than 0')),
  cardId: deliveryCardIdSchema,
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
