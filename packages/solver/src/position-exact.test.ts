import { seededRng, type ChallengeRequirements, type SbcRequirement } from '@tradedesk/domain';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { exactSearch } from './exact-search.js';
import { buildProblem } from './problem.js';
import { judgePlacement } from './squad-check.js';
import { and, exhaustiveOptimum, exhaustivePlacedOptimum, randomPool } from './test-pools.js';
import type { MarketCard } from './types.js';

const chemistry = (value: number): SbcRequirement => ({ kind: 'chemistry', scope: 'min', value });

/**
 * The search's answer and proof against `optimum`: asked below `upperBound`, it finishes at the
 * optimum (or at the upper bound when nothing is cheaper), and its squad passes the evaluator.
 */
function expectProof(
  pool: readonly MarketCard[],
  challenge: ChallengeRequirements,
  upperBound: number,
  optimum: number,
) {
  const built = buildProblem({ challenge, formation: 'f433', market: pool }, challenge.requirements);
  if ('infeasible' in built) {
    expect(optimum).toBe(Infinity);
    return;
  }
  const outcome = exactSearch(built.problem, upperBound, Infinity);
  expect(outcome?.finished).toBe(true);
  expect(outcome?.bound).toBe(Math.min(optimum, upperBound));
  if (outcome?.answer) {
    expect(outcome.answer.cost).toBe(optimum);
    expect(judgePlacement(built.problem, outcome.answer.placement).eligible).toBe(true);
  }
}

/** The search proves the exhaustive optimum, asked below a dear squad and just above the optimum. */
function expectOptimumProven(pool: readonly MarketCard[], challenge: ChallengeRequirements) {
  const optimum = exhaustivePlacedOptimum(pool, challenge);
  const everything = pool.reduce((sum, card) => sum + card.price, 0) + 1;
  expectProof(pool, challenge, everything, optimum);
  if (Number.isFinite(optimum)) expectProof(pool, challenge, optimum + 1, optimum);
}

/**
 * Thirteen cards that each play one position, crowded on a few (three goalkeepers' worth of
 * "GK" draws, one left wing slot), at a few prices with ties, over two leagues of two clubs: the
 * cheapest squads hold cards out of position, and the fillers-first rule and the position-exact
 * ceilings decide which. The last `versions` cards are second cards of the first players (the
 * same asset at another club and price).
 */
function crowdedPool(seed: number, versions: number, clubsPerLeague = 2): MarketCard[] {
  const random = seededRng(seed);
  const positions = ['GK', 'GK', 'GK', 'CB', 'CB', 'CM', 'CM', 'ST', 'LW', 'RB', 'LB', 'RW'];
  const prices = [50, 50, 55, 60, 60, 70, 90, 120];
  const pick = <T>(values: readonly T[]) => values[Math.floor(random() * values.length)] as T;
  const pool = randomPool(seed, 13).map((card) => {
    const leagueId = pick([13, 16]);
    return {
      ...card,
      positions: [pick(positions)],
      price: pick(prices),
      leagueId,
      clubId: leagueId * 100 + Math.floor(random() * clubsPerLeague),
      nationId: pick([14, 18, 21]),
    };
  });
  return pool.map((card, k) => {
    const original = pool[k - (13 - versions)];
    return k < 13 - versions || !original
      ? card
      : { ...original, definitionId: 7000 + k, clubId: original.clubId + 1, price: pick(prices) };
  });
}

const seeds = fc.integer({ min: 1, max: 1_000_000 });

describe('position-exact search against every placement, on crowded pools', () => {
  it('chemistry minima: the bound is the optimum over every placement', () => {
    fc.assert(
      fc.property(
        seeds,
        fc.integer({ min: 4, max: 20 }),
        fc.integer({ min: 0, max: 3 }),
        (seed, target, versions) => {
          const pool = crowdedPool(seed, versions);
          const challenge = and(chemistry(target));
          expectOptimumProven(pool, challenge);
        },
      ),
      { numRuns: 30 },
    );
  }, 120_000);

  it('a club minimum (its member may stay out of position) and a same-club maximum', () => {
    fc.assert(
      fc.property(
        seeds,
        fc.integer({ min: 2, max: 14 }),
        fc.integer({ min: 0, max: 3 }),
        (seed, target, versions) => {
          // One dear goalkeeper of a club of his own: the squad must hold him, in position or not
          // (three clubs a league, at most three players each).
          const pool = crowdedPool(seed, versions, 3).map((card, k) =>
            k === 5 ? { ...card, positions: ['GK'], clubId: 99_000, price: 130 } : card,
          );
          const challenge = and(
            { kind: 'players', scope: 'min', count: 1, conditions: [{ type: 'club', ids: [99_000] }] },
            { kind: 'sameGroup', scope: 'max', group: 'club', value: 3 },
            chemistry(target),
          );
          expectOptimumProven(pool, challenge);
        },
      ),
      { numRuns: 30 },
    );
  }, 120_000);
});

/**
 * Fodder and one dear card the squad must hold (a club minimum): asked just above the optimum,
 * only that card fits past the fodder, and the search drops the cards past it that are not
 * members (`withoutBarredTail`) and prices the member it still needs (Gunners' shape).
 */
function fodderAndOneMember(seed: number): { pool: MarketCard[]; clubId: number } {
  const cards = randomPool(seed, 18);
  const pool = cards.map((card, k) => ({
    ...card,
    price: k < 12 ? 60 + ((card.rating * 7 + k * 13) % 50) : 200,
  }));
  const member = pool[15] as MarketCard;
  const clubId = 99_001;
  pool[15] = { ...member, clubId, price: 228 };
  return { pool, clubId };
}

describe('a count minimum whose members cost more than the fodder', () => {
  it('finds the true optimum, or proves nothing is cheaper than it', () => {
    fc.assert(
      fc.property(
        seeds,
        fc.integer({ min: 0, max: 16 }),
        fc.integer({ min: 1, max: 120 }),
        (seed, target, above) => {
          const { pool, clubId } = fodderAndOneMember(seed);
          const challenge = and(
            { kind: 'players', scope: 'min', count: 1, conditions: [{ type: 'club', ids: [clubId] }] },
            chemistry(target),
          );
          const optimum = exhaustiveOptimum(pool, challenge);
          if (!Number.isFinite(optimum)) return;
          expectProof(pool, challenge, optimum + above, optimum);
          expectProof(pool, challenge, optimum, optimum);
        },
      ),
      { numRuns: 25 },
    );
  }, 120_000);
});

/**
 * A linked lineup of ten (one league: 3 points each) with the left wing open, a dear second
 * goalkeeper (out of position in the optimum) and one cheaper card, the spare, left out. Were the
 * spare free to take the goalkeeper's place, skipping it would bind the goalkeeper to a position;
 * each case forbids that swap: the goalkeeper is a count minimum's member, the spare is a second
 * card of a lineup player, or the spare's club is full.
 */
function lineupWithSpare(spare: 'unlinked' | 'twin' | 'fullClub'): MarketCard[] {
  const positions = ['GK', 'RB', 'CB', 'CB', 'LB', 'CM', 'CM', 'CM', 'RW', 'ST'];
  const base = randomPool(1, 12);
  const lineup = positions.map((position, k) => ({
    ...(base[k] as MarketCard),
    positions: [position],
    leagueId: 13,
    nationId: 14,
    clubId: k < 3 ? 1300 : 1301 + k,
    price: 50 + k,
  }));
  const keeper = {
    ...(base[10] as MarketCard),
    positions: ['GK'],
    clubId: 99_000,
    leagueId: 19,
    nationId: 27,
    price: 130,
  };
  const first = lineup[0] as MarketCard;
  const unlinked = {
    ...(base[11] as MarketCard),
    positions: ['LW'],
    clubId: 1900,
    leagueId: 16,
    nationId: 21,
    price: 45,
  };
  const extra =
    spare === 'twin'
      ? { ...unlinked, assetId: first.assetId }
      : spare === 'fullClub'
        ? { ...unlinked, clubId: 1300 }
        : unlinked;
  return [...lineup, keeper, extra];
}

describe('the fillers-first rule where the swap it rests on is not allowed', () => {
  for (const spare of ['unlinked', 'twin', 'fullClub'] as const) {
    it(`${spare} spare: the bound is the optimum over every placement`, () => {
      const pool = lineupWithSpare(spare);
      // The goalkeeper is in the squad for the count minimum, or because the spare cannot join.
      const challenge =
        spare === 'unlinked'
          ? and(
              { kind: 'players', scope: 'min', count: 1, conditions: [{ type: 'club', ids: [99_000] }] },
              chemistry(30),
            )
          : spare === 'fullClub'
            ? and({ kind: 'sameGroup', scope: 'max', group: 'club', value: 3 }, chemistry(30))
            : and(chemistry(30));
      const optimum = exhaustivePlacedOptimum(pool, challenge);
      expect(optimum).toBe(pool.slice(0, 11).reduce((sum, card) => sum + card.price, 0));
      expectProof(pool, challenge, optimum + 100, optimum);
    });
  }
});
