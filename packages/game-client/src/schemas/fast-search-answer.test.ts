import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { auctionFields, itemFields, readSearchAnswerFast } from './fast-search-answer.js';
import { auctionInfoSchema, itemDataSchema } from './items.js';
import { searchAnswerSchema } from './market.js';

/** The schema's fields and which of them a listing must carry. */
function fieldsOf(schema: z.AnyZodObject, without: readonly string[] = []) {
  const shape = schema.shape as Record<string, z.ZodTypeAny>;
  const keys = Object.keys(shape).filter((key) => !without.includes(key));
  return {
    keys: keys.sort(),
    required: keys.filter((key) => !(shape[key] as z.ZodTypeAny).isOptional()).sort(),
  };
}

function readerFields(fields: typeof itemFields) {
  return {
    keys: Object.keys(fields).sort(),
    required: Object.keys(fields)
      .filter((key) => fields[key]?.required === true)
      .sort(),
  };
}

const listing = (tradeId: number) => ({
  tradeId,
  tradeIdStr: String(tradeId),
  tradeState: 'active',
  bidState: 'none',
  buyNowPrice: 700,
  startingBid: 650,
  currentBid: 0,
  offers: 0,
  expires: 3_540,
  watched: null,
  tradeOwner: false,
  sellerName: 'Seller',
  sellerId: 0,
  confidenceValue: 100,
  coinsProcessed: 0,
  unknownField: { nested: true },
  itemData: {
    id: 100_000_000_000 + tradeId,
    assetId: 20_801,
    resourceId: 20_801,
    definitionId: 20_801,
    rating: 86,
    rareflag: 1,
    preferredPosition: 'ST',
    possiblePositions: ['ST', 'LW'],
    itemType: 'player',
    discardValue: 516,
    untradeable: false,
    timestamp: 1_700_000_000.5,
    groups: [1, 4],
    somethingNew: 'dropped',
  },
});

describe('the search answer read without zod', () => {
  it('reads every field the listing schemas have, and requires the ones they require', () => {
    // A field added to the schema but not to the fast reader would vanish from every search
    // page the engine sees: this fails until the reader learns it.
    expect(readerFields(itemFields)).toEqual(fieldsOf(itemDataSchema));
    expect(readerFields(auctionFields)).toEqual(fieldsOf(auctionInfoSchema, ['itemData']));
    expect(Object.keys(searchAnswerSchema.shape).sort()).toEqual(['auctionInfo', 'bidTokens']);
  });

  it('reads a page exactly as the schema does, unknown fields dropped', () => {
    const page = { auctionInfo: [listing(1), listing(2)], bidTokens: {} };
    const fast = readSearchAnswerFast(page);
    expect(fast).toBeDefined();
    expect(fast).toEqual(searchAnswerSchema.parse(page));
    expect(fast?.auctionInfo[0]).not.toHaveProperty('unknownField');
    expect(readSearchAnswerFast({ auctionInfo: null })).toEqual({ auctionInfo: [] });
  });

  it('leaves anything unusual to zod: an id sent as a string, a missing or wrong field', () => {
    expect(readSearchAnswerFast({ auctionInfo: [{ ...listing(1), tradeId: '7' }] })).toBeUndefined();
    const { buyNowPrice: _missing, ...withoutPrice } = listing(1);
    expect(readSearchAnswerFast({ auctionInfo: [withoutPrice] })).toBeUndefined();
    expect(readSearchAnswerFast({ auctionInfo: [{ ...listing(1), tradeState: 'sold' }] })).toBeUndefined();
    expect(readSearchAnswerFast({ auctionInfo: {} })).toBeUndefined();
    expect(readSearchAnswerFast([])).toBeUndefined();
  });

  it('never answers what zod would not (random listings)', () => {
    const value = fc.oneof(
      fc.integer(),
      fc.double(),
      fc.string({ maxLength: 4 }),
      fc.boolean(),
      fc.constant(null),
      fc.constantFrom('active', 'closed', '12'),
      fc.array(fc.oneof(fc.integer(), fc.string({ maxLength: 2 })), { maxLength: 3 }),
    );
    const mutated = fc.record({
      field: fc.constantFrom(...Object.keys(listing(1)), 'itemData.id', 'itemData.rating', 'itemData.groups'),
      value: fc.option(value, { nil: undefined }),
    });
    fc.assert(
      fc.property(fc.array(mutated, { maxLength: 3 }), (mutations) => {
        const entry: Record<string, unknown> = structuredClone(listing(3));
        for (const { field, value: replacement } of mutations) {
          const [outer, inner] = field.split('.') as [string, string | undefined];
          const target = (inner === undefined ? entry : entry[outer]) as Record<string, unknown>;
          if (typeof target !== 'object' || target === null) continue;
          const key = inner ?? outer;
          if (replacement === undefined) delete target[key];
          else target[key] = replacement;
        }
        const page = { auctionInfo: [entry] };
        const fast = readSearchAnswerFast(structuredClone(page));
        const slow = searchAnswerSchema.safeParse(structuredClone(page));
        if (fast !== undefined) expect(slow.success && slow.data).toEqual(fast);
        // What the shape check takes, zod takes too; and a page zod refuses never passes it.
        if (!slow.success) expect(fast).toBeUndefined();
      }),
      { numRuns: 500, seed: 14 },
    );
  });
});
