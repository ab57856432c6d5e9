/**
 * Build-time settings (Vite `VITE_*` variables), checked once so a typo fails loudly at start.
 * Plain checks, not a schema library: this module is on every page's first download.
 */
const settings = import.meta.env as Record<string, string | undefined>;

function setting(name: string, fallback: string, isValid: (value: string) => boolean, rule: string): string {
  const value = settings[name] || fallback;
  if (!isValid(value)) throw new Error(`Invalid web configuration: ${name} ${rule}, got ${value}`);
  return value;
}

const isAddress = (value: string) => URL.canParse(value);
const webAddress = (name: string, fallback: string) => setting(name, fallback, isAddress, 'must be a URL');

export const env = {
  apiUrl: setting('VITE_API_URL', '/api', (value) => value.length > 0, 'must not be empty').replace(
    /\/$/,
    '',
  ),
  communityUrl: webAddress('VITE_COMMUNITY_URL', 'https://discord.com'),
  xUrl: webAddress('VITE_X_URL', 'https://x.com'),
  youtubeUrl: webAddress('VITE_YOUTUBE_URL', 'https://www.youtube.com'),
} as const;
