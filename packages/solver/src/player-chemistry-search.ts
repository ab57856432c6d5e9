/** Exact search for "every player at least m chemistry": each chosen player's lift priced from the cards still to come. */
import {
  CHEMISTRY_THRESHOLDS,
  chemistryProfileOf,
  isBaseProfile,
  isRestrictedClub,
  isRestrictedLeague,
  MAX_PLAYER_CHEMISTRY,
  normalizeClubId,
} from '@tradedesk/domain';
import { reducePool } from './milp.js';
import { placeCards } from './placement.js';
import type { Candidate, Problem } from './problem.js';
import { pointsAt } from './chemistry-groups.js';
import { LastCardIndex, liftingPatterns, lowerBound } from './last-card-index.js';
import { cheapestFills, denseIds } from './search-counts.js';
import { judgePlacement, type Placement } from './squad-check.js';
import { chargeWork, WORK_MS, workNow } from './work-clock.js';

/** Work units between two looks at the clock (a unit: a card tried or a player's lift priced). */
const CLOCK_EVERY = 16_384;

export interface PlayerChemistryOptions {
  /** The cards to search (else the exact cut below the upper bound). */
  readonly pool?: readonly Candidate[];
  /** A card every squad holds, dearer than every card of the pool (the split by dear cards). */
  readonly anchor?: Candidate;
  /** A later deadline that holds once a squad at or below `extendAtOrBelow` is found. */
  readonly extendedDeadline?: number;
  readonly extendAtOrBelow?: number;
}

export interface PlayerChemistryOutcome {
  /** Whether every squad cheaper than the upper bound was looked at. */
  readonly finished: boolean;
  /** When finished: the cheapest eligible squad's cost, or the upper bound when none is cheaper. */
  readonly bound?: number;
  readonly answer?: { readonly placement: Placement; readonly cost: number };
  readonly nodes: number;
  readonly work: number;
}

/** The per-player minimum m when the requirements are "every player ≥ m" (m ≥ 1) and team chemistry minima alone. */
export function playerChemistryMinimum(problem: Problem): number | undefined {
  let least = 0;
  for (const r of problem.requirements) {
    if (r.scope !== 'min') return undefined;
    if (r.kind === 'playerChemistry') least = Math.max(least, r.value);
    else if (r.kind !== 'chemistry') return undefined;
  }
  return least >= 1 ? Math.min(least, MAX_PLAYER_CHEMISTRY) : undefined;
}

/** Dense ids per card (−1: no group, as a restricted club or league), and each group's members in card order. */
function groupsOf(keys: readonly number[]): { ids: Int32Array; members: Int32Array[] } {
  const dense = new Map<number, number>();
  const ids = new Int32Array(keys.length);
  const lists: number[][] = [];
  keys.forEach((key, card) => {
    if (key === NO_GROUP) {
      ids[card] = -1;
      return;
    }
    let id = dense.get(key);
    if (id === undefined) {
      id = lists.length;
      dense.set(key, id);
      lists.push([]);
    }
    ids[card] = id;
    lists[id]?.push(card);
  });
  return { ids, members: lists.map((list) => Int32Array.from(list)) };
}

const NO_GROUP = Number.MIN_SAFE_INTEGER;

/**
 * Exact branch and bound for challenges whose requirements are "every player ≥ m chemistry"
 * (and team chemistry minima): every player must then be in position (out of position he has 0),
 * so a squad is eligible when its cards have a perfect matching to the slots and every card's
 * club, league and nation counts give it m points. Cards are taken cheapest first; a node is
 * pruned by
 * - cost: the chosen cards plus the cheapest cards still to come;
 * - a matching: a card no augmenting path places is not taken;
 * - each chosen player's lift: short of m points, he needs t more cards of his club, league or
 *   nation (each card adds at most one to each count, and a group gains no more members than it
 *   has left), and those cost at least the t cheapest of his groups' cards still to come; the
 *   other cards to come at least the cheapest ones. On pools where thousands of market cards sit
 *   at one floor price, a lift the cheap cards cannot give costs a floor-price card, which the
 *   budget below the bound rarely allows, so the search finishes where the generic one does not.
 * Complete sets are judged by the domain's evaluator. Undefined outside those requirements, with
 * bricks, or with special chemistry profiles in the cut pool.
 */
export function playerChemistrySearch(
  problem: Problem,
  upperBound: number,
  deadline: number,
  nodeLimit = Infinity,
  options: PlayerChemistryOptions = {},
): PlayerChemistryOutcome | undefined {
  const least = playerChemistryMinimum(problem);
  if (least === undefined || !Number.isFinite(upperBound) || problem.bricks.size > 0) return undefined;
  const { anchor } = options;
  const pool = [...(options.pool ?? reducePool(problem, upperBound)), ...(anchor ? [anchor] : [])];
  if (!pool.every((c) => isBaseProfile(chemistryProfileOf(c.card)))) return undefined;
  const slots = problem.openSlots.length;
  // Stable: the anchor, dearest of all, stays last.
  const cards = pool.sort((a, b) => a.cost - b.cost);
  const n = cards.length;
  const cost = Float64Array.from(cards, (c) => c.cost);
  const mask = Int32Array.from(cards, (c) => c.positionMask);
  const club = groupsOf(
    cards.map((c) => (isRestrictedClub(c.card.clubId) ? NO_GROUP : normalizeClubId(c.card.clubId))),
  );
  const league = groupsOf(
    cards.map((c) => (isRestrictedLeague(c.card.leagueId) ? NO_GROUP : c.card.leagueId)),
  );
  const nation = groupsOf(cards.map((c) => c.card.nationId));
  const asset = denseIds(cards.map((c) => c.assetId)).ids;
  const kinds = [club, league, nation] as const;
  const thresholds = [CHEMISTRY_THRESHOLDS.club, CHEMISTRY_THRESHOLDS.league, CHEMISTRY_THRESHOLDS.nation];
  const counts = kinds.map((kind) => new Int32Array(kind.members.length));
  const assetUsed = new Uint8Array(n);
  const fill = cheapestFills(cost, slots);
  const fillFrom = (j: number, r: number) => fill[Math.min(j, n) * (slots + 1) + r] ?? Infinity;

  const chosen = new Int32Array(slots);
  let size = 0;
  let spent = 0;
  let best = upperBound;
  let answer: PlayerChemistryOutcome['answer'];
  let nodes = 0;
  let work = 0;
  let workSinceClock = 0;
  let aborted = false;
  const charge = (units: number) => {
    work += units;
    workSinceClock += units;
    if (workSinceClock >= CLOCK_EVERY) {
      chargeWork(workSinceClock * WORK_MS.exactSearchWork);
      workSinceClock = 0;
      const extended =
        options.extendedDeadline !== undefined && best <= (options.extendAtOrBelow ?? -Infinity);
      if (workNow() > (extended ? options.extendedDeadline : deadline)) aborted = true;
    }
  };

  // The slot each chosen card holds in a maximum matching (slotOwner: the chosen index per slot).
  const slotOwner = new Int32Array(problem.positions.length).fill(-1);
  const seen = new Uint8Array(problem.positions.length);
  const augment = (holder: number): boolean => {
    const cardMask = mask[chosen[holder] ?? 0] ?? 0;
    for (const slot of problem.openSlots) {
      if (!(cardMask & (1 << slot)) || seen[slot]) continue;
      seen[slot] = 1;
      const owner = slotOwner[slot] ?? -1;
      if (owner < 0 || augment(owner)) {
        slotOwner[slot] = holder;
        return true;
      }
    }
    return false;
  };

  /** Members of group `id` of kind `k` at index `from` or later (none for no group). */
  const leftOf = (k: number, id: number, from: number) => {
    if (id < 0) return 0;
    const list = kinds[k]?.members[id];
    return list ? list.length - lowerBound(list, from) : 0;
  };
  /** The least cost of the t cheapest cards from `from` on sharing a group with card `card`. */
  const liftCost = (card: number, t: number, from: number): number => {
    const lists: Int32Array[] = [];
    const at: number[] = [];
    for (let k = 0; k < 3; k += 1) {
      const id = kinds[k]?.ids[card] ?? -1;
      const list = id >= 0 ? kinds[k]?.members[id] : undefined;
      if (list) {
        lists.push(list);
        at.push(lowerBound(list, from));
      }
    }
    let sum = 0;
    for (let taken = 0; taken < t; taken += 1) {
      let next = n;
      for (let l = 0; l < lists.length; l += 1) next = Math.min(next, lists[l]?.[at[l] ?? 0] ?? n);
      if (next >= n) return Infinity;
      sum += cost[next] ?? 0;
      for (let l = 0; l < lists.length; l += 1) if (lists[l]?.[at[l] ?? 0] === next) at[l] = (at[l] ?? 0) + 1;
    }
    return sum;
  };
  /** Whether every chosen player can still reach `least` points with r cards from `from` on, within the budget. */
  // The player whose lift failed last is tried first (the same one usually fails again).
  let lastShort = 0;
  // A player the last lift test found needing every card to come (−1: none).
  let allToCome = -1;
  const have = [0, 0, 0];
  const left = [0, 0, 0];
  /** Whether chosen player i can still reach `least` points with r cards from `from` on, within the budget. */
  const liftFits = (i: number, from: number, r: number): boolean => {
    const card = chosen[i] ?? 0;
    let points = 0;
    for (let k = 0; k < 3; k += 1) {
      const id = kinds[k]?.ids[card] ?? -1;
      have[k] = id >= 0 ? (counts[k]?.[id] ?? 0) : 0;
      points += id >= 0 ? pointsAt(have[k] ?? 0, thresholds[k] ?? []) : 0;
    }
    charge(1);
    if (points >= least) return true;
    for (let k = 0; k < 3; k += 1) left[k] = leftOf(k, kinds[k]?.ids[card] ?? -1, from);
    let needed = 0;
    for (let t = 1; t <= r && needed === 0; t += 1) {
      let reached = 0;
      for (let k = 0; k < 3; k += 1)
        if ((kinds[k]?.ids[card] ?? -1) >= 0)
          reached += pointsAt((have[k] ?? 0) + Math.min(t, left[k] ?? 0), thresholds[k] ?? []);
      if (reached >= least) needed = t;
    }
    if (needed === 0) return false;
    if (needed === r) allToCome = i;
    return spent + liftCost(card, needed, from) + fillFrom(from, r - needed) < best;
  };
  /** Whether every chosen player can still reach `least` points with r cards from `from` on, within the budget. */
  const liftsFit = (from: number, r: number): boolean => {
    allToCome = -1;
    const first = lastShort < size ? lastShort : 0;
    for (let step = 0; step < size; step += 1) {
      const i = (first + step) % size;
      if (!liftFits(i, from, r)) {
        lastShort = i;
        return false;
      }
    }
    return true;
  };

  const judgeLeaf = () => {
    const squad: Candidate[] = [];
    for (let i = 0; i < size; i += 1) squad.push(cards[chosen[i] ?? 0] as Candidate);
    const placement = placeCards(problem, squad);
    charge(slots);
    if (judgePlacement(problem, placement).eligible) {
      best = spent;
      answer = { placement, cost: spent };
    }
  };

  const visit = (from: number): void => {
    nodes += 1;
    if (nodes > nodeLimit) aborted = true;
    if (aborted) return;
    const r = slots - size;
    if (r === 0) {
      // The lift test with no card to come: every player already has his points.
      if (liftsFit(from, 0)) judgeLeaf();
      return;
    }
    // One card to come: the cards that lift every short player at once. More: where one player
    // needs every card to come, only his groups' cards (the lift test just run tells).
    const lastCards = r === 1 ? lastCardChoices(from) : needsAll(from);
    const choices = lastCards ? lastCards.length : n - from;
    for (let c = 0; c < choices && !aborted; c += 1) {
      const k = lastCards ? (lastCards[c] ?? n) : from + c;
      // Cards are sorted: once the cheapest completion or a chosen player's lift from k is over
      // the budget, it is over it for every later k.
      if (spent + fillFrom(k, r) >= best) break;
      if (!lastCards && !liftsFit(k, r)) break;
      charge(1);
      const a = asset[k] ?? 0;
      if (assetUsed[a]) continue;
      take(k, 1);
      if (liftsFit(k + 1, r - 1)) {
        const saved = Int32Array.from(slotOwner);
        seen.fill(0);
        if (augment(size - 1)) visit(k + 1);
        slotOwner.set(saved);
      }
      take(k, -1);
    }
  };
  /** Takes card k into the squad (1) or gives it back (−1). */
  const take = (k: number, sign: 1 | -1) => {
    if (sign > 0) {
      chosen[size] = k;
      size += 1;
    } else size -= 1;
    assetUsed[asset[k] ?? 0] = sign > 0 ? 1 : 0;
    spent += sign * (cost[k] ?? 0);
    for (let kind = 0; kind < 3; kind += 1) {
      const id = kinds[kind]?.ids[k] ?? -1;
      if (id >= 0) (counts[kind] as Int32Array)[id] = (counts[kind]?.[id] ?? 0) + sign;
    }
  };
  const lastCard = new LastCardIndex(kinds, n);
  // The tables (fill, groups, the index: a few cells per card) count as work too.
  charge(n);
  /**
   * The cards from `from` on sharing a group with a player who needs all the cards to come, if
   * one does: the lift test that admitted this node (same squad, same `from`) marked him.
   */
  const needsAll = (from: number): number[] | undefined => {
    if (allToCome < 0 || allToCome >= size) return undefined;
    const card = chosen[allToCome] ?? 0;
    const union = new Set<number>();
    for (let k = 0; k < 3; k += 1) {
      const id = kinds[k]?.ids[card] ?? -1;
      const list = id >= 0 ? kinds[k]?.members[id] : undefined;
      if (!list) continue;
      const start = lowerBound(list, from);
      for (let at = start; at < list.length; at += 1) union.add(list[at] ?? n);
      charge(1 + list.length - start);
    }
    return [...union].sort((a, b) => a - b);
  };
  /**
   * With one card to come, it must lift every player short of his points: the (club, league,
   * nation) values it must hold, from each short player's ways to be lifted by one card, looked up
   * in an index (their members from `from` on, in card order). Undefined when no player is short
   * (any card may come).
   */
  const lastCardChoices = (from: number): number[] | undefined => {
    const ways: number[][] = [];
    for (let i = 0; i < size; i += 1) {
      const card = chosen[i] ?? 0;
      const have = [0, 0, 0];
      const id = [-1, -1, -1];
      let points = 0;
      for (let k = 0; k < 3; k += 1) {
        id[k] = kinds[k]?.ids[card] ?? -1;
        have[k] = (id[k] ?? -1) >= 0 ? (counts[k]?.[id[k] ?? 0] ?? 0) : 0;
        if ((id[k] ?? -1) >= 0) points += pointsAt(have[k] ?? 0, thresholds[k] ?? []);
      }
      if (points >= least) continue;
      ways.push(liftingPatterns(have, id, thresholds, least));
      charge(1);
    }
    if (ways.length === 0) return undefined;
    return lastCard.choices(ways, from, (units) => charge(units));
  };
  if (new Set(cards.map((c) => c.assetId)).size >= slots) {
    if (!anchor) visit(0);
    else if (cards.at(-1) === anchor) {
      take(n - 1, 1);
      seen.fill(0);
      if (augment(0) && liftsFit(0, slots - 1)) visit(0);
    }
  }
  chargeWork(workSinceClock * WORK_MS.exactSearchWork);
  const finished = !aborted;
  return {
    finished,
    ...(finished ? { bound: best } : {}),
    ...(answer ? { answer } : {}),
    nodes,
    work,
  };
}
