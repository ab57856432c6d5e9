import { z } from 'zod';
import { MAX_PRICE } from '../math/price-ladder.js';

/**
 * Bounds of the whole numbers clients send. Every integer field is finite and exact
 * (MAX_SAFE_INTEGER); counts, coins and delays that land in an integer column or a counter
 * stop at INTEGER_MAX (PostgreSQL `integer`).
 */
export const NUMBER_LIMITS = {
  safe: Number.MAX_SAFE_INTEGER,
  integer: 2_147_483_647,
} as const;

/**
 * The number a form field or JSON value holds: a finite number, or trimmed numeric text.
 * Empty text, other text and non-finite numbers give undefined.
 */
export function parseNumberInput(input: unknown): number | undefined {
  if (typeof input === 'number') return Number.isFinite(input) ? input : undefined;
  if (typeof input !== 'string' || input.trim() === '') return undefined;
  const parsed = Number(input.trim());
  return Number.isFinite(parsed) ? parsed : undefined;
}

/**
 * "Number or text" fields: forms submit strings, JSON sends numbers. Numeric text is
 * converted, then truncated to an integer; anything else reaches zod unchanged so the
 * user sees the plain message of the domain's error map ('Buy now price must be a number').
 */
function toIntegerOrPassThrough(input: unknown): unknown {
  const parsed = parseNumberInput(input);
  return parsed === undefined ? input : Math.trunc(parsed);
}

/** Like toIntegerOrPassThrough, decimals kept (euro prices). */
function toNumberOrPassThrough(input: unknown): unknown {
  return parseNumberInput(input) ?? input;
}

/** A number schema whose input is typed as the form or JSON sends it: a number or text. */
export type NumberLikeSchema = z.ZodEffects<z.ZodNumber, number, number | string>;

/** An integer that may arrive as a number or as numeric text. */
export const intLike = (): NumberLikeSchema =>
  z.preprocess(
    toIntegerOrPassThrough,
    z.number().int().min(-NUMBER_LIMITS.safe).max(NUMBER_LIMITS.safe),
  ) as unknown as NumberLikeSchema;

/** A number (decimals kept) that may arrive as numeric text. */
export const decimalLike = (): z.ZodEffects<z.ZodNumber, number, number | string> =>
  z.preprocess(
    toNumberOrPassThrough,
    z.number().min(-NUMBER_LIMITS.safe).max(NUMBER_LIMITS.safe),
  ) as unknown as z.ZodEffects<z.ZodNumber, number, number | string>;

/** A non-negative integer (coins, prices, counts) that may arrive as numeric text. */
export const nonNegativeIntLike = (): NumberLikeSchema =>
  z.preprocess(
    toIntegerOrPassThrough,
    z.number().int().min(0).max(NUMBER_LIMITS.safe),
  ) as unknown as NumberLikeSchema;

/** A count, coin amount or delay a user sets: 0 to INTEGER_MAX, number or numeric text. */
export const countLike = (): NumberLikeSchema =>
  z.preprocess(
    toIntegerOrPassThrough,
    z.number().int().min(0).max(NUMBER_LIMITS.integer),
  ) as unknown as NumberLikeSchema;

/**
 * A setting that takes a whole number from `min` to `max` (number or numeric text). Every refusal
 * (no number, too small, too large) reads `message`, which names the field and its range, so a
 * form's toast or a server answer tells the user what to enter.
 */
export const boundedIntLike = (min: number, max: number, message: string): NumberLikeSchema =>
  z.preprocess(
    toIntegerOrPassThrough,
    z
      .number({ invalid_type_error: message, required_error: message })
      .int(message)
      .min(min, message)
      .max(max, message),
  ) as unknown as NumberLikeSchema;

/** The most coins a reported balance may hold: a game balance fits, and so does its `integer` column. */
export const COINS_MAX = NUMBER_LIMITS.integer;

/** The most coins an amount a user types takes (a balance kept, an order): far above any account. */
export const COIN_AMOUNT_MAX = 500_000_000;

/** The one sentence every coins field answers a value out of its range (or no number) with. */
export const coinsRangeMessage = (max: number) =>
  `Coins must be a whole number from 0 to ${max.toLocaleString('en-US')}`;

/** The message of a reported balance refused for its value. */
export const coinsOutOfRangeMessage = coinsRangeMessage(COINS_MAX);

/**
 * A coin amount as JSON carries it (an account's balance a client reports): a whole number from 0
 * to `max`, so 1e308 or 2^53 is a 400 with a clear message, never a failed insert.
 */
export const coinsSchema = (max: number = COINS_MAX, message: string = coinsRangeMessage(max)) => {
  return z
    .number({ invalid_type_error: message, required_error: message })
    .int(message)
    .min(0, message)
    .max(max, message);
};

/**
 * The same coin amount as a user types it (number or numeric text), at most COIN_AMOUNT_MAX by
 * default: 999,999,999 where prices stop at 15,000,000, 1e308, -1 or 'NaN' get coinsRangeMessage.
 */
export const coinsLike = (max: number = COIN_AMOUNT_MAX, message?: string): NumberLikeSchema =>
  z.preprocess(toIntegerOrPassThrough, coinsSchema(max, message)) as unknown as NumberLikeSchema;

/** A game price in coins: 0 (where 0 means no limit) to the ladder's highest, 15,000,000. */
export const priceLike = (): NumberLikeSchema => coinsLike(MAX_PRICE);

/**
 * A date-time that must carry an offset ('Z' or '+02:00') and becomes a Date.
 * Date objects pass as they are, so server code can parse its own values again.
 */
export const dateTimeSchema = z.preprocess(
  (input) => (input instanceof Date && !Number.isNaN(input.getTime()) ? input.toISOString() : input),
  z
    .string()
    .datetime({ offset: true })
    .transform((text) => new Date(text)),
) as unknown as z.ZodEffects<z.ZodString, Date, string | Date>;

/** An EA numeric id (nation, league, club, chemistry style, rarity); -1 means Any. */
export const eaIdSchema = intLike();

/** The numeric id meaning "any" in every EA id table. */
export const ANY_ID = -1;
