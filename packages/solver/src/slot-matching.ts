/** Cards matched to distinct formation slots (in position), for the exact search's position-exact tests. */

/**
 * Work charged per augmenting-path step (a few array reads: measured at about a sixteenth of a
 * card the search scans, First Links' search below 683).
 */
const AUGMENT_WORK = 1 / 16;
/** Marks start over here (below the Int32Array's 2^31 − 1; the chosen cards' matching's too). */
export const MARK_LIMIT = 0x40000000;

/**
 * A stack of matchings of cards to slots (a transversal matroid over the slots): `push` adds a
 * card that must be in position, `pop` takes the last one back, and a greedy pass (`beginGreedy`,
 * `tryTake`) extends the stack's matching card by card without changing it. Masks hold a bit per
 * slot the card is in position in.
 */
export class SlotMatching {
  /** owners[d * slotCount + s]: the card in slot s with d cards pushed (−1: free). */
  private readonly owners: Int32Array;
  private readonly scratch: Int32Array;
  private readonly seen: Int32Array;
  private mark = 0;
  private depth = 0;
  /** Masks that failed to join the greedy pass's matching (they stay dependent as it grows). */
  private readonly failedMasks: Int32Array;
  private failedCount = 0;
  /** Augmenting-path steps done since the last `takeWork` (the search charges them). */
  private work = 0;
  /** Each push and pop starts a new epoch; `fits` answers are kept per mask for one epoch. */
  private epoch = 1;
  private nextEpoch = 2;
  private readonly epochAt: Int32Array;
  private readonly fitsEpoch: Int32Array;
  private readonly fitsValue: Uint8Array;
  private readonly probe: Int32Array;

  constructor(
    private readonly masks: Int32Array,
    private readonly slotCount: number,
    maxDepth: number,
  ) {
    this.owners = new Int32Array((maxDepth + 1) * slotCount).fill(-1);
    this.scratch = new Int32Array(slotCount);
    this.seen = new Int32Array(slotCount);
    this.failedMasks = new Int32Array(maxDepth + 64);
    this.epochAt = new Int32Array(maxDepth + 1);
    this.epochAt[0] = this.epoch;
    this.fitsEpoch = new Int32Array(1 << slotCount);
    this.fitsValue = new Uint8Array(1 << slotCount);
    this.probe = new Int32Array(slotCount);
  }

  /** Whether card i could be in position beside the pushed cards (kept per mask until a push or pop). */
  fits(i: number): boolean {
    const mask = this.masks[i] ?? 0;
    if (mask === 0) return false;
    if (this.fitsEpoch[mask] === this.epoch) return this.fitsValue[mask] === 1;
    this.copyRow(this.depth, this.probe);
    this.nextMark();
    const fits = this.augment(this.probe, i);
    this.fitsEpoch[mask] = this.epoch;
    this.fitsValue[mask] = fits ? 1 : 0;
    return fits;
  }

  private copyRow(depth: number, into: Int32Array): void {
    const from = depth * this.slotCount;
    for (let s = 0; s < this.slotCount; s += 1) into[s] = this.owners[from + s] ?? -1;
  }

  /** How many cards are pushed. */
  get size(): number {
    return this.depth;
  }

  /** Pushes card i when it can be in position beside the pushed cards (true), else changes nothing. */
  push(i: number): boolean {
    if (!this.fits(i)) return false;
    this.copyRow(this.depth, this.probe);
    this.nextMark();
    this.augment(this.probe, i);
    this.depth += 1;
    const into = this.depth * this.slotCount;
    for (let s = 0; s < this.slotCount; s += 1) this.owners[into + s] = this.probe[s] ?? -1;
    this.epoch = this.nextEpoch++;
    this.epochAt[this.depth] = this.epoch;
    return true;
  }

  /** Takes the last pushed card back. */
  pop(): void {
    this.depth -= 1;
    this.epoch = this.epochAt[this.depth] ?? 0;
  }

  /** Starts a greedy pass from the pushed cards' matching. */
  beginGreedy(): void {
    this.copyRow(this.depth, this.scratch);
    this.failedCount = 0;
  }

  /**
   * Adds card i to the greedy pass's matching when it can be in position beside every card in it.
   * Taken in order of weight, this is the greedy of a matroid: it finds a heaviest matchable set.
   */
  tryTake(i: number): boolean {
    const mask = this.masks[i] ?? 0;
    if (mask === 0) return false;
    for (let k = 0; k < this.failedCount; k += 1) if (this.failedMasks[k] === mask) return false;
    this.nextMark();
    if (this.augment(this.scratch, i)) return true;
    if (this.failedCount < this.failedMasks.length) this.failedMasks[this.failedCount++] = mask;
    return false;
  }

  /** The work done since the last call (augmenting-path steps), and resets it. */
  takeWork(): number {
    const work = this.work * AUGMENT_WORK;
    this.work = 0;
    return work;
  }

  /**
   * A new mark for one augmenting search. The marks live in an Int32Array: past 2^31 a stored
   * mark no longer equals the counter and the paths never end (a long search reaches that: ~2·10⁹
   * greedy steps, Grand Finale's in two minutes), so they start over well before.
   */
  private nextMark(): void {
    this.mark += 1;
    if (this.mark < MARK_LIMIT) return;
    this.seen.fill(0);
    this.mark = 1;
  }

  private augment(owner: Int32Array, card: number): boolean {
    this.work += 1;
    let bits = this.masks[card] ?? 0;
    while (bits !== 0) {
      const low = bits & -bits;
      bits ^= low;
      const slot = 31 - Math.clz32(low);
      if (this.seen[slot] === this.mark) continue;
      this.seen[slot] = this.mark;
      const holder = owner[slot] ?? -1;
      if (holder < 0 || this.augment(owner, holder)) {
        owner[slot] = card;
        return true;
      }
    }
    return false;
  }
}
