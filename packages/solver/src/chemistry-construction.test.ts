import { ICON_LEAGUE_ID, ICON_RARITY_ID, type ChallengeRequirements } from '@tradedesk/domain';
import { describe, expect, it } from 'vitest';
import { chemistryCores } from './chemistry-construction.js';
import { placementCost } from './placement.js';
import { buildProblem } from './problem.js';
import { judgePlacement } from './squad-check.js';
import { exhaustivePlacedOptimum } from './test-pools.js';
import type { MarketCard } from './types.js';

/**
 * The generic position of each f433 slot: a card below plays exactly one of them. Pools stay at
 * 12 cards: the exhaustive reference tries every placement of every 11 of them.
 */
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

// The exhaustive reference takes ~0.5–2 s a pool, more on a loaded machine.
describe(
  'chemistry construction against exhaustive search (cards play one position)',
  { timeout: 30_000 },
  () => {
    it('one nation of ten plus the cheapest filler out of links (chemistry 30)', () => {
      const pool = [
        ...F433_POSITIONS.map((position, slot) =>
          card({ positions: [position], nationId: 14, price: 300 + 50 * slot }),
        ),
        card({ positions: ['ST'], price: 100 }),
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
        // A cheaper card of a nation with no one to link with.
        card({ positions: ['ST'], nationId: 21, price: 50 }),
      ];
      const optimum = exhaustivePlacedOptimum(pool, everyPlayer(2));
      expect(cheapestCore(pool, everyPlayer(2))).toBe(optimum);
    });

    it('two blocks of five sharing a nation and a league each (chemistry 30), beyond one-kind plans', () => {
      const block = (nationId: number, leagueId: number, positions: readonly string[]) =>
        positions.map((position) => card({ positions: [position], nationId, leagueId, price: 100 }));
      const pool = [
        ...block(14, 13, ['GK', 'RB', 'CB', 'CB', 'LB']),
        ...block(18, 16, ['CM', 'CM', 'CM', 'RW', 'ST']),
        card({ positions: ['LW'], price: 10 }),
        // A sixth of the first block: a squad with it instead of the filler costs more.
        card({ positions: ['LW'], nationId: 14, leagueId: 13, price: 1_000 }),
      ];
      const optimum = exhaustivePlacedOptimum(pool, chemistry(30));
      // Five of a nation and a league: 2 + 2 points each; the filler has none.
      expect(optimum).toBe(10 * 100 + 10);
      expect(cheapestCore(pool, chemistry(30))).toBe(optimum);
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
  },
);
