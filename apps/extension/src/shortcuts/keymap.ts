import type { Shortcuts } from '@tradedesk/domain';

export type GeneralAction = keyof Shortcuts['general'];
export type MarketAction = keyof Shortcuts['market'];
export type ShortcutAction = GeneralAction | MarketAction;

/** Which part of the game's web app is on screen: market shortcuts apply only in the market. */
export type WebAppArea = 'market' | 'other';

/** The key that opens and closes the help overlay (not configurable: it lists the others). */
export const HELP_KEY = '?';

/** The parts of a keyboard event the key map reads. */
export interface KeyPress {
  readonly key: string;
  readonly ctrlKey: boolean;
  readonly metaKey: boolean;
  readonly altKey: boolean;
}

// Letters match either case, so Caps Lock or Shift never swallow a shortcut.
const normalise = (key: string) => (key.length === 1 ? key.toLowerCase() : key);

/**
 * The action a key press asks for, or undefined. Presses with Ctrl, Cmd or Alt belong to the
 * browser and the system (copy, reload, tab switching) and never trigger a shortcut. When the
 * user gave two actions the same key, the market action wins in the market (it is the more
 * specific area), the general one elsewhere.
 */
export function shortcutActionFor(
  press: KeyPress,
  shortcuts: Shortcuts,
  area: WebAppArea,
): ShortcutAction | undefined {
  if (press.ctrlKey || press.metaKey || press.altKey) return undefined;
  const key = normalise(press.key);
  const matches = (entries: [string, string][]) => entries.find(([, bound]) => normalise(bound) === key)?.[0];
  if (area === 'market') {
    const market = matches(Object.entries(shortcuts.market));
    if (market) return market as MarketAction;
  }
  return matches(Object.entries(shortcuts.general)) as GeneralAction | undefined;
}

const TEXT_INPUT_TYPES = new Set([
  '',
  'text',
  'search',
  'number',
  'email',
  'password',
  'tel',
  'url',
  'date',
  'datetime-local',
  'month',
  'time',
  'week',
]);

/**
 * True while the user is typing in a field: the key belongs to the field, never to a shortcut
 * (a player name containing "s" must not start a search).
 */
export function isTypingTarget(target: EventTarget | null): boolean {
  if (!(target instanceof Element)) return false;
  if (target instanceof HTMLTextAreaElement || target instanceof HTMLSelectElement) return true;
  if (target instanceof HTMLInputElement) return TEXT_INPUT_TYPES.has(target.type.toLowerCase());
  return target instanceof HTMLElement && target.isContentEditable;
}
