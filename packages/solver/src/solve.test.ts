import { describe, expect, it } from 'vitest';
import { greedyBaseline } from './baseline.js';
import { solveChallenge } from './solve.js';
import { and, exhaustiveOptimum, randomPool, rating, SMALL_POOL_CHALLENGES } from './test-pools.js';
import type { MarketCard, OwnedCard } from './types.js';

describe('solver against exhaustive search on small pools', () => {
  for (const [index, challenge] of SMALL_POOL_CHALLENGES.entries()) {
    it(`challenge ${index}: never claims optimal wrongly, never beats the true optimum, bound is sound`, () => {
      for (const seed of [1, 2, 3]) {
        const pool = randomPool(seed * 31 + index, 17);
        const optimum = exhaustiveOptimum(pool, challenge);
        const result = solveChallenge({
          challenge,
          formation: 'f433',
          market: pool,
          searchSteps: 4_000,
          useMilp: false,
        });
        if (optimum === Infinity) {
          expect(result.status).not.toBe('solved');
          continue;
        }
        expect(result.status).toBe('solved');
        if (result.status !== 'solved') continue;
        expect(result.cost).toBeGreaterThanOrEqual(optimum);
        if (result.proof.kind === 'optimal') expect(result.cost).toBe(optimum);
        else expect(result.proof.lowerBound).toBeLessThanOrEqual(optimum);
      }
      // Exhaustive search over 12,376 squads per pool; generous for a loaded machine.
    }, 60_000);
  }
});

describe('solver proofs on small pools', () => {
  // The exact search runs before the timed local search and the greedy: where it proves the
  // optimum those never run, so the answer must still be the optimum and never above the greedy.
  it('proves every feasible small-pool challenge optimal without the MILP, never above the greedy', () => {
    for (const [index, challenge] of SMALL_POOL_CHALLENGES.entries()) {
      const pool = randomPool(31 + index, 17);
      const optimum = exhaustiveOptimum(pool, challenge);
      if (optimum === Infinity) continue;
      const input = { challenge, formation: 'f433', market: pool, workLimitMs: 5_000, useMilp: false };
      const result = solveChallenge(input);
      expect(result.status).toBe('solved');
      if (result.status !== 'solved') continue;
      expect({ index, cost: result.cost, proof: result.proof.kind }).toEqual({
        index,
        cost: optimum,
        proof: 'optimal',
      });
      const greedy = greedyBaseline(input);
      if (greedy) expect(result.cost).toBeLessThanOrEqual(greedy.cost);
    }
  }, 60_000);
});

describe('solver answers', () => {
  const pool = randomPool(7, 400, ['ST']);

  it('uses owned untradeable cards first and lists only market cards to buy', () => {
    const market = randomPool(8, 60);
    const owned: OwnedCard[] = market.slice(0, 5).map((card, index) => ({
      ...card,
      itemId: 500 + index,
      sellValue: 20,
      untradeable: true,
    }));
    const result = solveChallenge({ challenge: and(), formation: 'f433', owned, market, useMilp: false });
    expect(result.status).toBe('solved');
    if (result.status !== 'solved') return;
    expect(result.squad.filter((pick) => pick.source === 'untradeable')).toHaveLength(5);
    expect(result.toBuy).toHaveLength(6);
    expect(result.buyCost).toBe(result.cost - 5 * 20);
    expect(result.toBuy.every((pick) => pick.itemId === undefined)).toBe(true);
  });

  it('never uses two versions of the same player', () => {
    const twins: MarketCard[] = pool.map((card, index) => ({ ...card, assetId: Math.floor(index / 2) }));
    const result = solveChallenge({
      challenge: and(rating(82)),
      formation: 'f433',
      market: twins,
      useMilp: false,
    });
    expect(result.status).toBe('solved');
    if (result.status !== 'solved') return;
    expect(new Set(result.squad.map((pick) => pick.assetId)).size).toBe(11);
  });

  it('proves rating-only challenges optimal and meets the rating through the round-up', () => {
    const result = solveChallenge({
      challenge: and(rating(85)),
      formation: 'f433',
      market: pool,
      useMilp: false,
    });
    expect(result).toMatchObject({ status: 'solved', proof: { kind: 'optimal' } });
    if (result.status === 'solved') expect(result.rating).toBeGreaterThanOrEqual(85);
  });

  it('names the requirement the pool cannot meet', () => {
    const result = solveChallenge({
      challenge: and(rating(97)),
      formation: 'f433',
      market: pool,
      useMilp: false,
    });
    expect(result).toMatchObject({
      status: 'infeasible',
      reason: '"Team Rating: Min. 97" cannot be met with the pool',
    });
    const icons = solveChallenge({
      challenge: and({ kind: 'players', scope: 'min', count: 1, conditions: [{ type: 'legend' }] }),
      formation: 'f433',
      market: pool,
      useMilp: false,
    });
    expect(icons.status).toBe('infeasible');
    if (icons.status !== 'solved') expect(icons.reason).toMatch(/cannot be met with the pool/);
  });

  it('solves an OR challenge by its cheapest alternative', () => {
    const result = solveChallenge({
      challenge: { operation: 'OR', requirements: [rating(88), rating(75)] },
      formation: 'f433',
      market: pool,
      useMilp: false,
    });
    expect(result).toMatchObject({ status: 'solved', proof: { kind: 'optimal' } });
    if (result.status === 'solved') expect(result.rating).toBeLessThan(88);
  });

  it('fills only the open slots when the squad has bricks', () => {
    const result = solveChallenge({
      challenge: and(rating(60)),
      formation: 'f433',
      bricks: [{ slot: 0, brick: { brick: 'plain' } }],
      market: pool,
      useMilp: false,
    });
    expect(result.status).toBe('solved');
    if (result.status === 'solved') expect(result.squad.map((pick) => pick.slot)).not.toContain(0);
  });
});

describe('solver deadline', () => {
  // A fake clock instead of timed assertions: the solve reads its start from the first call,
  // and every later call says the budget is spent, so only the stages a first squad needs run.
  // A challenge the relaxation does not prove on this pool, so the later stages have work (the
  // group-count relaxation now proves "leagues: exactly 2; chemistry 12" at the first stage).
  const challenge = and({ kind: 'chemistry', scope: 'min', value: 30 });
  const market = randomPool(5, 300);
  const passedAfterStart = () => {
    let calls = 0;
    return () => (calls++ === 0 ? 0 : 10_000);
  };

  it('runs no stage after the first squad but the greedy once the deadline has passed, and still answers', () => {
    const result = solveChallenge({
      challenge,
      formation: 'f433',
      market,
      useMilp: false,
      now: passedAfterStart(),
    });
    expect(result.status).toBe('solved');
    if (result.status !== 'solved') return;
    // The greedy runs to its end whatever the clock: no answer is ever above it.
    expect(result.stages).toEqual(['relaxation', 'quick incumbent', 'greedy']);
    expect(result.cost).toBeLessThanOrEqual(greedyBaseline({ challenge, formation: 'f433', market })!.cost);
    // The claim is only the relaxation's: the exact methods that could prove it did not run.
    expect(result.proof.kind).toBe('bounded');
  });

  it('runs the later stages while the clock stays within the budget (the control)', () => {
    const result = solveChallenge({ challenge, formation: 'f433', market, useMilp: false, now: () => 0 });
    expect(result.status).toBe('solved');
    if (result.status !== 'solved') return;
    expect(result.stages).toContain('exact methods');
  });
});
