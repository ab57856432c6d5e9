import type { Platform } from '@tradedesk/domain';
import { WEB_APP_TEST_IDS as ids, type WebAppViewName } from '@tradedesk/domain/web-app';
import type { WebAppArea } from '../shortcuts/keymap.js';
import { CARD_MARKS } from './card-marks.js';
import type { CardOnScreen, PressAction, WebAppPage } from './page.js';

/** Views of the transfer-market area, where the market shortcuts apply. */
const MARKET_VIEWS: ReadonlySet<WebAppViewName> = new Set([
  'market-search',
  'market-results',
  'transfer-list',
  'targets',
  'unassigned',
]);

/** The control each press action presses (the dialog's own buttons are handled first). */
const PRESS_TARGETS: Record<PressAction, string> = {
  goTransferMarket: ids.navMarket,
  goHome: ids.navHome,
  goBack: ids.resultsBack,
  search: ids.searchSubmit,
  buy: ids.buyNow,
  quickSell: ids.quickSell,
  previousPage: ids.resultsPrevious,
  nextPage: ids.resultsNext,
  resetSearchFilters: ids.searchReset,
  decreaseMinBid: `${ids.searchMinBid}-decrease`,
  increaseMinBid: `${ids.searchMinBid}-increase`,
  decreaseMaxBid: `${ids.searchMaxBid}-decrease`,
  increaseMaxBid: `${ids.searchMaxBid}-increase`,
  decreaseMinBuyNow: `${ids.searchMinBuyNow}-decrease`,
  increaseMinBuyNow: `${ids.searchMinBuyNow}-increase`,
  decreaseMaxBuyNow: `${ids.searchMaxBuyNow}-decrease`,
  increaseMaxBuyNow: `${ids.searchMaxBuyNow}-increase`,
};

const isUsable = (element: HTMLElement) =>
  !element.closest('[hidden]') &&
  !(element instanceof HTMLButtonElement && element.disabled) &&
  element.getAttribute('aria-disabled') !== 'true';

const numberIn = (value: string | null | undefined) => {
  const parsed = Number(value);
  return value != null && value !== '' && Number.isInteger(parsed) && parsed >= 0 ? parsed : undefined;
};

/**
 * The sandbox web app (docs/sandbox-web-app.md) read through its named controls: every lookup is
 * a `data-testid`, so the page's layout can change freely.
 */
export function createDomWebAppPage(doc: Document): WebAppPage {
  const find = (testId: string) => {
    const element = doc.querySelector<HTMLElement>(`[data-testid="${testId}"]`);
    return element && isUsable(element) ? element : undefined;
  };
  const all = (testId: string) =>
    [...doc.querySelectorAll<HTMLElement>(`[data-testid="${testId}"]`)].filter(isUsable);
  // The confirmation is a <dialog> that stays in the page: it counts only while open.
  const dialogOpen = () => {
    const dialog = doc.querySelector<HTMLElement>(`[data-testid="${ids.dialog}"]`);
    if (!dialog) return false;
    return dialog instanceof HTMLDialogElement ? dialog.open : isUsable(dialog);
  };
  const view = () =>
    doc.querySelector('main[data-view]')?.getAttribute('data-view') as WebAppViewName | undefined;

  return {
    area: (): WebAppArea => (MARKET_VIEWS.has(view() as WebAppViewName) ? 'market' : 'other'),

    control(action) {
      // A Buy Now or quick sell asks first: the same key confirms, going back or home cancels.
      if (dialogOpen()) {
        if (action === 'buy' || action === 'quickSell') return find(ids.dialogConfirm);
        if (action === 'goBack' || action === 'goHome') return find(ids.dialogCancel);
        return undefined;
      }
      return find(PRESS_TARGETS[action]);
    },

    moveSelection(offset) {
      const rows = [...all(ids.resultRow), ...all(ids.pileRow)];
      if (rows.length === 0 || dialogOpen()) return false;
      const current = rows.findIndex((row) => row.getAttribute('aria-selected') === 'true');
      const next = current < 0 ? 0 : Math.min(rows.length - 1, Math.max(0, current + offset));
      const row = rows[next]!;
      row.click();
      row.scrollIntoView?.({ block: 'nearest' });
      return true;
    },

    cards() {
      const rows = [...all(ids.resultRow), ...all(ids.pileRow)];
      const buyNowOfTrade = new Map(rows.map((row) => [row.dataset.tradeId, numberIn(row.dataset.buyNow)]));
      const detail = find(ids.itemDetail);
      return [...rows, ...(detail ? [detail] : [])].flatMap((element): CardOnScreen[] => {
        const definitionId = numberIn(element.getAttribute(CARD_MARKS.definitionId));
        const rarityId = numberIn(element.getAttribute(CARD_MARKS.rarityId));
        if (!definitionId || rarityId === undefined) return [];
        const buyNowPrice = numberIn(element.dataset.buyNow) ?? buyNowOfTrade.get(element.dataset.tradeId);
        // A pile entry that is not on the market (won, unassigned, unlisted) has no Buy Now to judge.
        const listed = buyNowPrice !== undefined && buyNowPrice > 0 ? buyNowPrice : undefined;
        // A table row takes the overlay in its last cell (a row holds only cells).
        const host =
          element instanceof HTMLTableRowElement
            ? (element.cells[element.cells.length - 1] ?? element)
            : element;
        return [{ element: host, definitionId, rarityId, buyNowPrice: listed }];
      });
    },

    platform(): Platform | undefined {
      const platform = doc.documentElement.getAttribute(CARD_MARKS.platform);
      return platform === 'pc' || platform === 'ps' ? platform : undefined;
    },
  };
}
