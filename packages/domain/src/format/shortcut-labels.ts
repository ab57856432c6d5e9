import type { Shortcuts } from '../schemas/user.js';

/** What each shortcut does, in the order the settings list them (spec §2). */
export const generalShortcutLabels: Record<keyof Shortcuts['general'], string> = {
  goTransferMarket: 'Go to the transfer market',
  goHome: 'Go home',
};

export const marketShortcutLabels: Record<keyof Shortcuts['market'], string> = {
  goBack: 'Go back',
  search: 'Search',
  buy: 'Buy',
  quickSell: 'Quick sell',
  previousPage: 'Previous page',
  nextPage: 'Next page',
  previousSelection: 'Previous selection',
  nextSelection: 'Next selection',
  decreaseMinBid: 'Min bid down',
  increaseMinBid: 'Min bid up',
  decreaseMaxBid: 'Max bid down',
  increaseMaxBid: 'Max bid up',
  decreaseMinBuyNow: 'Min buy now down',
  increaseMinBuyNow: 'Min buy now up',
  decreaseMaxBuyNow: 'Max buy now down',
  increaseMaxBuyNow: 'Max buy now up',
  resetSearchFilters: 'Reset search filters',
};

/** Arrow keys read better as arrows. */
export const shortcutKeyText = (key: string) =>
  ({ ArrowLeft: '←', ArrowRight: '→', ArrowUp: '↑', ArrowDown: '↓', ' ': 'Space' })[key] ?? key;
