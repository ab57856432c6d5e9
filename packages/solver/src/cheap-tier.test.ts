import { describe, expect, it } from 'vitest';
import { cheapTierSearch } from './cheap-tier.js';
import { placementCost } from './placement.js';
import { buildProblem } from './problem.js';
import { judgePlacement } from './squad-check.js';
import { and, exhaustiveOptimum, randomPool } from './test-pools.js';
import type { MarketCard, OwnedCard } from './types.js';

const chemistry = (value: number) => and({ kind: 'chemistry', scope: 'min', value });
const everyPlayer = (value: number) => and({ kind: 'playerChemistry', scope: 'min', value });

/**
 * A small pool as the standard pool has it: owned fodder below the market's floor price (just
 * enough for one squad, which often lacks the chemistry), and market cards most of which sit at
 * that floor, so the optimum often holds floor cards.
 */
function fodderAndFloor(seed: number): { owned: OwnedCard[]; market: MarketCard[] } {
  const cards = randomPool(seed, 19);
  const owned = cards.slice(0, 11).map((card, k) => ({
    ...card,
    itemId: 9000 + k,
    sellValue: 150 + ((card.rating * 7 + k * 13) % 50),
  }));
  const market = cards.slice(11).map((card, k) => ({ ...card, price: k % 3 === 0 ? card.price : 200 }));
  return { owned, market };
}

/** The same cards as a market-only pool at what they cost the solver (for the exhaustive search). */
const atCost = (pool: { owned: OwnedCard[]; market: MarketCard[] }): MarketCard[] => [
  ...pool.owned.map((card) => ({ ...card, price: card.sellValue })),
  ...pool.market,
];

const CHALLENGES = [
  ['chemistry 20', chemistry(20)],
  ['chemistry 26', chemistry(26)],
  ['chemistry 31', chemistry(31)],
  ['every player 2', everyPlayer(2)],
] as const;

/**
 * The tier's bound and squads on four pools against the exhaustive optimum; the cases it bounded,
 * and those whose optimum holds a floor-price card (the bound then rests on the floor).
 */
function checkAgainstExhaustive(challenge: (typeof CHALLENGES)[number][1]) {
  let bounded = 0;
  let optimumAboveTier = 0;
  for (const seed of [3, 5, 8, 13]) {
    const pool = fodderAndFloor(seed);
    const optimum = exhaustiveOptimum(atCost(pool), challenge);
    if (optimum === Infinity) continue;
    const built = buildProblem({ challenge, formation: 'f433', ...pool }, challenge.requirements);
    if ('infeasible' in built) throw new Error('a squad exists, so the problem builds');
    // Asked below a dear squad's cost (every card's sum), as the solve asks below its incumbent.
    const everything = atCost(pool).reduce((sum, card) => sum + card.price, 0) + 1;
    const incumbent = { placement: [], cost: everything };
    const tier = cheapTierSearch(built.problem, incumbent, Infinity);
    if (!tier) continue;
    if (tier.answer) {
      expect(judgePlacement(built.problem, tier.answer.placement).eligible).toBe(true);
      expect(placementCost(tier.answer.placement)).toBe(tier.answer.cost);
      expect(tier.answer.cost).toBeGreaterThanOrEqual(optimum);
    }
    if ((tier.answer?.cost ?? Infinity) > optimum) optimumAboveTier += 1;
    expect(tier.bound).toBeDefined();
    expect(tier.bound).toBeLessThanOrEqual(optimum);
    bounded += 1;
  }
  return { bounded, optimumAboveTier };
}

describe('the cheap tier against exhaustive search on small pools', () => {
  for (const [name, challenge] of CHALLENGES) {
    it(`${name}: its bound never exceeds the optimum, and its squads are eligible`, () => {
      expect(checkAgainstExhaustive(challenge).bounded).toBeGreaterThan(0);
    }, 120_000);
  }
  // Self-contained: the tests run in a shuffled order.
  it('met pools whose optimum holds a floor-price card', () => {
    const above = CHALLENGES.map(([, challenge]) => checkAgainstExhaustive(challenge).optimumAboveTier);
    expect(above.reduce((sum, count) => sum + count, 0)).toBeGreaterThan(0);
  }, 120_000);
});
