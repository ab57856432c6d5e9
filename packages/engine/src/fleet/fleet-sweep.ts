import type { MarketPage } from '@tradedesk/game-client';
import { sweepBands, type Band, type SweepCursor } from '../strategies/backlog-sweep.js';

interface PageOfBand {
  readonly band: number;
  readonly page: number;
}

/**
 * One backlog sweep shared by a fleet's accounts: the pages of every price band are handed out
 * one at a time, so the accounts read different pages and the backlog is read once, in 1/K of the
 * time, instead of once per account (K reads of the same pages, K buyers for the same bargains).
 * Pages handed out past a band's last page (its end was not known yet) come back empty and cost
 * one request each, at most one per other account.
 */
export class SharedBacklogSweep {
  private readonly bands: Band[];
  /** Next page to hand out, per band. */
  private readonly nextPage: number[];
  /** Pages known to exist, per band (undefined until its last page was read). */
  private readonly pageCount: (number | undefined)[];
  /** Pages handed back by an account that left before reading them. */
  private readonly returned: PageOfBand[] = [];
  private pagesLeft: number;

  constructor(minPrice: number, maxPrice: number, maxPages: number) {
    this.bands = sweepBands(minPrice, maxPrice);
    this.nextPage = this.bands.map(() => 0);
    this.pageCount = this.bands.map(() => undefined);
    this.pagesLeft = maxPages;
  }

  /** Whether every band was handed out (or the page budget is spent). */
  get done(): boolean {
    return this.returned.length === 0 && (this.pagesLeft <= 0 || this.openBand() === undefined);
  }

  /** Raises the fleet's page budget by one account's share. */
  addPages(pages: number): void {
    this.pagesLeft += Math.max(0, pages);
  }

  private openBand(): number | undefined {
    const index = this.bands.findIndex(
      (_, band) =>
        this.pageCount[band] === undefined || (this.nextPage[band] ?? 0) < (this.pageCount[band] ?? 0),
    );
    return index === -1 ? undefined : index;
  }

  /** The next unread page, most expensive band first; undefined once the sweep is done. */
  take(): PageOfBand | undefined {
    const back = this.returned.shift();
    if (back !== undefined) return back;
    if (this.pagesLeft <= 0) return undefined;
    const band = this.openBand();
    if (band === undefined) return undefined;
    const page = this.nextPage[band] ?? 0;
    this.nextPage[band] = page + 1;
    this.pagesLeft -= 1;
    return { band, page };
  }

  /** A page was read: a page without a next one closes its band. */
  read(taken: PageOfBand, page: MarketPage): void {
    if (page.hasNextPage) return;
    const known = this.pageCount[taken.band];
    const count = taken.page + 1;
    if (known === undefined || count < known) this.pageCount[taken.band] = count;
  }

  /** A page an account took and will not read (it left the fleet). */
  giveBack(taken: PageOfBand): void {
    this.returned.push(taken);
  }

  /** The price band of a page handed out. */
  band(index: number): Band {
    return this.bands[index] ?? { minBuyNow: 0, maxBuyNow: 0 };
  }

  /** One account's view of the shared sweep (its strategy reads it like a sweep of its own). */
  share(): SweepShare {
    return new SweepShare(this);
  }
}

/** The page one account holds of a shared sweep: taken when first asked for, read, then the next. */
export class SweepShare implements SweepCursor {
  private held: PageOfBand | undefined;

  constructor(private readonly sweep: SharedBacklogSweep) {}

  private hold(): PageOfBand | undefined {
    this.held ??= this.sweep.take();
    return this.held;
  }

  get done(): boolean {
    return this.hold() === undefined;
  }

  get current() {
    const taken = this.hold() ?? { band: 0, page: 0 };
    return { ...this.sweep.band(taken.band), page: taken.page };
  }

  advance(page: MarketPage): void {
    if (this.held !== undefined) this.sweep.read(this.held, page);
    this.held = undefined;
  }

  /** The account leaves the fleet: the page it held goes to another account. */
  release(): void {
    if (this.held !== undefined) this.sweep.giveBack(this.held);
    this.held = undefined;
  }
}
