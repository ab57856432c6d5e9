import {
  generalShortcutLabels,
  marketShortcutLabels,
  SHORTCUT_KEY_MAX,
  shortcutKeyText,
  type Shortcuts,
} from '@tradedesk/domain';
import type { SyncAnswer } from '../price/messages.js';
import { addonSettingsSchema, loadSettings, saveSettings, type AddonSettings } from '../settings.js';

/**
 * The add-on's options page: the desk to sync from, the shortcuts switch and each key (press a
 * key in a field to bind it), the overlay switch and its platform fallback.
 */
const form = document.querySelector<HTMLFormElement>('#options')!;
const status = document.querySelector<HTMLElement>('#status')!;
const field = <T extends HTMLElement>(name: string) => form.querySelector<T>(`[name="${name}"]`)!;

function keyRows(area: keyof Shortcuts, labels: Record<string, string>): string {
  return Object.entries(labels)
    .map(
      ([action, label]) =>
        `<label class="key"><span>${label}</span><input name="${area}.${action}" data-area="${area}" data-action="${action}" maxlength="${SHORTCUT_KEY_MAX}" aria-label="${label} key" autocomplete="off"></label>`,
    )
    .join('');
}

function show(settings: AddonSettings): void {
  field<HTMLInputElement>('deskUrl').value = settings.deskUrl;
  field<HTMLInputElement>('isShortcutsEnabled').checked = settings.isShortcutsEnabled;
  field<HTMLInputElement>('isOverlayEnabled').checked = settings.isOverlayEnabled;
  field<HTMLSelectElement>('platform').value = settings.platform;
  for (const input of form.querySelectorAll<HTMLInputElement>('input[data-action]')) {
    const area = input.dataset.area as keyof Shortcuts;
    const key = (settings.shortcuts[area] as Record<string, string>)[input.dataset.action!] ?? '';
    input.dataset.key = key;
    input.value = shortcutKeyText(key);
  }
  document.querySelector('#synced')!.textContent = settings.syncedAt
    ? `Last synced from the desk: ${new Date(settings.syncedAt).toLocaleString()}`
    : 'Not synced from the desk yet.';
}

function say(message: string, kind: 'success' | 'error'): void {
  status.textContent = message;
  status.dataset.kind = kind;
}

function read(current: AddonSettings) {
  const shortcuts = structuredClone(current.shortcuts) as Record<keyof Shortcuts, Record<string, string>>;
  for (const input of form.querySelectorAll<HTMLInputElement>('input[data-action]'))
    shortcuts[input.dataset.area as keyof Shortcuts]![input.dataset.action!] = input.dataset.key ?? '';
  return addonSettingsSchema.safeParse({
    ...current,
    deskUrl: field<HTMLInputElement>('deskUrl').value,
    isShortcutsEnabled: field<HTMLInputElement>('isShortcutsEnabled').checked,
    isOverlayEnabled: field<HTMLInputElement>('isOverlayEnabled').checked,
    platform: field<HTMLSelectElement>('platform').value,
    shortcuts,
  });
}

/** Asks for access to a desk on another address (localhost is granted by the manifest). */
async function allowDesk(deskUrl: string): Promise<boolean> {
  const origin = `${new URL(deskUrl).origin}/*`;
  return (
    (await chrome.permissions.contains({ origins: [origin] })) ||
    chrome.permissions.request({ origins: [origin] })
  );
}

async function main(): Promise<void> {
  document.querySelector('#general-keys')!.innerHTML = keyRows('general', generalShortcutLabels);
  document.querySelector('#market-keys')!.innerHTML = keyRows('market', marketShortcutLabels);
  let current = await loadSettings();
  show(current);

  // A key field records the key pressed in it (arrows and Escape included), not typed text.
  form.addEventListener('keydown', (event) => {
    const input = event.target;
    if (!(input instanceof HTMLInputElement) || !input.dataset.action || event.key === 'Tab') return;
    event.preventDefault();
    input.dataset.key = event.key;
    input.value = shortcutKeyText(event.key);
  });

  form.addEventListener('submit', async (event) => {
    event.preventDefault();
    const parsed = read(current);
    if (!parsed.success) return say(parsed.error.issues[0]?.message ?? 'Check the fields', 'error');
    if (!(await allowDesk(parsed.data.deskUrl)))
      return say('The add-on needs access to the desk address to read prices.', 'error');
    current = parsed.data;
    await saveSettings(current);
    say('Saved', 'success');
  });

  document.querySelector('#sync')!.addEventListener('click', async () => {
    const parsed = read(current);
    if (!parsed.success) return say(parsed.error.issues[0]?.message ?? 'Check the fields', 'error');
    if (!(await allowDesk(parsed.data.deskUrl)))
      return say('The add-on needs access to the desk address to sync.', 'error');
    await saveSettings(parsed.data);
    say('Syncing from the desk…', 'success');
    const answer = await chrome.runtime.sendMessage<SyncAnswer>({ type: 'sync' });
    current = await loadSettings();
    show(current);
    if (answer.ok) say('Synced your shortcuts from the desk', 'success');
    else say(answer.message, 'error');
  });

  document.querySelector('#defaults')!.addEventListener('click', () => {
    show({ ...current, shortcuts: addonSettingsSchema.parse({}).shortcuts });
    say('Default keys shown: Save to keep them', 'success');
  });
}

void main();
