import { describe, expect, it } from 'vitest';
import { cardIndex } from './card-index.js';
import { entryJson, presentEntry, type PresentOptions } from './presenter.js';
import type { PricedCardRow } from './repo.js';

const now = new Date('2026-11-22T12:00:00.000Z');
const options: PresentOptions = { now, staleAfterMs: 3_600_000 };
const priced = (price: number, minutesAgo: number, source = 'futbin') => ({
  price,
  source,
  observedAt: new Date(now.getTime() - minutesAgo * 60_000),
});
const unpriced = { price: null, source: null, observedAt: null };

/** Cards with accents, apostrophes and plain names, with every mix of prices. */
function rows(): PricedCardRow[] {
  const cards = ['odegaard', 'pele', "o'", 'mbappe', 'vini']
    .map((name) => cardIndex().searchByName(name, undefined, 1)[0])
    .filter((card) => card !== undefined);
  expect(cards.length).toBeGreaterThanOrEqual(4);
  return cards.flatMap((card) => [
    { card, pc: priced(24_000, 5), ps: priced(23_500, 120, 'live') },
    { card, pc: unpriced, ps: priced(1_000_000, 0) },
    { card, pc: unpriced, ps: unpriced },
  ]);
}

describe('the JSON text of a price database entry', () => {
  it('is the entry the API documents, with and without metadata', () => {
    for (const row of rows()) {
      for (const includeMetadata of [true, false]) {
        const text = entryJson(row, options, includeMetadata);
        expect(JSON.parse(text)).toEqual(presentEntry(row, options, includeMetadata));
      }
    }
  });

  it('ages the same price as the clock moves on and marks it stale past the limit', () => {
    const row: PricedCardRow = {
      card: cardIndex().searchByName('pele', undefined, 1)[0]!,
      pc: priced(5_900_000, 59),
      ps: unpriced,
    };
    const fresh = JSON.parse(entryJson(row, options));
    const later = JSON.parse(entryJson(row, { ...options, now: new Date(now.getTime() + 2 * 60_000) }));
    expect(fresh.pc).toMatchObject({ current: 5_900_000, ageMs: 59 * 60_000, isStale: false });
    expect(later.pc).toMatchObject({ current: 5_900_000, ageMs: 61 * 60_000, isStale: true });
    expect(later.ps).toEqual({ current: null, source: null, observedAt: null, ageMs: null, isStale: true });
    expect(later.isExtinct).toBe(false);
  });
});
