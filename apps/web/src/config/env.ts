import { z } from 'zod';

/** Build-time settings (Vite `VITE_*` variables), validated once so a typo fails loudly at start. */
const envSchema = z.object({
  VITE_API_URL: z.string().min(1).default('/api'),
  VITE_COMMUNITY_URL: z.string().url().default('https://discord.com'),
  VITE_X_URL: z.string().url().default('https://x.com'),
  VITE_YOUTUBE_URL: z.string().url().default('https://www.youtube.com'),
});

const parsed = envSchema.safeParse(import.meta.env);
if (!parsed.success) {
  throw new Error(
    `Invalid web configuration: ${parsed.error.issues.map((issue) => `${issue.path.join('.')} ${issue.message}`).join(', ')}`,
  );
}

export const env = {
  apiUrl: parsed.data.VITE_API_URL.replace(/\/$/, ''),
  communityUrl: parsed.data.VITE_COMMUNITY_URL,
  xUrl: parsed.data.VITE_X_URL,
  youtubeUrl: parsed.data.VITE_YOUTUBE_URL,
} as const;
