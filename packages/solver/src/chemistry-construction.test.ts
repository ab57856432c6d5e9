import { ICON_LEAGUE_ID, ICON_RARITY_ID, type ChallengeRequirements } from '@tradedesk/domain';
import { describe, expect, it } from 'vitest';
import { chemistryCores } from './chemistry-construction.js';
import { placementCost } from './placement.js';
import { buildProblem } from './problem.js';
import { judgePlacement } from './squad-check.js';
import { exhaustivePlacedOptimum } from './test-pools.js';
import type { MarketCard } from './types.js';

/** The generic position of each f433 slot: a card below plays exactly one of them. */
const F433_POSITIONS = ['GK', 'RB', 'CB', 'CB', 'LB', 'CM', 'CM', 'CM', 'RW', 'ST', 'LW'];

let nextId = 1;
function card(fields: Partial<MarketCard> & Pick<MarketCard, 'price' | 'positions'>): MarketCard {
  const id = nextId++;
  // A nation, league and club of its own unless given: no links with anyone by default.
  return {
    definitionId: id,
    assetId: id,
    rating: 70,
    rarityId: 1,
    clubId: 50_000 + id,
    leagueId: 60_000 + id,
    nationId: 70_000 + id,
    ...fields,
  };
}

const chemistry = (value: number): ChallengeRequirements => ({
  operation: 'AND',
  requirements: [{ kind: 'chemistry', scope: 'min', value }],
});
const everyPlayer = (value: number): ChallengeRequirements => ({
  operation: 'AND',
  requirements: [{ kind: 'playerChemistry', scope: 'min', value }],
});

/** The cheapest core the construction returns that the exact evaluator accepts. */
function cheapestCore(pool: readonly MarketCard[], challenge: ChallengeRequirements): number {
  const built = buildProblem({ challenge, formation: 'f433', market: pool }, challenge.requirements);
  if ('infeasible' in built) throw new Error(built.infeasible);
  const eligible = chemistryCores(built.problem, 12, Infinity)
    .filter((placement) => judgePlacement(built.problem, placement).eligible)
    .map(placementCost);
  return Math.min(...eligible);
}

describe('chemistry construction against exhaustive search (cards play one position)', () => {
  it('one nation of ten plus the cheapest filler out of links (chemistry 30)', () => {
    const pool = [
      ...F433_POSITIONS.map((position, slot) =>
        card({ positions: [position], nationId: 14, price: 300 + 50 * slot }),
      ),
      card({ positions: ['ST'], price: 100 }),
      card({ positions: ['GK'], price: 150 }),
    ];
    const optimum = exhaustivePlacedOptimum(pool, chemistry(30));
    // The dearest English card (LW, 800) gives way to the 100-coin filler.
    expect(optimum).toBe(11 * 300 + 50 * 55 - 800 + 100);
    expect(cheapestCore(pool, chemistry(30))).toBe(optimum);
    // A dearer twin of every English card (same groups and position) leaves the optimum as it
    // is (a squad with a twin is dearer than with the card): the flow must pick by cost.
    const twins = pool
      .slice(0, 11)
      .map((c) => card({ positions: c.positions, nationId: c.nationId, price: c.price + 1_000 }));
    expect(cheapestCore([...twins, ...pool], chemistry(30))).toBe(optimum);
  });

  it('two nations of six and five, every player at 2', () => {
    const pool = [
      ...F433_POSITIONS.map((position, slot) =>
        card({ positions: [position], nationId: slot < 6 ? 14 : 18, price: 200 + 10 * slot }),
      ),
      // Cheaper cards of a third nation that cannot reach five players.
      card({ positions: ['ST'], nationId: 21, price: 50 }),
      card({ positions: ['LW'], nationId: 21, price: 60 }),
    ];
    const optimum = exhaustivePlacedOptimum(pool, everyPlayer(2));
    expect(cheapestCore(pool, everyPlayer(2))).toBe(optimum);
  });

  it("an icon's every-league contribution makes seven of a league count as eight", () => {
    const league = 13;
    const pool = [
      ...F433_POSITIONS.slice(0, 7).map((position, slot) =>
        card({ positions: [position], leagueId: league, price: 300 + 10 * slot }),
      ),
      card({ positions: ['ST'], rarityId: ICON_RARITY_ID, leagueId: ICON_LEAGUE_ID, price: 400 }),
      // The league's eighth player costs more than the icon.
      card({ positions: ['ST'], leagueId: league, price: 2_000 }),
      card({ positions: ['RW'], price: 100 }),
      card({ positions: ['LW'], price: 100 }),
      card({ positions: ['LW'], price: 120 }),
    ];
    const optimum = exhaustivePlacedOptimum(pool, chemistry(24));
    // The seven, the icon and the three fillers: the 2,000-coin eighth player is not needed.
    expect(optimum).toBe(7 * 300 + 10 * 21 + 400 + 100 + 100 + 120);
    expect(cheapestCore(pool, chemistry(24))).toBe(optimum);
  });
});
