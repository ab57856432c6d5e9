import type { ChallengeRequirements, SbcRequirement } from '@tradedesk/domain';
import { describe, expect, it } from 'vitest';
import { groupCountRelaxation } from './group-count.js';
import { solveChallenge } from './solve.js';
import { judgePlacement } from './squad-check.js';
import { placeCards, placementCost } from './placement.js';
import { and, exhaustiveOptimum, randomPool, smallPoolCase, withSecondVersions } from './test-pools.js';
import type { MarketCard } from './types.js';

const distinct = (group: 'club' | 'league' | 'nation', scope: 'min' | 'max' | 'exact', value: number) =>
  ({ kind: 'distinctGroups', group, scope, value }) as const;
const players = (
  condition: SbcRequirement & { kind: 'players' } extends { conditions: readonly (infer C)[] } ? C : never,
  scope: 'min' | 'max' | 'exact',
  count: number,
): SbcRequirement => ({ kind: 'players', scope, count, conditions: [condition] });

/**
 * Group-count challenges without a rating. randomPool's clubs are league·100 + 0..2, so a
 * league condition takes whole clubs; a rarity one splits them (and is dropped by the DP).
 */
const CHALLENGES: readonly ChallengeRequirements[] = [
  and(players({ type: 'club', ids: [1300, 1601] }, 'min', 2), distinct('club', 'exact', 4)),
  and(distinct('nation', 'exact', 2)),
  and(distinct('club', 'max', 3)),
  and(distinct('club', 'min', 7), players({ type: 'league', ids: [13] }, 'max', 3)),
  and(distinct('club', 'exact', 5), players({ type: 'club', ids: [1300, 1301] }, 'exact', 3)),
  and(distinct('nation', 'exact', 3), players({ type: 'rarity', rarityIds: [1] }, 'min', 4)),
  and({ kind: 'sameGroup', group: 'club', scope: 'max', value: 2 }, distinct('club', 'exact', 6)),
  and(distinct('league', 'exact', 1), distinct('nation', 'max', 2)),
  and(distinct('league', 'exact', 2), players({ type: 'league', ids: [19] }, 'exact', 9)),
];

const cases = CHALLENGES.flatMap((challenge, index) => [
  ...[1, 2, 3].map((seed) => ({
    name: `challenge ${index} seed ${seed}`,
    challenge,
    pool: randomPool(seed * 17 + index, 17),
    secondVersions: false,
  })),
  // Players with a second version at another club: one player in two groups, one card of him.
  ...[4, 5].map((seed) => ({
    name: `challenge ${index} seed ${seed}, second versions`,
    challenge,
    pool: withSecondVersions(randomPool(seed * 17 + index, 14), seed),
    secondVersions: true,
  })),
]);

/**
 * The relaxation drops only what it says; "exact" means nothing of the challenge was dropped
 * (and no player has two versions in different groups: it takes each group's cards on their own).
 */
const keepsEverything = (challenge: ChallengeRequirements) =>
  challenge.requirements.filter((r) => r.kind === 'distinctGroups').length === 1 &&
  !challenge.requirements.some((r) => r.kind === 'players' && r.conditions.some((c) => c.type === 'rarity'));

/** A case solved, with its exhaustive optimum; an infeasible one must go unsolved. */
function solvedCase(c: (typeof cases)[number], workLimitMs: number) {
  const optimum = exhaustiveOptimum(c.pool, c.challenge);
  const result = solveChallenge({ challenge: c.challenge, formation: 'f433', market: c.pool, workLimitMs });
  if (optimum === Infinity) expect(result.status, c.name).not.toBe('solved');
  return { optimum, result };
}

describe('group-count relaxation against exhaustive search on small pools', () => {
  for (const c of cases) {
    it(`${c.name}: never above the optimum, and exact with its squad eligible when it drops nothing`, () => {
      const { optimum, problem } = smallPoolCase(c.pool, c.challenge);
      if (!problem) {
        expect(optimum).toBe(Infinity);
        return;
      }
      const relaxed = groupCountRelaxation(problem);
      if (!relaxed) throw new Error('the relaxation should apply');
      if ('infeasible' in relaxed) {
        expect(optimum).toBe(Infinity);
        return;
      }
      expect(relaxed.bound).toBeLessThanOrEqual(optimum);
      if (!keepsEverything(c.challenge) || c.secondVersions) return;
      expect(relaxed.bound).toBe(optimum);
      const cards = (relaxed.seeds[0] ?? []).map((i) => problem.candidates[i]!);
      const placement = placeCards(problem, cards);
      expect(placementCost(placement)).toBe(optimum);
      expect(judgePlacement(problem, placement).eligible).toBe(true);
    });
  }

  it('never answers below the optimum, nor claims one it does not have, when players have two versions', () => {
    for (const c of cases.filter((each) => each.secondVersions)) {
      const { optimum, result } = solvedCase(c, 300);
      if (result.status !== 'solved') continue;
      expect(result.cost, c.name).toBeGreaterThanOrEqual(optimum);
      if (result.proof.kind === 'optimal') expect(result.cost, c.name).toBe(optimum);
      else expect(result.proof.lowerBound, c.name).toBeLessThanOrEqual(optimum);
    }
    // Several exhaustive references: seconds of CPU, well over vitest's 5 s default on a loaded machine.
  }, 60_000);

  it('finds optima that the cheapest cards miss: clubs exactly 2 takes the two clubs that fill 11 cheapest', () => {
    // Three clubs of 6: the cheapest 11 cards span all three; the best two clubs are not the
    // two with the cheapest single cards.
    const card = (id: number, clubId: number, price: number): MarketCard => ({
      definitionId: id,
      assetId: id,
      rating: 75,
      rarityId: 0,
      positions: ['GK', 'RB', 'CB', 'LB', 'CM', 'RW', 'ST', 'LW'],
      clubId,
      leagueId: 13,
      nationId: 14,
      price,
    });
    const pool = [
      ...[100, 101, 102, 900, 900, 900].map((price, k) => card(1 + k, 1, price)),
      ...[300, 300, 300, 300, 300, 300].map((price, k) => card(11 + k, 2, price)),
      ...[200, 200, 200, 200, 200, 950].map((price, k) => card(21 + k, 3, price)),
    ];
    const challenge = and(distinct('club', 'exact', 2));
    const optimum = exhaustiveOptimum(pool, challenge);
    expect(optimum).toBe(6 * 300 + 5 * 200);
    const result = solveChallenge({ challenge, formation: 'f433', market: pool, workLimitMs: 5_000 });
    expect(result.status === 'solved' && result.cost).toBe(optimum);
    expect(result.status === 'solved' && result.proof.kind).toBe('optimal');
  });

  it('the solve proves the small-pool optima it can reach, never below them', () => {
    for (const c of cases.filter((each) => keepsEverything(each.challenge) && !each.secondVersions)) {
      const { optimum, result } = solvedCase(c, 5_000);
      if (optimum === Infinity) continue;
      expect(result.status === 'solved' && result.cost, c.name).toBe(optimum);
      expect(result.status === 'solved' && result.proof.kind, c.name).toBe('optimal');
    }
    // A generous budget so a proof does not hang on machine load; the proofs take milliseconds.
  }, 60_000);
});
