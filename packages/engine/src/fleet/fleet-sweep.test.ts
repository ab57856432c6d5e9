import fc from 'fast-check';
import type { MarketPage } from '@tradedesk/game-client';
import { describe, expect, it } from 'vitest';
import { sweepBands } from '../strategies/backlog-sweep.js';
import { SharedBacklogSweep, type SweepShare } from './fleet-sweep.js';

/** The answer to a page of a band that holds `pages` pages of results. */
const answer = (page: number, pages: number): MarketPage =>
  ({ page, pageSize: 20, auctions: [], hasNextPage: page + 1 < pages }) as unknown as MarketPage;

const MIN_PRICE = 1_000;
const MAX_PRICE = 50_000;
const bandCount = sweepBands(MIN_PRICE, MAX_PRICE).length;

describe('a backlog sweep shared by a fleet', () => {
  it('reads each page of every band once between the accounts, in any order they read in', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 5 }),
        fc.array(fc.integer({ min: 1, max: 6 }), { minLength: bandCount, maxLength: bandCount }),
        fc.array(fc.nat(4), { minLength: 1, maxLength: 300 }),
        (accounts, pagesPerBand, turns) => {
          const sweep = new SharedBacklogSweep(MIN_PRICE, MAX_PRICE, 0);
          const shares: SweepShare[] = [];
          for (let index = 0; index < accounts; index += 1) {
            sweep.addPages(100);
            shares.push(sweep.share());
          }
          const bands = sweepBands(MIN_PRICE, MAX_PRICE);
          const read = new Map<string, number>();
          for (const turn of [...turns, ...Array.from({ length: 200 }, (_, index) => index)]) {
            const share = shares[turn % accounts] as SweepShare;
            if (share.done) continue;
            const { minBuyNow, page } = share.current;
            const band = bands.findIndex((entry) => entry.minBuyNow === minBuyNow);
            const pages = pagesPerBand[band] ?? 1;
            const key = `${band}:${page}`;
            read.set(key, (read.get(key) ?? 0) + 1);
            share.advance(answer(page, pages));
          }
          expect(sweep.done).toBe(true);
          // Every page of every band was read exactly once; past a band's end only pages handed
          // out before its end was known (at most one per other account).
          for (const [band, pages] of pagesPerBand.entries()) {
            for (let page = 0; page < pages; page += 1) expect(read.get(`${band}:${page}`)).toBe(1);
            let beyond = 0;
            for (const [key, times] of read) {
              const [keyBand, keyPage] = key.split(':').map(Number);
              expect(times).toBe(1);
              if (keyBand === band && (keyPage ?? 0) >= pages) beyond += 1;
            }
            expect(beyond).toBeLessThanOrEqual(accounts - 1);
          }
        },
      ),
    );
  });

  it('spends at most the pages its accounts brought', () => {
    const sweep = new SharedBacklogSweep(MIN_PRICE, MAX_PRICE, 0);
    sweep.addPages(3);
    const [first, second] = [sweep.share(), sweep.share()];
    let reads = 0;
    for (let turn = 0; turn < 20; turn += 1) {
      const share = turn % 2 === 0 ? first : second;
      if (share.done) continue;
      share.advance(answer(share.current.page, 50));
      reads += 1;
    }
    expect(reads).toBe(3);
    expect(sweep.done).toBe(true);
  });

  it('hands the page an account held when it left to another account', () => {
    const sweep = new SharedBacklogSweep(MIN_PRICE, MAX_PRICE, 10);
    const [leaving, staying] = [sweep.share(), sweep.share()];
    const held = leaving.current;
    leaving.release();
    expect(staying.current).toEqual(held);
  });
});
