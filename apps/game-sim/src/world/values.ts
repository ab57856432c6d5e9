import { hashUnit } from '../core/rng.js';
import { snapPrice } from '@tradedesk/domain';
import { priceLimitsFor, type CardDef, type Platform } from './cards.js';

export const DAY_MS = 86_400_000;

function hashNormal(...parts: number[]): number {
  const u = 1 - hashUnit(...parts, 1);
  const v = hashUnit(...parts, 2);
  return Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * v);
}

/**
 * Market value of every card over virtual days: a seeded random walk of daily anchors
 * (independent for PC and console), interpolated linearly inside a day. Lazy: anchors are
 * computed forward as days pass and only a few recent days are kept.
 */
export class MarketValues {
  private readonly anchors = new Map<number, Float64Array>();
  private readonly limitsCache = new Map<number, { minPrice: number; maxPrice: number }>();
  private limitsDay = -1;

  constructor(
    private readonly cards: readonly CardDef[],
    private readonly seed: number,
    private readonly epoch: number,
    private readonly volatility: number,
  ) {}

  /** Virtual day number of a time (day 0 starts at the world's epoch). */
  dayOf(time: number): number {
    return Math.max(0, Math.floor((time - this.epoch) / DAY_MS));
  }

  /** Unrounded value of card `index` on `platform` at `time`. */
  rawValue(index: number, platform: Platform, time: number): number {
    const card = this.cards[index];
    if (!card) throw new RangeError(`no card at index ${index}`);
    const elapsedDays = Math.max(0, (time - this.epoch) / DAY_MS);
    const day = Math.floor(elapsedDays);
    const fraction = elapsedDays - day;
    const slot = index * 2 + (platform === 'pc' ? 1 : 0);
    const from = this.driftArray(day)[slot] ?? 0;
    const to = this.driftArray(day + 1)[slot] ?? 0;
    const factor = platform === 'pc' ? card.pcFactor : 1;
    return card.baseValue * factor * Math.exp(from + (to - from) * fraction);
  }

  /** Value snapped to the ladder. */
  value(index: number, platform: Platform, time: number): number {
    return snapPrice(this.rawValue(index, platform, time));
  }

  /** Price limits of the card on the day of `time` (EA refreshes them daily). */
  limits(index: number, platform: Platform, time: number): { minPrice: number; maxPrice: number } {
    const day = this.dayOf(time);
    if (day !== this.limitsDay) {
      this.limitsDay = day;
      this.limitsCache.clear();
    }
    const slot = index * 2 + (platform === 'pc' ? 1 : 0);
    let limits = this.limitsCache.get(slot);
    if (!limits) {
      limits = priceLimitsFor(this.rawValue(index, platform, this.epoch + day * DAY_MS));
      this.limitsCache.set(slot, limits);
    }
    return limits;
  }

  private driftArray(day: number): Float64Array {
    const known = this.anchors.get(day);
    if (known) return known;
    let startDay = 0;
    let current: Float64Array = new Float64Array(this.cards.length * 2);
    for (const [cachedDay, drift] of this.anchors) {
      if (cachedDay < day && cachedDay >= startDay) {
        startDay = cachedDay;
        current = drift;
      }
    }
    for (let next = startDay + 1; next <= day; next += 1) {
      const following: Float64Array = new Float64Array(current.length);
      for (let slot = 0; slot < current.length; slot += 1) {
        // Mean-reverting walk: values wander but do not drift off to nothing or infinity.
        following[slot] = (current[slot] ?? 0) * 0.97 + this.volatility * hashNormal(this.seed, slot, next);
      }
      current = following;
      this.remember(next, current);
    }
    this.remember(day, current);
    return current;
  }

  private remember(day: number, drift: Float64Array): void {
    this.anchors.set(day, drift);
    if (this.anchors.size > 4) {
      const oldest = Math.min(...this.anchors.keys());
      this.anchors.delete(oldest);
    }
  }
}
