import {
  HERO_CLUB_ID,
  HERO_RARITY_ID,
  ICON_CLUB_ID,
  ICON_LEAGUE_ID,
  ICON_RARITY_ID,
  seededRng,
  type ChallengeRequirements,
  type SbcRequirement,
} from '@tradedesk/domain';
import { describe, expect, it } from 'vitest';
import { buildProblem } from './problem.js';
import { ratingCut } from './rating-cut.js';
import { searchWithSpecialCard } from './special-split.js';
import { judgePlacement } from './squad-check.js';
import { and, exhaustivePlacedOptimum, randomPool, rating } from './test-pools.js';
import type { MarketCard } from './types.js';

const chemistry = (value: number): SbcRequirement => ({ kind: 'chemistry', scope: 'min', value });
const rare = (count: number): SbcRequirement => ({
  kind: 'players',
  scope: 'min',
  count,
  conditions: [{ type: 'rarityGroup', groupIds: [4] }],
});
const leagues = (value: number): SbcRequirement => ({
  kind: 'distinctGroups',
  group: 'league',
  scope: 'min',
  value,
});

/**
 * Thirteen cards that each play one or two positions, over two leagues and two nations, and one special card: an
 * icon (cheap and highly rated, as Grand Finale's owned one; "+1 to every league present" decides
 * many of these squads) or a hero (its league +2, its nation +1).
 */
function poolWithSpecial(seed: number, kind: 'icon' | 'hero'): MarketCard[] {
  const random = seededRng(seed);
  const positions = ['GK', 'RB', 'CB', 'LB', 'CM', 'RW', 'ST', 'LW'];
  const pick = <T>(values: readonly T[]) => values[Math.floor(random() * values.length)] as T;
  const pool = randomPool(seed, 13).map((card) => {
    const leagueId = pick([13, 16]);
    return {
      ...card,
      positions: random() < 0.5 ? [pick(positions)] : [pick(positions), pick(positions)],
      leagueId,
      clubId: leagueId * 100 + Math.floor(random() * 2),
      nationId: pick([14, 18]),
    };
  });
  const special: MarketCard = {
    definitionId: 9000,
    assetId: 9000,
    rating: 84 + Math.floor(random() * 6),
    rarityId: kind === 'icon' ? ICON_RARITY_ID : HERO_RARITY_ID,
    // One pool in four: a position the formation lacks, so the special card is only ever a filler.
    positions: seed % 4 === 1 ? ['CDM'] : [pick(positions)],
    clubId: kind === 'icon' ? ICON_CLUB_ID : HERO_CLUB_ID,
    leagueId: kind === 'icon' ? ICON_LEAGUE_ID : pick([13, 16]),
    nationId: pick([14, 18, 21]),
    price: 150 + Math.floor(random() * 300),
  };
  return [...pool, special];
}

function proofOf(pool: readonly MarketCard[], challenge: ChallengeRequirements, upperBound: number) {
  const built = buildProblem({ challenge, formation: 'f433', market: pool }, challenge.requirements);
  if ('infeasible' in built) return { infeasible: true as const };
  const outcome = searchWithSpecialCard(built.problem, upperBound, Infinity);
  if (outcome?.answer) expect(judgePlacement(built.problem, outcome.answer.placement).eligible).toBe(true);
  return { infeasible: false as const, outcome };
}

const challenges = (seed: number): ChallengeRequirements[] => {
  const target = 76 + (seed % 4);
  return [
    and(rating(target), chemistry(22 + (seed % 5) * 2)),
    and(rating(target), chemistry(20 + (seed % 3) * 3), rare(3), leagues(2)),
  ];
};

describe('the exact search split by its one icon or hero in or out of position', () => {
  it('proves the exhaustive optimum on small pools with an icon or a hero', () => {
    let split = 0;
    let specialInOptimum = 0;
    for (let seed = 1; seed <= 16; seed += 1) {
      const kind = seed % 3 === 0 ? 'hero' : 'icon';
      const pool = poolWithSpecial(seed, kind);
      const everything = pool.reduce((sum, card) => sum + card.price, 0) + 1;
      for (const challenge of challenges(seed)) {
        const optimum = exhaustivePlacedOptimum(pool, challenge);
        for (const upperBound of Number.isFinite(optimum) ? [everything, optimum + 1] : [everything]) {
          const proof = proofOf(pool, challenge, upperBound);
          if (proof.infeasible) {
            expect(optimum).toBe(Infinity);
            continue;
          }
          if (!proof.outcome) continue;
          split += 1;
          expect(proof.outcome.finished).toBe(true);
          expect(proof.outcome.bound).toBe(Math.min(optimum, upperBound));
          if (proof.outcome.answer?.placement.some((c) => c?.assetId === 9000)) specialInOptimum += 1;
        }
      }
    }
    // The split ran on most cases, and the special card is in many optima (in position or not).
    expect(split).toBeGreaterThan(30);
    expect(specialInOptimum).toBeGreaterThan(8);
  }, 600_000);

  it('never cuts a card of an eligible squad below the bound (the rating cut)', () => {
    for (let seed = 1; seed <= 8; seed += 1) {
      const pool = poolWithSpecial(seed, 'icon');
      for (const challenge of challenges(seed)) {
        const optimum = exhaustivePlacedOptimum(pool, challenge);
        if (!Number.isFinite(optimum)) continue;
        const built = buildProblem({ challenge, formation: 'f433', market: pool }, challenge.requirements);
        if ('infeasible' in built) throw new Error('an eligible squad exists');
        const { problem } = built;
        // Every squad at the optimum keeps its cards below optimum + 1: the cut must keep 11 of them
        // that still make an eligible squad at that cost.
        const kept = ratingCut(problem, problem.candidates, optimum + 1);
        const keptPool = pool.filter((card) => kept.some((c) => c.assetId === card.assetId));
        expect(exhaustivePlacedOptimum(keptPool, challenge)).toBe(optimum);
      }
    }
  }, 600_000);
});
