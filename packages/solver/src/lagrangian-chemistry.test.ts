import { CHEMISTRY_THRESHOLDS, MAX_PLAYER_CHEMISTRY, seededRng } from '@tradedesk/domain';
import { describe, expect, it } from 'vitest';
import { LagrangianChemistryCeiling, type LagrangianKind } from './lagrangian-chemistry.js';

const KIND_THRESHOLDS = [CHEMISTRY_THRESHOLDS.club, CHEMISTRY_THRESHOLDS.league, CHEMISTRY_THRESHOLDS.nation];
const GROUPS_PER_KIND = 5;

const pointsAt = (count: number, thresholds: readonly number[]) =>
  thresholds.filter((threshold) => count >= threshold).length;

/** The squad's chemistry with every capable card in position, each player counted up to `cap`. */
function squadChemistry(
  groups: readonly (readonly number[])[],
  squad: readonly number[],
  cap = MAX_PLAYER_CHEMISTRY,
): number {
  let total = 0;
  for (const i of squad) {
    let points = 0;
    KIND_THRESHOLDS.forEach((thresholds, kind) => {
      const group = groups[i]?.[kind];
      points += pointsAt(squad.filter((other) => groups[other]?.[kind] === group).length, thresholds);
    });
    total += Math.min(cap, points);
  }
  return total;
}

function subsets(cards: readonly number[], r: number): number[][] {
  if (r === 0) return [[]];
  return cards.flatMap((card, k) => subsets(cards.slice(k + 1), r - 1).map((rest) => [card, ...rest]));
}

/** A random pool: linked groups (clubs inside leagues), costs sorted as the search keeps them. */
function randomCards(random: () => number, size: number, scale: number) {
  const groups = Array.from({ length: size }, () => {
    const club = Math.floor(random() * 4);
    return [club, Math.floor(club / 2) + (random() < 0.3 ? 2 : 0), Math.floor(random() * 3)];
  });
  const cost = Float64Array.from({ length: size }, () => Math.floor(random() * scale)).sort();
  const capable = Uint8Array.from({ length: size }, () => (random() < 0.9 ? 1 : 0));
  const kinds = KIND_THRESHOLDS.map((thresholds, kind): LagrangianKind => ({
    thresholds,
    ids: Int32Array.from(groups, (card) => card[kind] ?? 0),
    size: GROUPS_PER_KIND,
  }));
  return { groups, cost, capable, kinds };
}

describe('Lagrangian chemistry ceiling (club, league and nation coupled through the cards)', () => {
  it('is never below the chemistry of any affordable completion, tuned or not, across the price range', () => {
    const random = seededRng(2811);
    let bites = 0;
    let rootProofs = 0;
    for (let round = 0; round < 240; round += 1) {
      // Owned fodder at a few coins up to market cards at a million.
      const scale = [10, 100, 5_000, 1_000_000][round % 4] ?? 100;
      const size = 12 + Math.floor(random() * 5);
      const slots = 5 + Math.floor(random() * 4);
      const { groups, cost, capable, kinds } = randomCards(random, size, scale);
      // Every other round the dearest cards form a tail of which at most 1–2 can be in a squad.
      const tailFrom = round % 2 === 1 ? size - 3 - Math.floor(random() * 4) : size;
      const tailMost = 1 + Math.floor(random() * 2);
      // Every third round each player counts up to 1 or 2 ("every player ≥ m").
      const cap = round % 3 === 2 ? 1 + Math.floor(random() * 2) : MAX_PLAYER_CHEMISTRY;
      const ceiling = new LagrangianChemistryCeiling(
        { cost, capable, tailFrom, tailMost },
        kinds,
        slots,
        cap,
      );
      const all = Array.from({ length: size }, (_, i) => i);
      const squadCost = (squad: readonly number[]) => squad.reduce((sum, i) => sum + (cost[i] ?? 0), 0);
      const withinTail = (squad: readonly number[]) => squad.filter((i) => i >= tailFrom).length <= tailMost;
      const cheapest = squadCost(all.slice(0, slots));
      const rootBudget = cheapest + Math.floor(random() * scale * 2);
      // Multipliers tuned toward a random target (an unreachable one runs every step).
      const target = 1 + Math.floor(random() * cap * slots);
      const tuned = ceiling.tune(target, rootBudget, 1 + Math.floor(random() * 60));
      let rootBest = 0;
      for (const squad of subsets(all, slots))
        if (squadCost(squad) <= rootBudget && withinTail(squad))
          rootBest = Math.max(
            rootBest,
            squadChemistry(
              groups,
              squad.filter((i) => capable[i]),
              cap,
            ),
          );
      expect(tuned.chemistry).toBeGreaterThanOrEqual(rootBest - 1e-9);
      if (tuned.chemistry < target) rootProofs += 1;
      // A node: some of the first j cards chosen, r of the rest to come within a budget.
      const j = 1 + Math.floor(random() * Math.min(8, size - slots, tailFrom - 1));
      const chosen = all
        .slice(0, j)
        .filter(() => random() < 0.6)
        .slice(0, slots - 1);
      const r = Math.min(slots - chosen.length, size - j);
      const rest = all.slice(j);
      const budget = squadCost(rest.slice(0, r)) + Math.floor(random() * scale);
      const capableChosen = Int32Array.from(chosen.filter((i) => capable[i]));
      const { chemistry } = ceiling.ceiling(capableChosen, capableChosen.length, j, r, budget);
      let best = -Infinity;
      for (const joining of subsets(rest, r)) {
        if (squadCost(joining) > budget || !withinTail(joining)) continue;
        const squad = [...capableChosen, ...joining.filter((i) => capable[i])];
        best = Math.max(best, squadChemistry(groups, squad, cap));
      }
      expect(chemistry).toBeGreaterThanOrEqual(best - 1e-9);
      if (chemistry < cap * (capableChosen.length + r) - 1) bites += 1;
    }
    // Where the ceiling never fell below 3 a player, or never proved a target out of reach at
    // the root, the test would pass a trivial ceiling.
    expect(bites).toBeGreaterThan(20);
    expect(rootProofs).toBeGreaterThan(5);
  }, 120_000);

  it('says −Infinity where fewer than r cards are left, and sets no ceiling inside the tail', () => {
    const { cost, capable, kinds } = randomCards(seededRng(5), 12, 100);
    const ceiling = new LagrangianChemistryCeiling({ cost, capable }, kinds, 11);
    expect(ceiling.ceiling(new Int32Array(0), 0, 5, 8, 1e9).chemistry).toBe(-Infinity);
    const tailed = new LagrangianChemistryCeiling({ cost, capable, tailFrom: 8, tailMost: 1 }, kinds, 11);
    expect(tailed.ceiling(new Int32Array(0), 0, 8, 2, 1e9).chemistry).toBe(Infinity);
  });
});
