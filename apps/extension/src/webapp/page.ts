import type { Platform } from '@tradedesk/domain';
import type { ShortcutAction, WebAppArea } from '../shortcuts/keymap.js';

/**
 * Shortcut actions that press one of the web app's own buttons or links (the bid and Buy Now
 * steps press the search form's own -/+ buttons, which move along the game's price ladder).
 */
export type PressAction = Exclude<ShortcutAction, 'previousSelection' | 'nextSelection'>;

/** A card on screen with a Buy Now price: a market result or the item shown in detail. */
export interface CardOnScreen {
  /** Where the overlay goes. */
  readonly element: HTMLElement;
  readonly definitionId: number;
  /** The game's rarity id (the price database keys prices by card and rarity). */
  readonly rarityId: number;
  /** The listed Buy Now price; undefined for a card that is not listed. */
  readonly buyNowPrice: number | undefined;
}

/**
 * The game's web app as the add-on sees it: its named controls, the selected result and the
 * cards on screen. The one place that knows the page's markup, so the shortcut engine and the
 * price overlay stay the same when the markup changes.
 */
export interface WebAppPage {
  area(): WebAppArea;
  /** The button or link behind a press action, when it is on screen and enabled. */
  control(action: PressAction): HTMLElement | undefined;
  /** Moves the selection in the results list; false when there is no list. */
  moveSelection(offset: 1 | -1): boolean;
  cards(): CardOnScreen[];
  /** The session's platform, when the page shows it. */
  platform(): Platform | undefined;
}
