import type { AddonSettings } from '../settings.js';
import type { WebAppPage } from '../webapp/page.js';
import type { HelpOverlay } from './help-overlay.js';
import { HELP_KEY, isTypingTarget, shortcutActionFor, type ShortcutAction } from './keymap.js';

/** Runs one shortcut on the page; false when its control is not on screen (the key is left alone). */
export function performShortcut(page: WebAppPage, action: ShortcutAction): boolean {
  if (action === 'previousSelection' || action === 'nextSelection')
    return page.moveSelection(action === 'nextSelection' ? 1 : -1);
  const control = page.control(action);
  if (!control) return false;
  control.click();
  return true;
}

/**
 * Listens to the keyboard on the game's web app and turns the user's keys into actions. Keys
 * pressed while typing in a field, with a modifier, or while shortcuts are disabled pass through
 * untouched. `?` opens the help overlay; while it is open, Escape closes it.
 */
export function installShortcuts(
  target: Window,
  page: WebAppPage,
  settings: () => AddonSettings,
  help: HelpOverlay,
): () => void {
  const onKeyDown = (event: KeyboardEvent) => {
    const current = settings();
    if (!current.isShortcutsEnabled || event.defaultPrevented || event.isComposing) return;
    if (isTypingTarget(event.target)) return;
    if (help.isOpen() && event.key === 'Escape') {
      help.close();
      event.preventDefault();
      return;
    }
    if (event.key === HELP_KEY && !event.ctrlKey && !event.metaKey && !event.altKey) {
      help.toggle(current.shortcuts);
      event.preventDefault();
      return;
    }
    const action = shortcutActionFor(event, current.shortcuts, page.area());
    if (action && performShortcut(page, action)) event.preventDefault();
  };
  // Capture phase: the page's own key handlers must not swallow the key first.
  target.addEventListener('keydown', onKeyDown, true);
  return () => target.removeEventListener('keydown', onKeyDown, true);
}
