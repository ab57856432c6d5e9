import { MIN_PRICE, previousPrice, snapPrice } from '@tradedesk/domain';
import type { MarketPage } from '@tradedesk/game-client';

export interface Band {
  readonly minBuyNow: number;
  readonly maxBuyNow: number;
}

/**
 * Price bands from the max Buy Now down, each half the one above: a listing's possible profit
 * grows with its price, and there are fewer listings the higher the price, so the first pages
 * of the sweep are worth the most.
 */
export function sweepBands(minPrice: number, maxPrice: number): Band[] {
  const floor = Math.max(MIN_PRICE, minPrice);
  const bands: Band[] = [];
  let top = maxPrice;
  while (top >= floor) {
    const bottom = Math.max(floor, snapPrice(top / 2));
    bands.push({ minBuyNow: bottom, maxBuyNow: top });
    if (bottom <= floor) break;
    top = previousPrice(bottom);
  }
  return bands;
}

/** A walk over the backlog as a strategy reads it: the band and page to read next. */
export interface SweepCursor {
  readonly done: boolean;
  readonly current: Band & { page: number };
  /** After reading `current`: moves on. */
  advance(page: MarketPage): void;
}

/**
 * One walk over the listings that were on the market before the run (the backlog: mispriced
 * listings nobody took yet), band by band from the most expensive, page by page, within a page
 * budget. The fresh-listing watch sees what arrives later; this sees what it never could.
 */
export class BacklogSweep implements SweepCursor {
  private readonly bands: Band[];
  private band = 0;
  private currentPage = 0;
  private pagesLeft: number;

  constructor(minPrice: number, maxPrice: number, maxPages: number) {
    this.bands = sweepBands(minPrice, maxPrice);
    this.pagesLeft = maxPages;
  }

  get done(): boolean {
    return this.pagesLeft <= 0 || this.band >= this.bands.length;
  }

  /** The band and page to read next. */
  get current(): Band & { page: number } {
    const band = this.bands[Math.min(this.band, this.bands.length - 1)] as Band;
    return { ...band, page: this.currentPage };
  }

  /** After reading a page: moves on (to the band's next page, or the next band after its last). */
  advance(page: MarketPage): void {
    this.pagesLeft -= 1;
    if (page.hasNextPage) this.currentPage = page.page + 1;
    else {
      this.band += 1;
      this.currentPage = 0;
    }
  }
}
