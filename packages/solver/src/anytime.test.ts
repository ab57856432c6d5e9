import { describe, expect, it } from 'vitest';
import { betterAnswer } from './anytime.js';
import { solveChallenge } from './solve.js';
import { and, randomPool, rating } from './test-pools.js';
import type { SolveResult } from './types.js';

type Solved = Extract<SolveResult, { status: 'solved' }>;

const answer = (cost: number, proof: Solved['proof'], assetIds: number[]): Solved => ({
  status: 'solved',
  cost,
  buyCost: cost,
  squad: assetIds.map((assetId, slot) => ({
    slot,
    position: 'ST',
    definitionId: assetId,
    assetId,
    source: 'market',
    cost: cost / assetIds.length,
    rating: 80,
    chemistry: 0,
    clubId: 1,
    leagueId: 1,
    nationId: 1,
  })),
  toBuy: [],
  rating: 80,
  chemistry: 0,
  proof,
  elapsedMs: 10,
  workMs: 100,
});

describe('the anytime answer', () => {
  const bounded = (lowerBound: number, cost: number) =>
    ({ kind: 'bounded', lowerBound, gap: (cost - lowerBound) / cost }) as const;

  it('keeps the cheaper squad with the higher bound, and calls it optimal once they meet', () => {
    const first = answer(1_000, bounded(800, 1_000), [1, 2]);
    const cheaperLowerBound = answer(900, bounded(700, 900), [3, 4]);
    const merged = betterAnswer(first, cheaperLowerBound);
    expect([merged.cost, merged.squad.map((pick) => pick.assetId), merged.proof]).toEqual([
      900,
      [3, 4],
      bounded(800, 900),
    ]);
    // A dearer squad whose search proved the bound at the cheaper one's cost: the cheaper one is optimal.
    const proof = betterAnswer(merged, answer(950, bounded(900, 950), [5, 6]));
    expect([proof.cost, proof.squad.map((pick) => pick.assetId), proof.proof.kind]).toEqual([
      900,
      [3, 4],
      'optimal',
    ]);
    expect(proof.workMs).toBe(300);
  });

  it('keeps the earlier squad on a tie, so a squad shown does not change for nothing', () => {
    const first = answer(1_000, bounded(800, 1_000), [1, 2]);
    const merged = betterAnswer(first, answer(1_000, { kind: 'optimal', method: 'exact' }, [3, 4]));
    expect([merged.squad.map((pick) => pick.assetId), merged.proof.kind]).toEqual([[1, 2], 'optimal']);
  });
});

describe('a refinement started from the squad shown', () => {
  const input = {
    challenge: and({ kind: 'chemistry', scope: 'min', value: 30 }, rating(80)),
    formation: 'f433',
    market: randomPool(5, 1_500),
    useMilp: false,
  } as const;
  // The stage clock says the budget is spent after the start: only the stages a first squad needs run.
  const passedAfterStart = () => {
    let calls = 0;
    return () => (calls++ === 0 ? 0 : 10_000);
  };

  it('never answers a dearer squad, and keeps the bound proven before', () => {
    const shown = solveChallenge({ ...input, workLimitMs: 1_000 });
    const alone = solveChallenge({ ...input, now: passedAfterStart() });
    expect(shown.status).toBe('solved');
    expect(alone.status).toBe('solved');
    if (shown.status !== 'solved' || alone.status !== 'solved') return;
    // Without the squad shown the short solve answers a dearer one (what the refinement must not do).
    expect(alone.cost).toBeGreaterThan(shown.cost);
    const shownBound = shown.proof.kind === 'optimal' ? shown.cost : shown.proof.lowerBound;
    const refined = solveChallenge({
      ...input,
      now: passedAfterStart(),
      startSquad: shown.squad,
      startBound: shownBound,
    });
    expect(refined.status).toBe('solved');
    if (refined.status !== 'solved') return;
    expect(refined.cost).toBeLessThanOrEqual(shown.cost);
    expect(refined.proof.kind === 'optimal' ? refined.cost : refined.proof.lowerBound).toBe(shownBound);
    // Three solves on a 1,500-card pool: seconds at a high load.
  }, 60_000);

  it('ignores a squad that does not meet the challenge', () => {
    const cheap = solveChallenge({ ...input, challenge: and(), now: passedAfterStart() });
    expect(cheap.status).toBe('solved');
    if (cheap.status !== 'solved') return;
    const result = solveChallenge({ ...input, now: passedAfterStart(), startSquad: cheap.squad });
    expect(result.status).toBe('solved');
    if (result.status === 'solved') expect(result.chemistry).toBeGreaterThanOrEqual(30);
  });
});
