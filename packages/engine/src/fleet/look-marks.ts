import { listingDurationValues } from '@tradedesk/domain';

/**
 * How often the fleet looks at the newest one-hour listings, at least, before a look goes to a
 * longer duration's: rivals take a mispriced listing 1.5–9 s after it shows (the trading bench's
 * measured obstacle), so looks closer together than this win little there, while the new 3-hour
 * to 3-day listings (about one in seven) sit where no one-hour look reads.
 */
export const ONE_HOUR_MARK_INTERVAL_MS = 2_000;
/** Weight of the latest look in a mark's arrival rate (a moving average over ~5 looks). */
const RATE_SMOOTHING = 0.2;
/** A mark that showed nothing new is still looked at now and then (about once an hour per listing). */
const MIN_RATE_PER_S = 1 / 3_600;

/**
 * Where the fleet's next look goes: new listings of each duration sit at their own mark in the
 * results (just before the first listing with more time left), and one account alone only ever
 * affords the one-hour mark. A fleet looks there every `ONE_HOUR_MARK_INTERVAL_MS` and sends
 * its other looks to the longer marks, the one with the most new listings waiting first (its
 * arrival rate, learned from the looks, times the time since it was last read).
 */
export class LookMarks {
  private readonly lastLook = new Map<number, number>();
  private readonly rate = new Map<number, number>();

  constructor(readonly marks: readonly number[] = listingDurationValues) {}

  private get primary(): number {
    return this.marks[0] ?? 3_600;
  }

  /**
   * The mark (seconds) a look starting at `now` reads, and the seconds since the fleet last read
   * it (the mark itself when never: every listing there is new). The look is booked at once, so
   * an account starting a look meanwhile goes elsewhere.
   */
  take(now: number): { mark: number; sinceLastLookS: number } {
    const mark = this.choose(now);
    const last = this.lastLook.get(mark);
    this.lastLook.set(mark, Math.max(now, last ?? now));
    return { mark, sinceLastLookS: last === undefined ? mark : Math.max(0, (now - last) / 1000) };
  }

  private choose(now: number): number {
    const primaryLook = this.lastLook.get(this.primary);
    if (primaryLook === undefined || now - primaryLook >= ONE_HOUR_MARK_INTERVAL_MS) return this.primary;
    let best = this.primary;
    let bestWaiting = -1;
    for (const mark of this.marks.slice(1)) {
      const last = this.lastLook.get(mark);
      if (last === undefined) return mark;
      const waiting = Math.max(this.rate.get(mark) ?? 0, MIN_RATE_PER_S) * (now - last);
      if (waiting > bestWaiting) {
        best = mark;
        bestWaiting = waiting;
      }
    }
    return best;
  }

  /** A look at `mark`, `sinceLastLookS` after the one before it, found `newListings` new listings. */
  noteFound(mark: number, sinceLastLookS: number, newListings: number): void {
    if (!(sinceLastLookS > 0) || sinceLastLookS >= mark) return;
    const observed = Math.max(0, newListings) / sinceLastLookS;
    const known = this.rate.get(mark);
    this.rate.set(mark, known === undefined ? observed : known + RATE_SMOOTHING * (observed - known));
  }
}
