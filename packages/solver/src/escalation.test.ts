import { describe, expect, it } from 'vitest';
import { proveOrImprove } from './escalation.js';
import { buildProblem } from './problem.js';
import { judgePlacement } from './squad-check.js';
import { exhaustiveOptimum, randomPool, SMALL_POOL_CHALLENGES } from './test-pools.js';

describe('escalation with thresholds rising from a proven bound', () => {
  for (const [index, challenge] of SMALL_POOL_CHALLENGES.entries()) {
    it(`challenge ${index}: finds the true optimum from any bound below it, and proves a squad at it`, () => {
      const pool = randomPool(index * 7 + 3, 17);
      const optimum = exhaustiveOptimum(pool, challenge);
      const built = buildProblem({ challenge, formation: 'f433', market: pool }, challenge.requirements);
      expect(optimum).toBeLessThan(Infinity);
      if (optimum === Infinity || 'infeasible' in built) return;
      const everything = pool.reduce((sum, card) => sum + card.price, 0) + 1;
      for (const below of [1, 37, Math.floor(optimum / 3)]) {
        const outcome = proveOrImprove(
          built.problem,
          everything,
          Infinity,
          { useMilp: false },
          optimum - below,
        );
        expect(outcome).toMatchObject({ finished: true, bound: optimum, answer: { cost: optimum } });
        if (outcome.answer)
          expect(judgePlacement(built.problem, outcome.answer.placement).eligible).toBe(true);
      }
      const closed = proveOrImprove(built.problem, optimum, Infinity, { useMilp: false }, optimum - 50);
      expect(closed).toMatchObject({ finished: true, bound: optimum });
      expect(closed.answer).toBeUndefined();
    }, 30_000);
  }
});
