import { z } from 'zod';
import type { CommunityOptions } from '../community/index.js';
import type { PaymentOptions } from './index.js';

// Blank variables already count as unset: the schema is parsed only through config/env.ts's parseEnvWith.
const optionalText = (pattern: RegExp, message: string) => z.string().regex(pattern, message).optional();

/** Payment and sign-up settings read from the environment; part of the server's env schema. */
export const paymentEnvSchema = z.object({
  /** With STRIPE_WEBHOOK_SECRET: take payments through Stripe; unset = the embedded sandbox checkout. */
  STRIPE_SECRET_KEY: optionalText(
    /^(sk|rk)_(test|live)_\S+$/,
    'STRIPE_SECRET_KEY must start with sk_test_ or sk_live_',
  ),
  STRIPE_WEBHOOK_SECRET: optionalText(/^whsec_\S+$/, 'STRIPE_WEBHOOK_SECRET must start with whsec_'),
  /** The site's public address for the provider's return links (default: the request's own). */
  PUBLIC_URL: z
    .string()
    .url('PUBLIC_URL must be a URL such as https://desk.example.com')
    .transform((url) => url.replace(/\/+$/, ''))
    .optional(),
  /** The operator's product catalogue (JSON); default: the bundled apps/server/src/modules/payment/catalogue.json. */
  CATALOGUE_FILE: z.string().optional(),
  /** With DISCORD_CLIENT_SECRET: link the chat community through Discord OAuth2; unset = the sandbox stand-in. */
  DISCORD_CLIENT_ID: optionalText(/^\d{5,30}$/, 'DISCORD_CLIENT_ID must be the application id (digits)'),
  DISCORD_CLIENT_SECRET: optionalText(/^\S{8,}$/, 'DISCORD_CLIENT_SECRET must be at least 8 characters'),
});

type PaymentEnv = z.infer<typeof paymentEnvSchema>;

/** Discord OAuth2 keys when both are set (the pair is checked by paymentOptionsFromEnv). */
export function communityOptionsFromEnv(env: PaymentEnv): CommunityOptions {
  return {
    publicUrl: env.PUBLIC_URL,
    discord:
      env.DISCORD_CLIENT_ID && env.DISCORD_CLIENT_SECRET
        ? { clientId: env.DISCORD_CLIENT_ID, clientSecret: env.DISCORD_CLIENT_SECRET }
        : undefined,
  };
}

/** The payment options of an environment, or the problem when only half of a key pair is set. */
export function paymentOptionsFromEnv(
  env: PaymentEnv,
): { ok: true; options: PaymentOptions } | { ok: false; problem: string } {
  if (Boolean(env.STRIPE_SECRET_KEY) !== Boolean(env.STRIPE_WEBHOOK_SECRET))
    return { ok: false, problem: 'STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET must be set together' };
  if (Boolean(env.DISCORD_CLIENT_ID) !== Boolean(env.DISCORD_CLIENT_SECRET))
    return { ok: false, problem: 'DISCORD_CLIENT_ID and DISCORD_CLIENT_SECRET must be set together' };
  return {
    ok: true,
    options: {
      catalogueFile: env.CATALOGUE_FILE,
      publicUrl: env.PUBLIC_URL,
      stripe:
        env.STRIPE_SECRET_KEY && env.STRIPE_WEBHOOK_SECRET
          ? { secretKey: env.STRIPE_SECRET_KEY, webhookSecret: env.STRIPE_WEBHOOK_SECRET }
          : undefined,
    },
  };
}
