/** The MILP's chemistry: in-position columns, threshold binaries per group, and per-player points under concave envelopes. */
import {
  CHEMISTRY_THRESHOLDS,
  chemistryProfileOf,
  isRestrictedClub,
  isRestrictedLeague,
  MAX_PLAYER_CHEMISTRY,
  normalizeClubId,
  type GroupKind,
} from '@tradedesk/domain';
import type { Builder } from './milp-builder.js';
import type { Candidate, Problem } from './problem.js';

/**
 * Lines whose minimum is the upper concave envelope of a group's chemistry points as a function
 * of the other players' contribution `o` (points = thresholds reached by `own + o`). Every line
 * lies on or above the step function, so the cut never removes a real squad.
 */
export function envelopeOf(
  thresholds: readonly number[],
  own: number,
): { slope: number; intercept: number }[] {
  const points: [number, number][] = [[0, thresholds.filter((t) => own >= t).length]];
  thresholds.forEach((t, level) => {
    if (t - own > 0) points.push([t - own, level + 1]);
  });
  // Upper hull of points sorted by o (monotone chain).
  const hull: [number, number][] = [];
  for (const point of points) {
    while (hull.length >= 2) {
      const [ax, ay] = hull[hull.length - 2] ?? [0, 0];
      const [bx, by] = hull[hull.length - 1] ?? [0, 0];
      if ((by - ay) * (point[0] - ax) <= (point[1] - ay) * (bx - ax)) hull.pop();
      else break;
    }
    hull.push(point);
  }
  const lines: { slope: number; intercept: number }[] = [];
  for (let k = 1; k < hull.length; k += 1) {
    const [ax, ay] = hull[k - 1] ?? [0, 0];
    const [bx, by] = hull[k] ?? [0, 0];
    const slope = (by - ay) / (bx - ax);
    lines.push({ slope, intercept: ay - slope * ax });
  }
  return lines;
}

/**
 * The chemistry rows' form. `tight`: each player's points from a group also lie under the concave
 * envelope of the other players' contributions (a stronger LP, but rows as long as the group, so
 * the model grows with the square of a group's size). `lean`: a player's points are at most the
 * levels his groups reach; the model grows with the pool, and HiGHS's cuts close what the LP
 * leaves open (the exact reference on pools of thousands of cards).
 */
export type MilpForm = 'tight' | 'lean';

/**
 * Adds the chemistry rows when a chemistry requirement asks for them: in-position binaries per
 * (card, position code), threshold binaries per club/league/nation, and each player's points
 * capped by the levels reached (and, `tight`, the concave envelope). Returns each card's in-position columns
 * (none without a chemistry requirement).
 */
export function addChemistryRows(
  b: Builder,
  problem: Problem,
  cards: readonly Candidate[],
  used: readonly number[],
  form: MilpForm = 'tight',
): { col: number; code: string }[][] {
  const { requirements, openSlots, positions } = problem;
  const chemistryNeeded = requirements.filter((r) => r.kind === 'chemistry' || r.kind === 'playerChemistry');
  const placementCols: { col: number; code: string }[][] = cards.map(() => []);
  if (chemistryNeeded.length > 0) {
    // Slots with one position code accept the same cards in position: one column per code.
    const capacity = new Map<string, number>();
    const slotsOfCode = new Map<string, number>();
    for (const slot of openSlots) {
      const code = positions[slot] ?? '';
      capacity.set(code, (capacity.get(code) ?? 0) + 1);
      if (!slotsOfCode.has(code)) slotsOfCode.set(code, slot);
    }
    const byCode = new Map<string, number[]>();
    cards.forEach((card, i) => {
      for (const [code, slot] of slotsOfCode) {
        if (!(card.positionMask & (1 << slot))) continue;
        const col = b.binary();
        placementCols[i]?.push({ col, code });
        const list = byCode.get(code);
        if (list) list.push(col);
        else byCode.set(code, [col]);
      }
      b.row(
        [...(placementCols[i] ?? []).map(({ col }) => [col, 1] as const), [used[i] ?? 0, -1]],
        -Infinity,
        0,
      );
    });
    for (const [code, cols] of byCode)
      b.row(
        cols.map((col) => [col, 1] as const),
        -Infinity,
        capacity.get(code) ?? 0,
      );
    // Threshold binaries per group: on only when the group's in-position contributions reach it.
    const everyLeague = cards.map((card) => chemistryProfileOf(card.card).everyLeague);
    const weightIn = (card: Candidate, i: number, kind: GroupKind, id: number): number => {
      const profile = chemistryProfileOf(card.card);
      const { clubId, leagueId, nationId } = card.card;
      if (kind === 'club')
        return !isRestrictedClub(clubId) && normalizeClubId(clubId) === id ? profile.club : 0;
      if (kind === 'nation') return nationId === id ? profile.nation : 0;
      return (!isRestrictedLeague(leagueId) && leagueId === id ? profile.league : 0) + (everyLeague[i] ?? 0);
    };
    const groupCache = new Map<string, { levels: number[]; terms: [number, number][] }>();
    const groupOf = (kind: GroupKind, id: number) => {
      const key = `${kind}${id}`;
      const cached = groupCache.get(key);
      if (cached) return cached;
      const terms: [number, number][] = [];
      cards.forEach((card, i) => {
        const weight = weightIn(card, i, kind, id);
        if (weight > 0) for (const { col } of placementCols[i] ?? []) terms.push([col, weight]);
      });
      const reach = terms.reduce((sum, [, weight]) => sum + weight, 0);
      const levels: number[] = [];
      for (const threshold of CHEMISTRY_THRESHOLDS[kind]) {
        if (threshold > reach) break;
        const col = b.binary();
        b.row([[col, threshold], ...terms.map(([c, w]) => [c, -w] as const)], -Infinity, 0);
        const previous = levels[levels.length - 1];
        if (previous !== undefined)
          b.row(
            [
              [col, 1],
              [previous, -1],
            ],
            -Infinity,
            0,
          );
        levels.push(col);
      }
      const group = { levels, terms };
      groupCache.set(key, group);
      return group;
    };
    const chemistryCols: number[] = [];
    cards.forEach((card, i) => {
      const inPosition = placementCols[i] ?? [];
      if (inPosition.length === 0) {
        chemistryCols.push(-1);
        return;
      }
      const col = b.column(0, 0, MAX_PLAYER_CHEMISTRY, false);
      chemistryCols.push(col);
      const profile = chemistryProfileOf(card.card);
      const cap = profile.fixedChemistry ?? MAX_PLAYER_CHEMISTRY;
      b.row([[col, 1], ...inPosition.map(({ col: a }) => [a, -cap] as const)], -Infinity, 0);
      if (profile.fixedChemistry !== undefined) return;
      const { clubId, leagueId, nationId } = card.card;
      const groupsOfCard = [
        ['club', normalizeClubId(clubId)],
        ['league', leagueId],
        ['nation', nationId],
      ] as const;
      if (form === 'lean') {
        // The player's points: at most the levels his three groups reach.
        b.row(
          [
            [col, 1],
            ...groupsOfCard.flatMap(([kind, id]) => groupOf(kind, id).levels.map((l) => [l, -1] as const)),
          ],
          -Infinity,
          0,
        );
        return;
      }
      const links: number[] = [];
      for (const [kind, id] of groupsOfCard) {
        const group = groupOf(kind, id);
        if (group.levels.length === 0) continue;
        // The points this player gets from the group: at most the levels reached, and (a cut
        // that keeps the LP honest) at most the concave envelope of the points in terms of the
        // OTHER players' contributions, so a lonely player gets nothing even fractionally.
        const link = b.column(0, 0, group.levels.length, false);
        links.push(link);
        b.row([[link, 1], ...group.levels.map((l) => [l, -1] as const)], -Infinity, 0);
        const own = weightIn(card, i, kind, id);
        for (const { slope, intercept } of envelopeOf(CHEMISTRY_THRESHOLDS[kind], own)) {
          // link ≤ intercept + slope · (C_g − own · x_i)
          b.row(
            [
              [link, 1],
              ...group.terms.map(([c, w]) => [c, -slope * w] as const),
              ...inPosition.map(({ col: a }) => [a, slope * own] as const),
            ],
            -Infinity,
            intercept,
          );
        }
      }
      b.row([[col, 1], ...links.map((l) => [l, -1] as const)], -Infinity, 0);
    });
    for (const r of chemistryNeeded) {
      if (r.kind === 'chemistry')
        b.row(
          chemistryCols.filter((col) => col >= 0).map((col) => [col, 1] as const),
          r.value,
          Infinity,
        );
      else if (r.value > 0)
        cards.forEach((_, i) => {
          const col = chemistryCols[i] ?? -1;
          // A card never in position cannot reach any chemistry: it cannot be used.
          if (col < 0) b.row([[used[i] ?? 0, 1]], 0, 0);
          else
            b.row(
              [
                [col, 1],
                [used[i] ?? 0, -r.value],
              ],
              0,
              Infinity,
            );
        });
    }
  }
  return placementCols;
}
