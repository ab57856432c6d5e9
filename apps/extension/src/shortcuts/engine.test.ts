import { defaultShortcuts } from '@tradedesk/domain';
import { beforeEach, describe, expect, it } from 'vitest';
import { readSettings, type AddonSettings } from '../settings.js';
import { createDomWebAppPage } from '../webapp/dom-page.js';
import { installShortcuts } from './engine.js';
import { createHelpOverlay } from './help-overlay.js';

/** The sandbox web app's results view as docs/sandbox-web-app.md names it. */
const resultsView = `<nav><a data-testid="nav-home" href="#/home">Home</a><a data-testid="nav-market" href="#/market">Transfers</a></nav>
<main data-view="market-results">
  <input data-testid="search-name">
  <button data-testid="search-max-buy-now-increase">+</button>
  <button data-testid="results-back">Back</button>
  <button data-testid="results-previous" disabled>Previous</button><button data-testid="results-next">Next</button>
  <ul data-testid="results-list">
    <li data-testid="result-row" data-index="0" data-trade-id="11" aria-selected="true">A</li>
    <li data-testid="result-row" data-index="1" data-trade-id="12" aria-selected="false">B</li>
  </ul>
  <section data-testid="item-detail"><button data-testid="buy-now">Buy Now</button></section>
</main>
<dialog data-testid="dialog"><button data-testid="dialog-confirm">OK</button><button data-testid="dialog-cancel">Cancel</button></dialog>`;

const pressed: string[] = [];
let settings: AddonSettings;

function key(key: string, target: EventTarget = document.body): KeyboardEvent {
  const event = new KeyboardEvent('keydown', { key, bubbles: true, cancelable: true });
  target.dispatchEvent(event);
  return event;
}

beforeEach(() => {
  document.documentElement.innerHTML = `<body>${resultsView}</body>`;
  pressed.length = 0;
  for (const element of document.querySelectorAll<HTMLElement>('[data-testid]'))
    // Only the element clicked itself, not the containers a click bubbles through.
    element.addEventListener(
      'click',
      (event) => event.target === element && pressed.push(element.dataset.testid!),
    );
  settings = readSettings(undefined);
  installShortcuts(window, createDomWebAppPage(document), () => settings, createHelpOverlay(document));
});

describe('the shortcut engine on the web app', () => {
  it("presses the page's own controls for the default keys", () => {
    key('b');
    key('ArrowRight');
    key('y');
    key('l');
    key('a');
    expect(pressed).toEqual([
      'buy-now',
      'results-next',
      'results-back',
      'search-max-buy-now-increase',
      'nav-market',
    ]);
  });

  it('moves the selection down and up the results', () => {
    const rows = [...document.querySelectorAll<HTMLElement>('[data-testid="result-row"]')];
    const clicked: string[] = [];
    rows.forEach((row) => row.addEventListener('click', () => clicked.push(row.dataset.tradeId!)));
    key('ArrowDown');
    rows[0]!.setAttribute('aria-selected', 'false');
    rows[1]!.setAttribute('aria-selected', 'true');
    key('ArrowDown');
    key('ArrowUp');
    expect(clicked).toEqual(['12', '12', '11']);
  });

  it('leaves a key alone when its control is disabled or absent', () => {
    const previous = key('ArrowLeft');
    const quickSell = key('q');
    expect(pressed).toEqual([]);
    expect(previous.defaultPrevented).toBe(false);
    expect(quickSell.defaultPrevented).toBe(false);
  });

  it('never fires while the user types in a field', () => {
    const name = document.querySelector<HTMLInputElement>('[data-testid="search-name"]')!;
    name.focus();
    key('b', name);
    key('s', name);
    expect(pressed).toEqual([]);
  });

  it('does nothing while shortcuts are disabled', () => {
    settings = { ...settings, isShortcutsEnabled: false };
    key('b');
    expect(pressed).toEqual([]);
  });

  it("follows the user's own keys", () => {
    settings = {
      ...settings,
      shortcuts: { ...defaultShortcuts(), market: { ...defaultShortcuts().market, buy: 'x' } },
    };
    key('b');
    key('x');
    expect(pressed).toEqual(['buy-now']);
  });

  it('confirms a Buy Now with the same key and cancels it with Escape', () => {
    // The page keeps its confirmation <dialog>; a Buy Now opens it.
    document.querySelector('dialog')!.setAttribute('open', '');
    key('b');
    key('Escape');
    key('ArrowRight');
    expect(pressed).toEqual(['dialog-confirm', 'dialog-cancel']);
  });

  it('lists the keys in a help overlay that ? opens and Escape closes', () => {
    key('?');
    const help = document.querySelector('tradedesk-shortcut-help')!;
    const text = help.shadowRoot!.textContent!;
    expect(text).toContain('Quick sell');
    expect(text).toContain('Min buy now up');
    expect(text).toContain('→');
    key('Escape');
    expect(document.querySelector('tradedesk-shortcut-help')).toBeNull();
    // Escape closed the help and did not also go home.
    expect(pressed).toEqual([]);
  });
});
