import type { Platform } from '@tradedesk/domain';
import { installPriceOverlay } from './price/overlay.js';
import type { PriceKey, PricesAnswer } from './price/messages.js';
import { loadSettings, onSettingsChanged, type AddonSettings } from './settings.js';
import { installShortcuts } from './shortcuts/engine.js';
import { createHelpOverlay } from './shortcuts/help-overlay.js';
import { createDomWebAppPage } from './webapp/dom-page.js';

/** The add-on on the game's web app: the user's keyboard shortcuts and the price overlay. */
async function start(): Promise<void> {
  let settings: AddonSettings = await loadSettings();
  onSettingsChanged((changed) => (settings = changed));
  const page = createDomWebAppPage(document);
  installShortcuts(window, page, () => settings, createHelpOverlay(document));
  const askPrices = (platform: Platform, cards: PriceKey[]) =>
    chrome.runtime.sendMessage<PricesAnswer>({ type: 'prices', platform, cards });
  installPriceOverlay(document, page, () => settings, askPrices);
  document.documentElement.setAttribute('data-tradedesk-addon', 'ready');
}

void start();
