import { MARK_LIMIT } from './slot-matching.js';

/**
 * How many of the exact search's chosen cards can be in position at once: a maximum matching of
 * the cards to the open slots (augmenting paths), kept per depth of the search.
 */
export class ChosenMatching {
  private readonly slotOwner: Int32Array;
  private readonly slotSeen: Int32Array;
  private seenMark = 0;
  /**
   * matchedAt[d]: the matching's size for the first d chosen cards, valid until a card is added
   * at depth d − 1 (the skip branch of a node asks again for the set its parent had).
   */
  private readonly matchedAt: Int32Array;
  private readonly matchedKnown: Uint8Array;

  constructor(
    /** Each card's slots, a bit per formation position. */
    private readonly mask: Int32Array,
    positionCount: number,
    private readonly openSlots: readonly number[],
    /** The search's chosen cards (read, never written here). */
    private readonly chosen: Int32Array,
  ) {
    this.slotOwner = new Int32Array(positionCount);
    this.slotSeen = new Int32Array(positionCount);
    this.matchedAt = new Int32Array(chosen.length + 1);
    this.matchedKnown = new Uint8Array(chosen.length + 1);
  }

  /**
   * A card was chosen: `chosenCount` is the count with it (not before it), the depth whose known
   * matching size is now stale. Passing the count before it leaves a stale size that prunes real
   * squads.
   */
  added(chosenCount: number): void {
    this.matchedKnown[chosenCount] = 0;
  }

  /** The maximum matching's size for the first `chosenCount` chosen cards. */
  size(chosenCount: number): number {
    if (this.matchedKnown[chosenCount]) return this.matchedAt[chosenCount] ?? 0;
    this.slotOwner.fill(-1);
    let matched = 0;
    for (let k = 0; k < chosenCount; k += 1) {
      this.nextMark();
      if (this.augment(k)) matched += 1;
    }
    this.matchedAt[chosenCount] = matched;
    this.matchedKnown[chosenCount] = 1;
    return matched;
  }

  /** A new mark per augmenting search; stored in an Int32Array, so they start over before 2^31 (as SlotMatching's). */
  private nextMark(): void {
    this.seenMark += 1;
    if (this.seenMark < MARK_LIMIT) return;
    this.slotSeen.fill(0);
    this.seenMark = 1;
  }

  private augment(k: number): boolean {
    const m = this.mask[this.chosen[k] ?? 0] ?? 0;
    for (const slot of this.openSlots) {
      if (!(m & (1 << slot)) || this.slotSeen[slot] === this.seenMark) continue;
      this.slotSeen[slot] = this.seenMark;
      const holder = this.slotOwner[slot] ?? -1;
      if (holder < 0 || this.augment(holder)) {
        this.slotOwner[slot] = k;
        return true;
      }
    }
    return false;
  }
}
