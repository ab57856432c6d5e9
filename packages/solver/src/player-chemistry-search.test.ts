import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { placementCost } from './placement.js';
import { playerChemistrySearch } from './player-chemistry-search.js';
import { buildProblem } from './problem.js';
import { judgePlacement } from './squad-check.js';
import { and, exhaustiveOptimum, exhaustivePlacedOptimum, randomPool } from './test-pools.js';

const everyPlayer = (value: number, team = 0) =>
  and(
    { kind: 'playerChemistry', scope: 'min', value },
    ...(team > 0 ? [{ kind: 'chemistry' as const, scope: 'min' as const, value: team }] : []),
  );

/** Each position of a 4-3-3 once or twice, so placement decides who is in position. */
const OWN_POSITIONS = ['GK', 'RB', 'CB', 'LB', 'CM', 'RW', 'ST', 'LW'];

describe('the "every player ≥ m" search against exhaustive search', () => {
  it('finds the exhaustive optimum on random pools (cards in position anywhere)', () => {
    let eligible = 0;
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 10_000 }),
        fc.integer({ min: 13, max: 16 }),
        fc.integer({ min: 1, max: 3 }),
        fc.constantFrom(0, 22),
        (seed, size, least, team) => {
          const pool = randomPool(seed, size);
          const challenge = everyPlayer(least, team);
          const optimum = exhaustiveOptimum(pool, challenge);
          const built = buildProblem({ challenge, formation: 'f433', market: pool }, challenge.requirements);
          if ('infeasible' in built) return optimum === Infinity;
          const above = pool.reduce((sum, card) => sum + card.price, 0) + 1;
          const outcome = playerChemistrySearch(built.problem, above, Infinity);
          expect(outcome?.finished).toBe(true);
          expect(outcome?.bound).toBe(optimum === Infinity ? above : optimum);
          if (outcome?.answer) {
            eligible += 1;
            expect(judgePlacement(built.problem, outcome.answer.placement).eligible).toBe(true);
            expect(placementCost(outcome.answer.placement)).toBe(outcome.answer.cost);
          }
          return true;
        },
      ),
      { numRuns: 60, seed: 28 },
    );
    expect(eligible).toBeGreaterThan(10);
  }, 120_000);

  it('keeps the optimum where each card plays one position (the matching decides)', () => {
    for (const seed of [2, 4, 6, 9, 11, 15]) {
      const pool = randomPool(seed, 13).map((card, k) => ({
        ...card,
        positions: [OWN_POSITIONS[k % OWN_POSITIONS.length] ?? 'CM'],
      }));
      const challenge = everyPlayer(1);
      const optimum = exhaustivePlacedOptimum(pool, challenge);
      const built = buildProblem({ challenge, formation: 'f433', market: pool }, challenge.requirements);
      if ('infeasible' in built) {
        expect(optimum).toBe(Infinity);
        continue;
      }
      const above = pool.reduce((sum, card) => sum + card.price, 0) + 1;
      const outcome = playerChemistrySearch(built.problem, above, Infinity);
      expect(outcome?.bound).toBe(optimum === Infinity ? above : optimum);
    }
  }, 120_000);

  it('leaves other requirements to the other searches', () => {
    const pool = randomPool(1, 14);
    const challenge = and({ kind: 'chemistry', scope: 'min', value: 20 });
    const built = buildProblem({ challenge, formation: 'f433', market: pool }, challenge.requirements);
    if ('infeasible' in built) throw new Error('builds');
    expect(playerChemistrySearch(built.problem, 100_000, Infinity)).toBeUndefined();
  });
});
