import { CHEMISTRY_THRESHOLDS, MAX_PLAYER_CHEMISTRY, seededRng } from '@tradedesk/domain';
import { describe, expect, it } from 'vitest';
import { BudgetedChemistryCeiling, type BudgetKind } from './budget-chemistry.js';

const KIND_THRESHOLDS = [CHEMISTRY_THRESHOLDS.club, CHEMISTRY_THRESHOLDS.league, CHEMISTRY_THRESHOLDS.nation];
const GROUPS_PER_KIND = 6;

const pointsAt = (count: number, thresholds: readonly number[]) =>
  thresholds.filter((threshold) => count >= threshold).length;

/** The squad's chemistry with every card in position (each player capped at 3). */
function squadChemistry(groups: readonly (readonly number[])[], squad: readonly number[]): number {
  let total = 0;
  for (const i of squad) {
    let points = 0;
    KIND_THRESHOLDS.forEach((thresholds, kind) => {
      const group = groups[i]?.[kind];
      points += pointsAt(squad.filter((other) => groups[other]?.[kind] === group).length, thresholds);
    });
    total += Math.min(MAX_PLAYER_CHEMISTRY, points);
  }
  return total;
}

/** Every way to take r of the cards (indices), as arrays. */
function subsets(cards: readonly number[], r: number): number[][] {
  if (r === 0) return [[]];
  return cards.flatMap((card, k) => subsets(cards.slice(k + 1), r - 1).map((rest) => [card, ...rest]));
}

describe('chemistry ceiling with the cards to come paid for', () => {
  it('is never below the chemistry of any r cards within the budget joining the chosen ones', () => {
    const random = seededRng(4028);
    let belowTrivial = 0;
    for (let round = 0; round < 300; round += 1) {
      const size = 12 + Math.floor(random() * 6);
      const groups = Array.from({ length: size }, () => {
        const club = Math.floor(random() * 4);
        return [club, Math.floor(club / 2) + (random() < 0.3 ? 2 : 0), Math.floor(random() * 3)];
      });
      // Sorted by cost, as the search keeps its cards; a few cards play no position.
      const cost = Float64Array.from({ length: size }, () => 40 + Math.floor(random() * 60)).sort();
      const capable = Uint8Array.from({ length: size }, () => (random() < 0.9 ? 1 : 0));
      const j = 1 + Math.floor(random() * Math.min(9, size - 4));
      const chosen = Array.from({ length: j }, (_, i) => i).filter(() => random() < 0.7);
      const r = Math.min(11 - chosen.length, 1 + Math.floor(random() * 4), size - j);
      const rest = Array.from({ length: size - j }, (_, k) => j + k);
      const cheapest = [...rest].map((i) => cost[i] ?? 0).sort((a, b) => a - b);
      const fill = (m: number) => cheapest.slice(0, m).reduce((sum, c) => sum + c, 0);
      const budget = fill(r) + Math.floor(random() * 80);
      const capableChosen = chosen.filter((i) => capable[i]);
      const kinds = KIND_THRESHOLDS.map((thresholds, kind): BudgetKind => {
        const ids = Int32Array.from(groups, (card) => card[kind] ?? 0);
        const count = new Int32Array(GROUPS_PER_KIND);
        for (const i of capableChosen) count[ids[i] ?? 0] = (count[ids[i] ?? 0] ?? 0) + 1;
        return { thresholds, ids, size: GROUPS_PER_KIND, count };
      });
      const { chemistry } = new BudgetedChemistryCeiling(11, kinds).ceiling(
        Int32Array.from(capableChosen),
        capableChosen.length,
        { cost, capable, fill },
        j,
        r,
        budget,
      );
      if (chemistry < MAX_PLAYER_CHEMISTRY * (capableChosen.length + r)) belowTrivial += 1;
      for (const joining of subsets(rest, r)) {
        const paid = joining.reduce((sum, i) => sum + (cost[i] ?? 0), 0);
        if (paid > budget) continue;
        const squad = [...capableChosen, ...joining.filter((i) => capable[i])];
        expect(squadChemistry(groups, squad)).toBeLessThanOrEqual(chemistry);
      }
    }
    // The budget must bite somewhere, or the test would pass a ceiling of 3 a player.
    expect(belowTrivial).toBeGreaterThan(50);
  });
});
