import { describe, expect, it } from 'vitest';
import { parseEnv } from '../../config/env.js';
import { paymentOptionsFromEnv } from './config.js';

const optionsOf = (source: Record<string, string>) => {
  const parsed = parseEnv(source);
  if (!parsed.ok) throw new Error(parsed.problems.join(', '));
  return paymentOptionsFromEnv(parsed.env);
};

describe('payment environment', () => {
  it('uses the embedded sandbox checkout when no Stripe keys are set', () => {
    expect(optionsOf({})).toEqual({
      ok: true,
      options: { catalogueFile: undefined, publicUrl: undefined, stripe: undefined },
    });
  });

  it('uses Stripe when both keys are set, and trims the public address', () => {
    const result = optionsOf({
      STRIPE_SECRET_KEY: 'sk_test_abc',
      STRIPE_WEBHOOK_SECRET: 'whsec_abc',
      PUBLIC_URL: 'https://desk.example/',
    });
    expect(result).toMatchObject({
      ok: true,
      options: {
        publicUrl: 'https://desk.example',
        stripe: { secretKey: 'sk_test_abc', webhookSecret: 'whsec_abc' },
      },
    });
  });

  it('refuses half a key pair and malformed keys', () => {
    expect(optionsOf({ STRIPE_SECRET_KEY: 'sk_test_abc' })).toEqual({
      ok: false,
      problem: 'STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET must be set together',
    });
    expect(optionsOf({ DISCORD_CLIENT_ID: '1234567' })).toMatchObject({ ok: false });
    expect(parseEnv({ STRIPE_WEBHOOK_SECRET: 'nope' })).toEqual({
      ok: false,
      problems: ['STRIPE_WEBHOOK_SECRET: STRIPE_WEBHOOK_SECRET must start with whsec_'],
    });
  });
});
