import { defaultShortcuts, platformSchema, shortcutsSchema, storableText } from '@tradedesk/domain';
import { z } from 'zod';

/** Where the desk runs when the user has not said otherwise (the server's default address). */
export const DEFAULT_DESK_URL = 'http://127.0.0.1:8080';

const deskUrlSchema = storableText(300).pipe(
  z
    .string()
    .trim()
    .url('Enter the desk address, e.g. https://desk.example.com')
    .refine((url) => /^https?:\/\//.test(url), 'The desk address starts with http:// or https://')
    .transform((url) => url.replace(/\/+$/, '')),
);

/**
 * What the add-on keeps in `chrome.storage.local`: the desk to sync from, the user's keys and
 * whether they apply, the overlay's platform fallback and when the keys were last synced.
 */
export const addonSettingsSchema = z.object({
  deskUrl: deskUrlSchema.default(DEFAULT_DESK_URL),
  isShortcutsEnabled: z.boolean().default(true),
  shortcuts: shortcutsSchema.default(defaultShortcuts),
  isOverlayEnabled: z.boolean().default(true),
  /** Used by the price overlay only when the page does not say which platform the session is on. */
  platform: platformSchema.default('ps'),
  /** ISO time of the last sync from the desk; null when the keys were only set here. */
  syncedAt: z.string().max(40).nullable().default(null),
});
export type AddonSettings = z.infer<typeof addonSettingsSchema>;

export const SETTINGS_KEY = 'settings';

/** Stored settings, or the defaults when nothing (or something unreadable) is stored. */
export function readSettings(stored: unknown): AddonSettings {
  const parsed = addonSettingsSchema.safeParse(stored ?? {});
  return parsed.success ? parsed.data : addonSettingsSchema.parse({});
}

export async function loadSettings(): Promise<AddonSettings> {
  const stored = await chrome.storage.local.get(SETTINGS_KEY);
  return readSettings(stored[SETTINGS_KEY]);
}

export async function saveSettings(settings: AddonSettings): Promise<void> {
  await chrome.storage.local.set({ [SETTINGS_KEY]: addonSettingsSchema.parse(settings) });
}

/** Calls `listener` with the new settings whenever any part of the add-on changes them. */
export function onSettingsChanged(listener: (settings: AddonSettings) => void): void {
  chrome.storage.onChanged.addListener((changes, area) => {
    const change = changes[SETTINGS_KEY];
    if (area === 'local' && change) listener(readSettings(change.newValue));
  });
}
