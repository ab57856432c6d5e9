import { DeskError, fetchDeskShortcuts, fetchOverlayPrice } from './price/desk-api.js';
import {
  backgroundRequestSchema,
  priceKeyText,
  type OverlayPrice,
  type PricesAnswer,
  type SyncAnswer,
} from './price/messages.js';
import { loadSettings, saveSettings } from './settings.js';

/**
 * The add-on's service worker: the only part that talks to the desk (a content script's fetch
 * would run under the game page's origin). Prices are kept for a minute, so paging back and forth
 * through results does not ask again.
 */
const PRICE_TTL_MS = 60_000;
const priceCache = new Map<string, { at: number; price: OverlayPrice | null }>();

const messageOf = (error: unknown) =>
  error instanceof DeskError ? error.message : 'The desk sent an answer the add-on does not understand.';

async function prices(
  platform: 'pc' | 'ps',
  cards: { definitionId: number; rarityId: number }[],
): Promise<PricesAnswer> {
  const { deskUrl } = await loadSettings();
  try {
    const now = Date.now();
    const found = await Promise.all(
      cards.map(async (card) => {
        const cacheKey = `${deskUrl}|${platform}|${priceKeyText(card)}`;
        const cached = priceCache.get(cacheKey);
        if (cached && now - cached.at < PRICE_TTL_MS) return cached.price;
        const price = await fetchOverlayPrice(deskUrl, card, platform);
        priceCache.set(cacheKey, { at: now, price });
        return price;
      }),
    );
    return { ok: true, prices: found };
  } catch (error) {
    return { ok: false, message: messageOf(error) };
  }
}

/** Copies the user's keys and the shortcuts switch from the desk into the add-on's settings. */
async function syncFromDesk(): Promise<SyncAnswer> {
  const settings = await loadSettings();
  try {
    const fromDesk = await fetchDeskShortcuts(settings.deskUrl);
    const syncedAt = new Date().toISOString();
    await saveSettings({ ...settings, ...fromDesk, syncedAt });
    return { ok: true, syncedAt };
  } catch (error) {
    return { ok: false, message: messageOf(error) };
  }
}

chrome.runtime.onMessage.addListener((message, _sender, sendResponse) => {
  const request = backgroundRequestSchema.safeParse(message);
  if (!request.success) return false;
  const answer =
    request.data.type === 'prices' ? prices(request.data.platform, request.data.cards) : syncFromDesk();
  void answer.then(sendResponse);
  return true; // answers asynchronously
});

// A browser with a desk session picks the user's keys up on its own; failing quietly is fine here.
chrome.runtime.onInstalled.addListener(() => void syncFromDesk());
chrome.runtime.onStartup.addListener(() => void syncFromDesk());
