import {
  WEB_APP_EVENTS,
  WEB_APP_TEST_IDS,
  type WebAppAuctionInfo,
  type WebAppItemData,
  type WebAppWindow,
} from '@tradedesk/domain/web-app';
import { CARD_MARKS } from './webapp/card-marks.js';

/**
 * Runs in the page's own world (manifest `"world": "MAIN"`), where the web app's
 * `window.repositories` live, and marks each row and the detail panel with its card and rarity so
 * the isolated content script can price it. It reads; it never calls a service.
 */
const app = window as unknown as Partial<WebAppWindow>;
const byTestId = (id: string) => `[data-testid="${id}"]`;

function itemOf(element: HTMLElement): WebAppItemData | undefined {
  const items = app.repositories?.Item;
  if (!items) return undefined;
  const tradeId = Number(element.dataset.tradeId);
  const itemId = Number(element.dataset.itemId);
  const index = Number(element.dataset.index);
  const trades: readonly WebAppAuctionInfo[] = [
    ...items.marketResults,
    ...items.transferList,
    ...items.targets,
  ];
  if (element.dataset.testid === WEB_APP_TEST_IDS.resultRow && Number.isInteger(index))
    return items.marketResults[index]?.itemData;
  return (
    trades.find((trade) => tradeId > 0 && trade.tradeId === tradeId)?.itemData ??
    trades.find((trade) => itemId > 0 && trade.itemData.id === itemId)?.itemData ??
    items.unassigned.find((item) => item.id === itemId)
  );
}

function mark(): void {
  const platform = app.repositories?.User.platform;
  if (platform) document.documentElement.setAttribute(CARD_MARKS.platform, platform);
  const selector = [WEB_APP_TEST_IDS.resultRow, WEB_APP_TEST_IDS.pileRow, WEB_APP_TEST_IDS.itemDetail]
    .map(byTestId)
    .join(',');
  for (const element of document.querySelectorAll<HTMLElement>(selector)) {
    const item = itemOf(element);
    if (!item) continue;
    const definitionId = String(item.resourceId);
    const rarityId = String(item.rareflag);
    // Only real changes are written, so the marks never feed back into the observer below.
    if (element.getAttribute(CARD_MARKS.definitionId) !== definitionId)
      element.setAttribute(CARD_MARKS.definitionId, definitionId);
    if (element.getAttribute(CARD_MARKS.rarityId) !== rarityId)
      element.setAttribute(CARD_MARKS.rarityId, rarityId);
  }
}

document.addEventListener(WEB_APP_EVENTS.view, mark);
new MutationObserver(mark).observe(document.documentElement, {
  childList: true,
  subtree: true,
  attributes: true,
  attributeFilter: ['data-trade-id', 'data-item-id', 'data-index'],
});
mark();
