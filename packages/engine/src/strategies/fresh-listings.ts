import type { MarketPage } from '@tradedesk/game-client';

/** Seconds a one-hour listing has left: the game's results put longer listings after it. */
export const ONE_HOUR_S = 3_600;
/** Slack on "shown since the last look" (the game rounds seconds left up, and shows a listing a few s late). */
const FRESH_SLACK_S = 5;
/** Weight of the latest look in the boundary's drift (a moving average over ~5 looks). */
const DRIFT_SMOOTHING = 0.2;

/**
 * Where the newest listings sit in a search's results. The game orders results by time left, so
 * a listing that just showed (nearly all are listed for an hour) sits right before the first
 * listing with more than an hour left: in the middle of the results, not on the last page. The
 * watch remembers that position, asks for the page holding it, and corrects itself from each
 * page's times left (walking there when the position moved, interpolating on the first look).
 */
export class FreshListingWatch {
  /**
   * `markS`: the listing duration whose newest listings this watch follows (one hour by default);
   * a new listing of that duration sits right before the first listing with more time left.
   */
  constructor(
    private readonly markS: number = ONE_HOUR_S,
    options: { inFleet?: boolean } = {},
  ) {
    this.bisects = markS > ONE_HOUR_S || options.inFleet === true;
  }

  /**
   * Whether a look halves its way back from a page found too far. The longer durations' marks sit
   * where a page spans far more time left and the first guess from the newest listings' density
   * lands far off; so do a fleet's looks (fleet bench, 5 accounts, seeds 11705 / 61959: 104,165 /
   * 93,768 against 87,225 / 88,492 stepping back). A lone account's one-hour look steps back a page
   * at a time, which measured better there (trading bench seeds 7 / 11705: 132,881 / 69,601
   * against 124,629 / 60,057 halving).
   */
  private readonly bisects: boolean;

  /** Result position of the first listing with more than an hour left (undefined until seen). */
  private boundary: number | undefined;
  /** The boundary a finished look found, and when (ms): where the next look predicts it from. */
  private found: { position: number; at: number } | undefined;
  /**
   * How fast the boundary moves (results per ms; negative while more listings end before it than
   * arrive), learned from the looks: a look asks for the page the boundary will have moved to
   * instead of walking there one page at a time.
   */
  private drift = 0;
  /** Results per second of time left, learned from the pages: how far a wrong guess is. */
  private perSecond = 1;
  /** The page before the boundary's is being read for fresh listings that spilled onto it. */
  private completing = false;
  /** In this look, the page found to start with longer listings (the boundary is at or before it). */
  private longFrom: number | undefined;
  /** In this look, the last page found to hold only shorter listings (the boundary is after it). */
  private shortUpTo: number | undefined;
  /** In this look, the first page found past the end of the results. */
  private pastEnd: number | undefined;

  /** The page to ask for to see the newest listings at `now` (ms). */
  page(pageSize: number, now: number): number {
    if (this.found !== undefined)
      this.boundary = Math.round(this.found.position + this.drift * (now - this.found.at));
    return this.boundary === undefined ? 0 : Math.max(0, Math.floor((this.boundary - 1) / pageSize));
  }

  /**
   * Ends the current look at `now` (also when the page-jump threshold cut it short): the boundary
   * it found updates the drift, smoothed over looks since one look's boundary is only as exact as
   * the listings around it.
   */
  finishLook(now: number): void {
    this.endLook();
    if (this.boundary === undefined) return;
    const previous = this.found;
    if (previous !== undefined && now > previous.at) {
      const observed = (this.boundary - previous.position) / (now - previous.at);
      this.drift += DRIFT_SMOOTHING * (observed - this.drift);
    }
    this.found = { position: this.boundary, at: now };
  }

  /**
   * Learns from one page of the watched query; answers the page to read next in this look, or
   * undefined once the newest listings were seen. `sinceLastLookS` is the time since the last look.
   */
  observe(page: MarketPage, sinceLastLookS: number): number | undefined {
    const { auctions, pageSize } = page;
    const start = page.page * pageSize;
    if (this.completing) return this.endLook();
    if (auctions.length === 0) {
      // Past the end of the results (listings ended since the last look, or a far guess): back.
      this.boundary = start;
      if (this.bisects) this.pastEnd = Math.min(this.pastEnd ?? page.page, page.page);
      return page.page > 0 ? this.backFrom(page.page) : this.endLook();
    }
    const first = auctions[0]?.expires ?? 0;
    const last = auctions[auctions.length - 1]?.expires ?? 0;
    if (auctions.length > 1 && last > first && last <= this.markS)
      this.perSecond = (auctions.length - 1) / (last - first);
    const firstLong = auctions.findIndex((auction) => auction.expires > this.markS);
    if (firstLong === -1) {
      // Interpolate to the hour mark: the first look jumps most of the way at once.
      const estimate = start + auctions.length + Math.floor((this.markS - last) * this.perSecond);
      if (this.bisects) this.shortUpTo = Math.max(this.shortUpTo ?? page.page, page.page);
      const endsHere =
        !page.hasNextPage ||
        this.longFrom === page.page + 1 ||
        this.pastEnd === page.page + 1 ||
        estimate === start + auctions.length;
      if (endsHere) {
        this.boundary = start + auctions.length;
        return this.spillsBack(page, first, sinceLastLookS);
      }
      this.boundary = estimate;
      const guess = Math.max(page.page + 1, Math.floor(estimate / pageSize));
      // Never at or past a page already found too far: halve the gap to it instead.
      const limit = this.bisects ? Math.min(this.longFrom ?? Infinity, this.pastEnd ?? Infinity) : Infinity;
      return guess < limit ? guess : Math.max(page.page + 1, Math.floor((page.page + limit) / 2));
    }
    if (firstLong === 0) {
      this.boundary = start;
      this.longFrom = page.page;
      return page.page > 0 ? this.backFrom(page.page) : this.endLook();
    }
    this.boundary = start + firstLong;
    return this.spillsBack(page, first, sinceLastLookS);
  }

  /**
   * The page to read after one found too far: the one before it, or halfway back to the last page
   * found short of the mark (a far first guess, the long marks' usual case, is undone in a few
   * pages instead of one page at a time).
   */
  private backFrom(tooFar: number): number {
    return this.shortUpTo !== undefined && tooFar - this.shortUpTo > 1
      ? Math.floor((this.shortUpTo + tooFar) / 2)
      : tooFar - 1;
  }

  private endLook(): undefined {
    this.completing = false;
    this.longFrom = undefined;
    this.shortUpTo = undefined;
    this.pastEnd = undefined;
    return undefined;
  }

  /** The page's first listing is new since the last look: newer ones may sit on the page before. */
  private spillsBack(page: MarketPage, firstExpires: number, sinceLastLookS: number): number | undefined {
    if (page.page === 0 || firstExpires < this.markS - sinceLastLookS - FRESH_SLACK_S) return this.endLook();
    this.completing = true;
    return page.page - 1;
  }
}
