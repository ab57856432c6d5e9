import { CHEMISTRY_THRESHOLDS, MAX_PLAYER_CHEMISTRY, seededRng } from '@tradedesk/domain';
import { describe, expect, it } from 'vitest';
import { ChemistryGainCeiling, type GroupKindCounts } from './chemistry-gain.js';

const KIND_THRESHOLDS = [CHEMISTRY_THRESHOLDS.club, CHEMISTRY_THRESHOLDS.league, CHEMISTRY_THRESHOLDS.nation];

const pointsAt = (count: number, thresholds: readonly number[]) =>
  thresholds.filter((threshold) => count >= threshold).length;

/** The chemistry the first `chosen` cards end with when every card of `squad` is in position. */
function chosenChemistry(
  groups: readonly (readonly number[])[],
  squad: readonly number[],
  chosen: number,
): number {
  let total = 0;
  for (const i of squad.slice(0, chosen)) {
    let points = 0;
    KIND_THRESHOLDS.forEach((thresholds, kind) => {
      const group = groups[i]?.[kind];
      points += pointsAt(squad.filter((other) => groups[other]?.[kind] === group).length, thresholds);
    });
    total += Math.min(MAX_PLAYER_CHEMISTRY, points);
  }
  return total;
}

/** The ceiling's view of a pool after the chosen cards, with the rest still to come. */
function kindsOf(groups: readonly (readonly number[])[], chosen: readonly number[], rest: readonly number[]) {
  return KIND_THRESHOLDS.map((thresholds, kind): GroupKindCounts => {
    const ids = Int32Array.from(groups, (card) => card[kind] ?? 0);
    const count = new Int32Array(8);
    for (const i of chosen) count[ids[i] ?? 0] = (count[ids[i] ?? 0] ?? 0) + 1;
    const left = new Int32Array(8);
    for (const i of rest) left[ids[i] ?? 0] = (left[ids[i] ?? 0] ?? 0) + 1;
    return { thresholds, ids, count, left: (group) => left[group] ?? 0 };
  });
}

describe('chemistry ceiling with the increments shared among groups', () => {
  it('is never below the chemistry the chosen players end with, whatever cards join', () => {
    const random = seededRng(28);
    for (let round = 0; round < 400; round += 1) {
      // Few groups per kind, so groups reach the thresholds often.
      const size = 14 + Math.floor(random() * 8);
      const groups = Array.from({ length: size }, () => {
        const club = Math.floor(random() * 4);
        return [club, Math.floor(club / 2) + (random() < 0.3 ? 2 : 0), Math.floor(random() * 3)];
      });
      const order = Array.from({ length: size }, (_, i) => i).sort(() => random() - 0.5);
      const chosenCount = 1 + Math.floor(random() * 9);
      const chosen = order.slice(0, chosenCount);
      const rest = order.slice(chosenCount);
      const r = Math.min(11 - chosenCount, rest.length);
      const ceiling = new ChemistryGainCeiling(11).chosenCeiling(
        Int32Array.from(chosen),
        chosen.length,
        kindsOf(groups, chosen, rest),
        r,
      );
      for (let trial = 0; trial < 20; trial += 1) {
        const joining = [...rest].sort(() => random() - 0.5).slice(0, Math.floor(random() * (r + 1)));
        expect(chosenChemistry(groups, [...chosen, ...joining], chosen.length)).toBeLessThanOrEqual(ceiling);
      }
    }
  });

  it('never rules out a set of players that some cards to come lift to the minimum', () => {
    const random = seededRng(2028);
    let lifted = 0;
    for (let round = 0; round < 400; round += 1) {
      const size = 16 + Math.floor(random() * 6);
      const groups = Array.from({ length: size }, () => {
        const club = Math.floor(random() * 4);
        return [club, Math.floor(club / 2), Math.floor(random() * 3)];
      });
      const order = Array.from({ length: size }, (_, i) => i).sort(() => random() - 0.5);
      const chosenCount = 2 + Math.floor(random() * 7);
      const chosen = order.slice(0, chosenCount);
      const rest = order.slice(chosenCount);
      const r = 11 - chosenCount;
      const least = 1 + Math.floor(random() * 2);
      const verdict = new ChemistryGainCeiling(11).canLiftAll(
        Int32Array.from(chosen),
        chosen.length,
        kindsOf(groups, chosen, rest),
        r,
        least,
      );
      for (let trial = 0; trial < 30; trial += 1) {
        const squad = [...chosen, ...[...rest].sort(() => random() - 0.5).slice(0, r)];
        const everyone = chosen.every(
          (i) => chosenChemistry(groups, [i, ...squad.filter((o) => o !== i)], 1) >= least,
        );
        if (everyone) {
          lifted += 1;
          expect(verdict).toBe(true);
        }
      }
    }
    // The property was exercised, not vacuous.
    expect(lifted).toBeGreaterThan(100);
  });

  it('lets the cards to come raise one group of each kind, not all of them at once', () => {
    // Four players of four clubs, leagues and nations, each group with ten members still to come,
    // and one card to come: it can join one club, one league and one nation.
    const groups = [
      ...[0, 1, 2, 3].map((g) => [g, g, g]),
      ...Array.from({ length: 40 }, (_, k) => [k % 4, k % 4, k % 4]),
    ];
    const chosen = [0, 1, 2, 3];
    const rest = groups.map((_, i) => i).slice(4);
    const ceiling = new ChemistryGainCeiling(11).chosenCeiling(
      Int32Array.from(chosen),
      4,
      kindsOf(groups, chosen, rest),
      1,
    );
    // Joining player 0's club and nation gives him 2; the per-card ceilings gave all four 2.
    expect(ceiling).toBe(2);
  });
});
