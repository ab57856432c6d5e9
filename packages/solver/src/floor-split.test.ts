import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { floorSplitSearch } from './floor-split.js';
import { placementCost } from './placement.js';
import { buildProblem } from './problem.js';
import { judgePlacement } from './squad-check.js';
import { and, exhaustiveOptimum, exhaustivePlacedOptimum, randomPool } from './test-pools.js';
import type { MarketCard, OwnedCard } from './types.js';

const everyPlayer = (value: number) => and({ kind: 'playerChemistry', scope: 'min', value });

/**
 * The standard pool in small: owned fodder far below the market's floor price and market cards
 * mostly at that floor, so below the bounds asked at most one market card fits and the optimum
 * often holds one.
 */
function fodderAndFloor(seed: number, owned: number, market: number) {
  const cards = randomPool(seed, owned + market);
  const fodder: OwnedCard[] = cards.slice(0, owned).map((card, k) => ({
    ...card,
    itemId: 9000 + k,
    sellValue: 40 + ((card.rating * 7 + k * 13) % 30),
  }));
  const listed: MarketCard[] = cards
    .slice(owned)
    .map((card, k) => ({ ...card, price: k % 3 === 0 ? 200 + (card.price % 50) : 200 }));
  const atCost: MarketCard[] = [...fodder.map((card) => ({ ...card, price: card.sellValue })), ...listed];
  return { owned: fodder, market: listed, atCost };
}

describe('the split by floor-price cards against exhaustive search', () => {
  it('proves the exhaustive optimum below bounds where one market card fits', () => {
    let withMarketCard = 0;
    let split = 0;
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 10_000 }),
        fc.integer({ min: 10, max: 13 }),
        fc.integer({ min: 3, max: 6 }),
        fc.integer({ min: 1, max: 2 }),
        (seed, owned, market, least) => {
          const pool = fodderAndFloor(seed, owned, market);
          const challenge = everyPlayer(least);
          const built = buildProblem({ challenge, formation: 'f433', ...pool }, challenge.requirements);
          const optimum = exhaustiveOptimum(pool.atCost, challenge);
          if ('infeasible' in built) return optimum === Infinity;
          const costs = pool.atCost.map((card) => card.price).sort((a, b) => a - b);
          // The most a squad with one market card can cost: two no longer fit below it.
          const upper = 2 * 200 + costs.slice(0, 9).reduce((sum, cost) => sum + cost, 0);
          const outcome = floorSplitSearch(built.problem, upper, Infinity);
          expect(outcome).toBeDefined();
          if (!outcome) return false;
          expect(outcome.finished).toBe(true);
          expect(outcome.bound).toBe(Math.min(optimum, upper));
          if (outcome.searches > 1) split += 1;
          if (outcome.answer) {
            expect(judgePlacement(built.problem, outcome.answer.placement).eligible).toBe(true);
            expect(placementCost(outcome.answer.placement)).toBe(outcome.answer.cost);
            if (outcome.answer.placement.some((c) => c?.source === 'market')) withMarketCard += 1;
          }
          return true;
        },
      ),
      { numRuns: 80, seed: 28 },
    );
    // The cases reach the anchored searches, and some optima hold a market card.
    expect(split).toBeGreaterThan(20);
    expect(withMarketCard).toBeGreaterThan(3);
  }, 300_000);

  it('keeps a market card whose twin (same groups) plays another position', () => {
    // The 4-3-3's slots but the striker's: the owned cards leave the striker to the market,
    // where the goalkeeper twin comes first and must not stand in for the striker.
    const slots = ['GK', 'RB', 'CB', 'CB', 'LB', 'CM', 'CM', 'CM', 'RW', 'LW'];
    let proven = 0;
    for (const seed of [1, 2, 3, 4, 5, 6, 7, 8]) {
      const cards = randomPool(seed, 11);
      const owned: OwnedCard[] = slots.map((slot, k) => ({
        ...(cards[k] as MarketCard),
        positions: [slot],
        itemId: 9000 + k,
        sellValue: 40 + k,
      }));
      const twin = cards[10] as MarketCard;
      const market: MarketCard[] = [
        { ...twin, positions: ['GK'], price: 200 },
        { ...twin, assetId: 7000, definitionId: 7000, positions: ['ST'], price: 200 },
      ];
      const challenge = everyPlayer(1);
      const atCost = [...owned.map((card) => ({ ...card, price: card.sellValue })), ...market];
      const optimum = exhaustivePlacedOptimum(atCost, challenge);
      const built = buildProblem({ challenge, formation: 'f433', owned, market }, challenge.requirements);
      if ('infeasible' in built) continue;
      const upper = 2 * 200 + 9 * 40 + 36;
      const outcome = floorSplitSearch(built.problem, upper, Infinity);
      expect(outcome?.bound).toBe(Math.min(optimum, upper));
      if (optimum < upper) proven += 1;
    }
    expect(proven).toBeGreaterThan(0);
  }, 120_000);
});
