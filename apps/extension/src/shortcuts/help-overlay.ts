import {
  generalShortcutLabels,
  marketShortcutLabels,
  shortcutKeyText,
  type Shortcuts,
} from '@tradedesk/domain';
import { HELP_KEY } from './keymap.js';

export interface HelpOverlay {
  isOpen(): boolean;
  toggle(shortcuts: Shortcuts): void;
  close(): void;
}

const STYLE = `
:host { all: initial; }
.panel { position: fixed; inset: auto 16px 16px auto; z-index: 2147483646; max-height: 80vh; overflow: auto;
  background: #14161c; color: #f2f4f8; font: 13px/1.4 system-ui, sans-serif; border: 1px solid #3a3f4b;
  border-radius: 8px; padding: 12px 16px; box-shadow: 0 8px 24px rgba(0,0,0,.4); min-width: 260px; }
h2 { font-size: 14px; margin: 0 0 8px; } h3 { font-size: 12px; margin: 10px 0 4px; opacity: .75; text-transform: uppercase; }
dl { display: grid; grid-template-columns: auto 1fr; gap: 2px 12px; margin: 0; }
dt { font-weight: 600; } kbd { font: inherit; background: #2a2e38; border-radius: 4px; padding: 0 6px; }
dd { margin: 0; } p { margin: 10px 0 0; opacity: .75; }`;

function section(title: string, labels: Record<string, string>, keys: Record<string, string>): string {
  const rows = Object.entries(labels)
    .map(
      ([action, label]) =>
        `<dt><kbd>${escapeText(shortcutKeyText(keys[action] ?? ''))}</kbd></dt><dd>${escapeText(label)}</dd>`,
    )
    .join('');
  return `<h3>${title}</h3><dl>${rows}</dl>`;
}

function escapeText(text: string): string {
  return text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);
}

/** The list of the user's shortcuts, drawn in a shadow root so the page's styles never reach it. */
export function createHelpOverlay(doc: Document): HelpOverlay {
  let host: HTMLElement | undefined;
  const close = () => {
    host?.remove();
    host = undefined;
  };
  return {
    isOpen: () => host !== undefined,
    close,
    toggle(shortcuts) {
      if (host) return close();
      host = doc.createElement('tradedesk-shortcut-help');
      const root = host.attachShadow({ mode: 'open' });
      root.innerHTML = `<style>${STYLE}</style><section class="panel" role="dialog" aria-label="Keyboard shortcuts">
<h2>Keyboard shortcuts</h2>${section('General', generalShortcutLabels, shortcuts.general)}${section('Transfer market', marketShortcutLabels, shortcuts.market)}
<p>Press <kbd>${HELP_KEY}</kbd> or <kbd>Esc</kbd> to close. Keys never fire while you type in a field.</p></section>`;
      doc.documentElement.append(host);
    },
  };
}
