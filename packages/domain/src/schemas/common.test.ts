import { z } from 'zod';
import { describe, expect, it } from 'vitest';
import { firstIssueMessage } from '../errors.js';
import { MAX_PRICE } from '../math/price-ladder.js';
import {
  COIN_AMOUNT_MAX,
  coinsLike,
  coinsRangeMessage,
  dateTimeSchema,
  decimalLike,
  intLike,
  parseNumberInput,
  priceLike,
} from './common.js';

describe('number-or-text fields', () => {
  it.each([
    [12, 12],
    ['12', 12],
    [' 42 ', 42],
    ['12.9', 12],
    [7.6, 7],
  ])('coerces %j to the integer %j', (input, expected) => {
    expect(intLike().parse(input)).toBe(expected);
  });

  it.each([
    ['abc', 'Value must be a number'],
    ['', 'Value must be a number'],
    [undefined, 'Value is required'],
    [null, 'Value is required'],
  ])('rejects %j with %j', (input, message) => {
    const result = z.object({ value: intLike() }).safeParse({ value: input });
    expect(result.success).toBe(false);
    if (!result.success) expect(firstIssueMessage(result.error)).toBe(message);
  });
});

describe('number input parsing', () => {
  it.each([
    [5, 5],
    [' 2.5 ', 2.5],
    ['', undefined],
    ['  ', undefined],
    ['1e3', 1000],
    ['abc', undefined],
    [Number.NaN, undefined],
    [Number.POSITIVE_INFINITY, undefined],
    [null, undefined],
  ])('reads %j as %j', (input, expected) => {
    expect(parseNumberInput(input)).toBe(expected);
  });

  it('keeps decimals in decimal fields and rejects other text in words', () => {
    expect(decimalLike().parse('12.75')).toBe(12.75);
    const result = z.object({ price: decimalLike() }).safeParse({ price: 'twelve' });
    expect(result.success ? '' : firstIssueMessage(result.error)).toBe('Price must be a number');
  });
});

describe('date-times', () => {
  it.each([
    ['2025-03-01T10:00:00Z', '2025-03-01T10:00:00.000Z'],
    ['2025-03-01T10:00:00+02:00', '2025-03-01T08:00:00.000Z'],
    ['2025-03-01T10:00:00.123-05:30', '2025-03-01T15:30:00.123Z'],
  ])('accepts %s with an offset and makes it a date', (text, iso) => {
    expect(dateTimeSchema.parse(text).toISOString()).toBe(iso);
  });

  it('accepts a Date as it is', () => {
    const date = new Date('2025-03-01T10:00:00Z');
    expect(dateTimeSchema.parse(date)).toEqual(date);
  });

  it.each(['2025-03-01T10:00:00', '2025-03-01', 'yesterday'])('rejects %s', (text) => {
    const result = dateTimeSchema.safeParse(text);
    expect(result.success).toBe(false);
    if (!result.success)
      expect(firstIssueMessage(result.error)).toBe(
        'This value must be a date and time with its offset (2026-01-31T12:00:00Z)',
      );
  });
});

describe('coins fields', () => {
  const hostile: unknown[] = [
    999_999_999,
    1e308,
    '1e308',
    9_007_199_254_740_992,
    -1,
    'NaN',
    'x'.repeat(1_000),
    null,
  ];

  it.each(hostile)('a game price refuses %j in plain words', (input) => {
    const result = priceLike().safeParse(input);
    expect(result.success).toBe(false);
    if (!result.success) expect(firstIssueMessage(result.error)).toBe(coinsRangeMessage(MAX_PRICE));
  });

  it.each(hostile.filter((input) => input !== 999_999_999))(
    'a coin amount refuses %j in plain words',
    (input) => {
      const result = coinsLike().safeParse(input);
      expect(result.success).toBe(false);
      if (!result.success) expect(firstIssueMessage(result.error)).toBe(coinsRangeMessage(COIN_AMOUNT_MAX));
    },
  );

  it('takes whole coins as numbers or text', () => {
    expect(priceLike().parse('15000000')).toBe(MAX_PRICE);
    expect(coinsLike().parse(250_000)).toBe(250_000);
    expect(coinsRangeMessage(MAX_PRICE)).toBe('Coins must be a whole number from 0 to 15,000,000');
  });
});
