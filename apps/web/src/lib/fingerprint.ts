/**
 * A browser fingerprint: SHA-256 of properties that stay the same across reloads and window
 * sizes of one browser profile, so the server can tell this browser from another device.
 */
export function fingerprintSource(): string {
  const nav = window.navigator as Navigator & { deviceMemory?: number };
  const parts = [
    nav.userAgent,
    nav.language,
    (nav.languages ?? []).join(','),
    String(nav.hardwareConcurrency ?? ''),
    String(nav.maxTouchPoints ?? ''),
    String(nav.deviceMemory ?? ''),
    String(window.screen?.colorDepth ?? ''),
    Intl.DateTimeFormat().resolvedOptions().timeZone,
  ];
  return parts.join('|');
}

export async function computeFingerprint(source = fingerprintSource()): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(source));
  return Array.from(new Uint8Array(digest), (byte) => byte.toString(16).padStart(2, '0')).join('');
}
