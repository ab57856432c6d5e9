import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { readSettings } from '../settings.js';
import { CARD_MARKS } from '../webapp/card-marks.js';
import { createDomWebAppPage } from '../webapp/dom-page.js';
import type { OverlayPrice, PriceKey } from './messages.js';
import { installPriceOverlay, type AskPrices } from './overlay.js';

const ronaldo: OverlayPrice = {
  definitionId: 20_801,
  name: 'Cristiano Ronaldo',
  price: 9_400,
  sites: {
    futbin: { id: 20801, urlName: 'cristiano-ronaldo' },
    futgg: { id: 20801, urlName: 'cristiano-ronaldo' },
  },
};

const row = (tradeId: number, buyNow: number) =>
  `<li data-testid="result-row" data-trade-id="${tradeId}" data-buy-now="${buyNow}" ${CARD_MARKS.definitionId}="20801" ${CARD_MARKS.rarityId}="1">Ronaldo</li>`;

let asked: { platform: string; cards: PriceKey[] }[];
const askPrices: AskPrices = async (platform, cards) => {
  asked.push({ platform, cards });
  return { ok: true, prices: cards.map(() => ronaldo) };
};

beforeEach(() => {
  vi.useFakeTimers();
  asked = [];
  document.documentElement.setAttribute(CARD_MARKS.platform, 'pc');
  document.body.innerHTML = `<main data-view="market-results"><ul data-testid="results-list">${row(11, 500)}</ul></main>`;
});
afterEach(() => vi.useRealTimers());

describe('the price overlay', () => {
  it("shows the session platform's database price, the profit after tax at the Buy Now and the price sites", async () => {
    installPriceOverlay(document, createDomWebAppPage(document), () => readSettings(undefined), askPrices);
    await vi.advanceTimersByTimeAsync(750);
    const overlay = document.querySelector<HTMLElement>('[data-testid="result-row"] .tradedesk-price')!;
    expect(asked).toEqual([{ platform: 'pc', cards: [{ definitionId: 20_801, rarityId: 1 }] }]);
    expect(overlay.querySelector('[data-field="price"]')!.textContent).toBe('PC price 9,400');
    expect(overlay.querySelector('[data-field="profit"]')!.textContent).toBe('Profit +8,430 after tax');
    expect(
      [...overlay.querySelectorAll('a')].map((link) => [link.textContent, link.getAttribute('href')]),
    ).toEqual([
      ['FUTBIN', 'https://www.futbin.com/25/player/20801/cristiano-ronaldo'],
      ['FUT.GG', 'https://www.fut.gg/players/20801-cristiano-ronaldo/'],
    ]);
  });

  it('looks prices up once the page has been still for 750 ms, not for every page flicked past', async () => {
    installPriceOverlay(document, createDomWebAppPage(document), () => readSettings(undefined), askPrices);
    const list = document.querySelector('[data-testid="results-list"]')!;
    for (const tradeId of [12, 13, 14]) {
      await vi.advanceTimersByTimeAsync(400);
      list.innerHTML = row(tradeId, 20_000);
    }
    await vi.advanceTimersByTimeAsync(749);
    expect(asked).toHaveLength(0);
    await vi.advanceTimersByTimeAsync(1);
    expect(asked).toHaveLength(1);
    expect(document.querySelector('[data-field="profit"]')!.textContent).toBe('Profit −11,070 after tax');
    // Drawing the overlay is not a page change: no second lookup follows.
    await vi.advanceTimersByTimeAsync(2_000);
    expect(asked).toHaveLength(1);
  });
});
