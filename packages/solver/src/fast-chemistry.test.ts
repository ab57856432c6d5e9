import { ICON_CLUB_ID, ICON_LEAGUE_ID, seededRng, squadChemistry, type SbcCard } from '@tradedesk/domain';
import { describe, expect, it } from 'vitest';
import { fastChemistry } from './fast-chemistry.js';
import { buildProblem, type Candidate } from './problem.js';
import { toSquad } from './squad-check.js';

const POSITIONS = ['GK', 'RB', 'CB', 'LB', 'CM', 'RW', 'ST', 'LW', 'CAM'];

function randomCard(
  random: () => number,
  index: number,
): SbcCard & { definitionId: number; assetId: number; price: number } {
  const roll = random();
  const icon = roll < 0.08;
  const hero = !icon && roll < 0.14;
  return {
    definitionId: index,
    assetId: index,
    price: 200,
    rating: 70 + Math.floor(random() * 20),
    rarityId: icon ? 12 : hero ? 72 : Math.floor(random() * 2),
    positions: [POSITIONS[Math.floor(random() * POSITIONS.length)] ?? 'ST'],
    // Club 1 is Arsenal; its women's team must link with it through the domain's normalisation.
    clubId: icon ? ICON_CLUB_ID : ([1, 9, 10, 21, 243][Math.floor(random() * 5)] ?? 1),
    leagueId: icon ? ICON_LEAGUE_ID : ([13, 19, 53][Math.floor(random() * 3)] ?? 13),
    nationId: [14, 18, 21][Math.floor(random() * 3)] ?? 14,
  };
}

describe('fast chemistry', () => {
  it('equals the domain chemistry on random squads with icons, heroes, out-of-position cards and custom bricks', () => {
    const random = seededRng(5);
    for (let round = 0; round < 300; round += 1) {
      const market = Array.from({ length: 11 }, (_, i) => randomCard(random, i + 1));
      const bricks =
        round % 3 === 0
          ? [{ slot: 4, brick: { brick: 'custom' as const, clubId: 1, leagueId: 13, nationId: 14 } }]
          : [];
      const built = buildProblem(
        { challenge: { operation: 'AND', requirements: [] }, formation: 'f433', bricks, market },
        [],
      );
      if (!('problem' in built)) throw new Error(built.infeasible);
      const { problem } = built;
      const placement: (Candidate | null)[] = problem.positions.map(() => null);
      problem.openSlots.forEach((slot, i) => (placement[slot] = problem.candidates[i] ?? null));
      const expected = squadChemistry(toSquad(problem, placement));
      const actual = fastChemistry(problem, placement);
      expect(actual.total).toBe(expected.total);
      expect(actual.perSlot).toEqual(expected.perSlot);
    }
  });
});
