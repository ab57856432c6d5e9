import { describe, expect, it } from 'vitest';
import { betterAnswer } from './anytime.js';
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
