import { formatCompactNumber, PRICE_LOOKUP_DEBOUNCE_MS, priceSites, type Platform } from '@tradedesk/domain';
import type { AddonSettings } from '../settings.js';
import type { CardOnScreen, WebAppPage } from '../webapp/page.js';
import { priceKeyText, type OverlayPrice, type PriceKey, type PricesAnswer } from './messages.js';
import { overlayProfit } from './profit.js';

/** Marks the overlay's own nodes, so redrawing them is not taken for a page change. */
export const OVERLAY_ATTRIBUTE = 'data-tradedesk-overlay';

export type AskPrices = (platform: Platform, cards: PriceKey[]) => Promise<PricesAnswer>;

const signed = (value: number) =>
  `${value > 0 ? '+' : value < 0 ? '−' : ''}${Math.abs(value).toLocaleString('en-US')}`;

/** The overlay of one card: its database price, the profit at its Buy Now and the price sites. */
export function overlayElement(
  doc: Document,
  card: CardOnScreen,
  price: OverlayPrice | null,
  platform: Platform,
): HTMLElement {
  const box = doc.createElement('div');
  box.setAttribute(OVERLAY_ATTRIBUTE, '');
  box.className = 'tradedesk-price';
  box.setAttribute('role', 'note');
  box.setAttribute('aria-label', 'Trade Desk price');
  box.style.cssText =
    'display:flex;flex-wrap:wrap;gap:4px 10px;align-items:center;font:12px/1.4 system-ui,sans-serif;' +
    'background:#14161c;color:#f2f4f8;border-radius:6px;padding:3px 8px;margin:4px 0;';
  const part = (text: string, name: string, colour?: string) => {
    const span = doc.createElement('span');
    span.dataset.field = name;
    span.textContent = text;
    if (colour) span.style.color = colour;
    box.append(span);
  };
  const platformLabel = platform === 'pc' ? 'PC' : 'Console';
  if (!price || price.price === null) {
    part(`${platformLabel} price: not in the price database`, 'price');
    return box;
  }
  part(`${platformLabel} price ${price.price.toLocaleString('en-US')}`, 'price');
  const profit = overlayProfit(price.price, card.buyNowPrice);
  if (profit !== undefined)
    part(
      `Profit ${signed(profit)} after tax`,
      'profit',
      profit > 0 ? '#5fd38d' : profit < 0 ? '#ff7b72' : undefined,
    );
  box.title = `${price.name}: ${formatCompactNumber(price.price)} on ${platformLabel}`;
  for (const site of priceSites) {
    const page = price.sites[site.key];
    if (!page) continue;
    const link = doc.createElement('a');
    link.href = site.url(page);
    link.textContent = site.label;
    link.target = '_blank';
    link.rel = 'noopener noreferrer';
    link.style.color = '#8ab4ff';
    box.append(link);
  }
  return box;
}

/**
 * Draws a price under every card on screen. Lookups wait until the page has been still for the
 * spec's debounce (750 ms): paging through results asks once for the page that stays, not for
 * every page flicked past.
 */
export function installPriceOverlay(
  doc: Document,
  page: WebAppPage,
  settings: () => AddonSettings,
  askPrices: AskPrices,
  debounceMs = PRICE_LOOKUP_DEBOUNCE_MS,
): () => void {
  let timer: ReturnType<typeof setTimeout> | undefined;
  let drawing = false;

  const draw = async () => {
    const current = settings();
    const cards = page.cards();
    if (!current.isOverlayEnabled || cards.length === 0) return;
    const platform = page.platform() ?? current.platform;
    const keys = cards.map(({ definitionId, rarityId }) => ({ definitionId, rarityId }));
    const answer = await askPrices(platform, keys);
    drawing = true;
    try {
      cards.forEach((card, index) => {
        card.element.querySelector(`:scope > [${OVERLAY_ATTRIBUTE}]`)?.remove();
        if (!card.element.isConnected) return;
        const box = answer.ok
          ? overlayElement(doc, card, answer.prices[index] ?? null, platform)
          : overlayMessage(doc, answer.message);
        box.dataset.card = priceKeyText(keys[index]!);
        card.element.append(box);
      });
    } finally {
      // Mutation records of our own drawing arrive after this task; let them pass first.
      setTimeout(() => (drawing = false), 0);
    }
  };

  const schedule = () => {
    if (timer !== undefined) clearTimeout(timer);
    timer = setTimeout(() => void draw(), debounceMs);
  };

  const isOverlay = (node: Node) => node instanceof Element && node.hasAttribute(OVERLAY_ATTRIBUTE);
  const observer = new MutationObserver((records) => {
    if (drawing) return;
    if (records.some((record) => ![...record.addedNodes, ...record.removedNodes].every(isOverlay)))
      schedule();
  });
  observer.observe(doc.body ?? doc.documentElement, { childList: true, subtree: true });
  schedule();
  return () => {
    observer.disconnect();
    if (timer !== undefined) clearTimeout(timer);
  };
}

function overlayMessage(doc: Document, message: string): HTMLElement {
  const box = doc.createElement('div');
  box.setAttribute(OVERLAY_ATTRIBUTE, '');
  box.className = 'tradedesk-price';
  box.setAttribute('role', 'note');
  box.style.cssText = 'font:12px system-ui,sans-serif;color:#ffb86b;margin:4px 0;';
  box.textContent = `Trade Desk: ${message}`;
  return box;
}
