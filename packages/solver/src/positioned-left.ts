/** How many members each group can still gain in position from a node of the exact search. */
import type { SlotMatching } from './slot-matching.js';

/**
 * Work charged per card the node scans (a cached `fits` and a bucket push: measured at about a
 * quarter of the search's other scans per card).
 */
const SCAN_WORK = 1 / 4;

/**
 * A count minimum the cards to come must still meet: a card to come that is not a `member` joins
 * only with `restOfOthers` spent beside it (the members needed, the cheapest others).
 */
export interface NeededMembers {
  readonly member: Uint8Array;
  readonly restOfOthers: number;
}

/** A group kind's card ids (club, league or nation), as the search keeps them. */
export interface KindIds {
  readonly ids: Int32Array;
  readonly size: number;
}

/** The node's cards to come: the search's cards from j on that could still join. */
export interface CardsFrom {
  readonly cost: Float64Array;
  readonly capable: Uint8Array;
  readonly assetIds: Int32Array;
  readonly assetUsed: Uint8Array;
}

/**
 * Per node, per group: the most of its members still to come that can count for it, i.e. stand
 * in position. A card to come joins only when it fits the budget beside the cheapest others, and
 * the ones in position are matchable to distinct slots beside the cards that must be in position
 * (`SlotMatching`'s pushed cards): so a group gains at most the size of a largest such matchable
 * set of its affordable members (its rank in the contracted transversal matroid), and at most r.
 * Where a league's cheap members left are goalkeepers and the squad's goalkeeper is chosen, that
 * is 0 where the members-left count says 3.
 */
export class PositionedLeft {
  private readonly value: Int32Array[];
  private readonly stamp: Int32Array[];
  private readonly head: Int32Array[];
  private readonly next: Int32Array;
  /** The node's cards to come that could stand in position (the first `affordableCount`). */
  readonly affordable: Int32Array;
  affordableCount = 0;
  private now = 0;
  private work = 0;

  constructor(
    private readonly kinds: readonly KindIds[],
    n: number,
    private readonly matching: SlotMatching,
  ) {
    this.value = kinds.map(({ size }) => new Int32Array(size));
    this.stamp = kinds.map(({ size }) => new Int32Array(size));
    this.head = kinds.map(({ size }) => new Int32Array(size));
    this.next = new Int32Array(n);
    this.affordable = new Int32Array(n);
  }

  /**
   * Recomputes the counts for node (j, r): cards from j on, capable, their asset unused, each
   * within `budget` beside `rest` (the r − 1 cheapest cards from j on; beside `needed`'s rest for
   * a card that is not one of its members).
   */
  update(cards: CardsFrom, j: number, r: number, budget: number, rest: number, needed?: NeededMembers): void {
    const { cost, capable, assetIds, assetUsed } = cards;
    const n = cost.length;
    let count = 0;
    let i = j;
    for (; i < n && (cost[i] ?? 0) + rest <= budget; i += 1)
      if (
        capable[i] &&
        !assetUsed[assetIds[i] ?? 0] &&
        (!needed || needed.member[i] || (cost[i] ?? 0) + needed.restOfOthers <= budget) &&
        this.matching.fits(i)
      )
        this.affordable[count++] = i;
    this.work += (i - j) * SCAN_WORK;
    this.affordableCount = count;
    this.now += 1;
    for (let kind = 0; kind < this.kinds.length; kind += 1) {
      const ids = this.kinds[kind]?.ids as Int32Array;
      const stamp = this.stamp[kind] as Int32Array;
      const head = this.head[kind] as Int32Array;
      const value = this.value[kind] as Int32Array;
      // Members by group as linked lists (head per group, next per card), newest first; value
      // counts them until the group's rank is taken (−1 once it is).
      for (let k = 0; k < count; k += 1) {
        const card = this.affordable[k] ?? 0;
        const g = ids[card] ?? 0;
        if (stamp[g] !== this.now) {
          stamp[g] = this.now;
          head[g] = -1;
          value[g] = 0;
        }
        this.next[card] = head[g] ?? -1;
        head[g] = card;
        value[g] = (value[g] ?? 0) + 1;
      }
      // A lone member fits (it passed `fits`); two or more take the greedy.
      for (let k = 0; k < count; k += 1) {
        const g = ids[this.affordable[k] ?? 0] ?? 0;
        if ((value[g] ?? 0) < 2 || head[g] === -2) continue;
        this.matching.beginGreedy();
        let rank = 0;
        for (let card = head[g] ?? -1; card >= 0 && rank < r; card = this.next[card] ?? -1)
          if (this.matching.tryTake(card)) rank += 1;
        value[g] = rank;
        head[g] = -2;
      }
    }
    this.work += this.matching.takeWork();
  }

  /** The most in-position members group g of the kind can gain (after `update`). */
  left(kind: number, g: number): number {
    return this.stamp[kind]?.[g] === this.now ? (this.value[kind]?.[g] ?? 0) : 0;
  }

  /** The work done since the last call (cards scanned, augmenting steps), and resets it. */
  takeWork(): number {
    const work = this.work;
    this.work = 0;
    return work;
  }
}
