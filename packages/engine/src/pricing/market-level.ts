/**
 * Asks within this band of the price-site price count as fair: below it sit the mispriced
 * listings a sniper is after, above it listings nobody buys; neither says where the market is.
 */
const FAIR_ASK_BAND = { low: 0.85, high: 1.35 } as const;
/** Fair asks kept (the latest ones): enough for a steady median, recent enough to follow the market. */
const KEPT_ASKS = 2_000;
/** Fair asks needed before the market's level replaces the price site's alone. */
const MIN_ASKS = 200;
/** The learned correction stays within this range of the price site's price. */
const FACTOR_RANGE = { min: 0.9, max: 1.1 } as const;

/**
 * How the market prices cards relative to the price site, learned from the listings the run's
 * own searches show (nothing else): the median of fair asks over the site's price, across every
 * card seen. The price site publishes a little under where a card trades and minutes late, so a
 * rule on its price alone refuses listings that are profitable against the card's real value; a
 * site that runs above the market makes the rule stricter instead. One factor for all cards: a
 * card's own few listings are far noisier than the site, but thousands of asks put the site's
 * bias within a fraction of a percent.
 *
 * `askPremium` is how far above a card's value fair sellers ask (the median ask over the value):
 * the value is the median ask divided by it.
 */
export class MarketLevel {
  private readonly ratios: number[] = [];
  private next = 0;
  /** The factor of the asks noted so far (asked every cycle, changed only by a new ask). */
  private known: number | undefined;

  constructor(private readonly askPremium: number) {}

  /** Notes one listing's ask against its card's price-site price. */
  observe(buyNowPrice: number, sitePrice: number): void {
    if (!(sitePrice > 0) || !(buyNowPrice > 0)) return;
    const ratio = buyNowPrice / sitePrice;
    if (ratio < FAIR_ASK_BAND.low || ratio > FAIR_ASK_BAND.high) return;
    if (this.ratios.length < KEPT_ASKS) this.ratios.push(ratio);
    else this.ratios[this.next] = ratio;
    this.next = (this.next + 1) % KEPT_ASKS;
    this.known = undefined;
  }

  /** A card's value over its price-site price; 1 until enough asks were seen. */
  factor(): number {
    this.known ??= this.computeFactor();
    return this.known;
  }

  private computeFactor(): number {
    if (this.ratios.length < MIN_ASKS) return 1;
    const sorted = [...this.ratios].sort((a, b) => a - b);
    const middle = sorted.length >> 1;
    const median =
      sorted.length % 2 === 1
        ? (sorted[middle] ?? 1)
        : ((sorted[middle - 1] ?? 1) + (sorted[middle] ?? 1)) / 2;
    return Math.min(FACTOR_RANGE.max, Math.max(FACTOR_RANGE.min, median / this.askPremium));
  }
}
