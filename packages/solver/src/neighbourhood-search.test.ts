import { seededRng, type ChallengeRequirements, type SbcRequirement } from '@tradedesk/domain';
import { describe, expect, it } from 'vitest';
import { improveByNeighbourhoods } from './neighbourhood-search.js';
import { placeCards, placementCost } from './placement.js';
import { buildProblem, type Candidate, type Problem } from './problem.js';
import { judgePlacement } from './squad-check.js';
import {
  and,
  EVERY_433_POSITION,
  exhaustiveOptimum,
  exhaustivePlacedOptimum,
  randomPool,
  rating,
} from './test-pools.js';
import type { MarketCard } from './types.js';

const chemistry = (value: number): SbcRequirement => ({ kind: 'chemistry', scope: 'min', value });

/** Fourteen cards over `leagues` leagues (clubs and nations drawn within two each). */
function pool(seed: number, leagues: readonly number[]): MarketCard[] {
  const random = seededRng(seed);
  const pick = <T>(values: readonly T[]) => values[Math.floor(random() * values.length)] as T;
  return randomPool(seed, 14).map((card) => {
    const leagueId = pick(leagues);
    return {
      ...card,
      leagueId,
      clubId: leagueId * 100 + Math.floor(random() * 2),
      nationId: pick([14, 18]),
    };
  });
}

/** The dearest eligible set of eleven of the pool (by brute force over the 14 left-out triples). */
function dearestEligible(problem: Problem): { placement: (Candidate | null)[]; cost: number } | undefined {
  const cards = [...problem.candidates];
  let dearest: { placement: (Candidate | null)[]; cost: number } | undefined;
  for (let a = 0; a < cards.length; a += 1)
    for (let b = a + 1; b < cards.length; b += 1)
      for (let c = b + 1; c < cards.length; c += 1) {
        const eleven = cards.filter((_, k) => k !== a && k !== b && k !== c);
        const placement = placeCards(problem, eleven);
        const cost = placementCost(placement);
        if ((!dearest || cost > dearest.cost) && judgePlacement(problem, placement).eligible)
          dearest = { placement, cost };
      }
  return dearest;
}

function problemOf(cards: readonly MarketCard[], challenge: ChallengeRequirements): Problem {
  const built = buildProblem({ challenge, formation: 'f433', market: cards }, challenge.requirements);
  if ('infeasible' in built) throw new Error(built.infeasible);
  return built.problem;
}

describe('the neighbourhood search around an answer', () => {
  it('finds the optimum where one league holds the whole pool, and never answers dearer or ineligible', () => {
    let improved = 0;
    let cases = 0;
    for (let seed = 1; seed <= 12; seed += 1) {
      const challenge = and(rating(74 + (seed % 4)), chemistry(14 + (seed % 4) * 3));
      for (const leagues of [[13], [13, 16, 19]]) {
        const cards = pool(seed, leagues);
        const optimum = exhaustivePlacedOptimum(cards, challenge);
        if (!Number.isFinite(optimum)) continue;
        const problem = problemOf(cards, challenge);
        const start = dearestEligible(problem);
        if (!start) continue;
        cases += 1;
        const found = improveByNeighbourhoods(problem, start, Infinity);
        expect(judgePlacement(problem, found.placement).eligible).toBe(true);
        expect(new Set(found.placement.map((c) => c?.assetId)).size).toBe(11);
        expect(found.cost).toBeGreaterThanOrEqual(optimum);
        expect(found.cost).toBeLessThanOrEqual(start.cost);
        // One league: its cards are the whole pool, so the first neighbourhood holds the optimum.
        if (leagues.length === 1) expect(found.cost).toBe(optimum);
        if (found.cost < start.cost) improved += 1;
      }
    }
    expect(cases).toBeGreaterThan(12);
    expect(improved).toBeGreaterThan(6);
  }, 600_000);
});

/**
 * Eleven dear cards of one league and nation (each of its own club), and five cheap ones of
 * another league, nation and club that share no group with them; every card plays every position.
 */
function twoBlockPool(seed: number): MarketCard[] {
  const random = seededRng(seed);
  const card = (
    index: number,
    group: { leagueId: number; nationId: number; clubId: number },
    price: number,
  ) => ({
    definitionId: 2000 + index,
    assetId: 2000 + index,
    rating: 70 + Math.floor(random() * 10),
    rarityId: 0,
    positions: EVERY_433_POSITION,
    ...group,
    price,
  });
  const dear = Array.from({ length: 11 }, (_, i) =>
    card(i, { leagueId: 13, nationId: 14, clubId: 1300 + i }, 600 + Math.floor(random() * 400)),
  );
  const cheap = Array.from({ length: 5 }, (_, i) =>
    card(11 + i, { leagueId: 16, nationId: 18, clubId: 1600 }, 200 + Math.floor(random() * 100)),
  );
  return [...dear, ...cheap];
}

/** The problem, answered by its dear block (league 13): eligible, and dearer than `optimum`. */
function answeredByDearBlock(cards: MarketCard[], challenge: ChallengeRequirements, optimum: number) {
  const problem = problemOf(cards, challenge);
  const dearBlock = problem.candidates.filter((c) => c.card.leagueId === 13);
  const placement = placeCards(problem, dearBlock);
  const start = { placement, cost: placementCost(placement) };
  expect(judgePlacement(problem, placement).eligible).toBe(true);
  expect(optimum).toBeLessThan(start.cost);
  return { problem, start };
}

describe('the neighbourhood search over the cheapest groups (team chemistry alone)', () => {
  it("finds the optimum through a group the answer does not hold, where the answer's groups find nothing", () => {
    for (let seed = 1; seed <= 6; seed += 1) {
      const cards = twoBlockPool(seed);
      const challenge = and(chemistry(28 + (seed % 6)));
      const optimum = exhaustiveOptimum(cards, challenge);
      const { problem, start } = answeredByDearBlock(cards, challenge, optimum);
      // The cheap cards share no club, league or nation with the answer: no neighbourhood of its
      // groups holds them.
      expect(improveByNeighbourhoods(problem, start, Infinity, 'around').cost).toBe(start.cost);
      const found = improveByNeighbourhoods(problem, start, Infinity, 'cheapest');
      expect(judgePlacement(problem, found.placement).eligible).toBe(true);
      expect(new Set(found.placement.map((c) => c?.assetId)).size).toBe(11);
      expect(found.cost).toBe(optimum);
    }
  });
});

/**
 * Every card plays every position and has a club of its own. Eleven dear cards of one league (each
 * its own nation) reach 3 chemistry only with at least eight of them; two cheap blocks, six cards
 * of league 30 and nation 20 and five of league 31 and nation 21, give each of their cards 3 with
 * at least five of its block. So the only squads of 33 chemistry are the dear block and the two
 * cheap blocks together: the answer's cards plus either cheap block alone hold no cheaper one.
 */
function threeBlockPool(seed: number): MarketCard[] {
  const random = seededRng(seed);
  let index = 0;
  const card = (leagueId: number, nationId: number, price: number) => {
    index += 1;
    return {
      definitionId: 3000 + index,
      assetId: 3000 + index,
      rating: 70 + Math.floor(random() * 10),
      rarityId: 0,
      positions: EVERY_433_POSITION,
      clubId: 3000 + index,
      leagueId,
      nationId,
      price,
    };
  };
  const dear = Array.from({ length: 11 }, (_, i) => card(13, 40 + i, 600 + Math.floor(random() * 400)));
  const first = Array.from({ length: 6 }, () => card(30, 20, 100 + Math.floor(random() * 200)));
  const second = Array.from({ length: 5 }, () => card(31, 21, 100 + Math.floor(random() * 200)));
  // Cheap cards first: the exhaustive search then meets the optimum early and prunes by it.
  return [...first, ...second, ...dear];
}

describe('pairs of the cheapest groups (team chemistry alone)', () => {
  it('finds a squad of two groups that no single group beside the answer holds', () => {
    for (let seed = 1; seed <= 3; seed += 1) {
      const cards = threeBlockPool(seed);
      const challenge = and(chemistry(33));
      const cheapBlocks = cards.filter((card) => card.leagueId !== 13);
      const optimum = exhaustiveOptimum(cards, challenge);
      expect(optimum).toBe(cheapBlocks.reduce((sum, card) => sum + card.price, 0));
      const { problem, start } = answeredByDearBlock(cards, challenge, optimum);
      const found = improveByNeighbourhoods(problem, start, Infinity, 'cheapest');
      expect(judgePlacement(problem, found.placement).eligible).toBe(true);
      expect(found.cost).toBe(optimum);
      expect(new Set(found.placement.map((c) => c?.assetId))).toEqual(
        new Set(cheapBlocks.map((card) => card.assetId)),
      );
    }
  });
});
