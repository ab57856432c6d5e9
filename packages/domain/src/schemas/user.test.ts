import { describe, expect, it } from 'vitest';
import { isAdmin, isVerifiedUser } from '../rules/user.js';
import { defaultConfiguration } from './configuration.js';
import { defaultNormalFilter } from './filters/index.js';
import {
  createNewUser,
  defaultProviderConfig,
  newUserDefaults,
  providerConfigSchema,
  userSchema,
} from './user.js';

describe('user', () => {
  it('gives a new user role User, tier None, 1 account, 0 credits, not deleted, shortcuts enabled', () => {
    const user = createNewUser('u1', 'token', new Date('2025-01-01T00:00:00Z'));
    expect(newUserDefaults).toEqual({
      roles: ['user'],
      tier: 'none',
      maxAccounts: 1,
      credits: 0,
      isDeleted: false,
    });
    expect(user).toMatchObject({
      roles: ['user'],
      tier: 'none',
      maxAccounts: 1,
      credits: 0,
      isDeleted: false,
    });
    expect(user.configuration.advanced.isShortcutsEnabled).toBe(true);
    expect(user.shortcuts.general).toEqual({ goTransferMarket: 'a', goHome: 'Escape' });
    expect(user.shortcuts.market).toMatchObject({
      goBack: 'y',
      search: 's',
      buy: 'b',
      quickSell: 'q',
      resetSearchFilters: 'r',
    });
  });

  it('applies the defaults to a stored user and turns its date-times into dates', () => {
    const user = userSchema.parse({
      id: 'u1',
      token: 't',
      updatedAt: '2025-01-01T00:00:00Z',
      createdAt: '2025-01-01T00:00:00+08:00',
      expiresAt: null,
    });
    expect(user.createdAt).toEqual(new Date('2024-12-31T16:00:00Z'));
    expect(user.configuration).toEqual(defaultConfiguration());
    expect(user.providers).toEqual(defaultProviderConfig());
    expect(user.roles).toEqual(['user']);
  });

  it('reads stored filters even when they would fail the save rules', () => {
    const user = userSchema.parse({
      id: 'u1',
      token: 't',
      updatedAt: '2025-01-01T00:00:00Z',
      createdAt: '2025-01-01T00:00:00Z',
      expiresAt: null,
      filters: [{ ...defaultNormalFilter('Unpriced'), id: 'f1' }],
    });
    expect(user.filters.map((filter) => filter.label)).toEqual(['Unpriced']);
  });

  it('rejects date-times without an offset', () => {
    const result = userSchema.safeParse({
      id: 'u1',
      token: 't',
      updatedAt: '2025-01-01T00:00:00',
      createdAt: '2025-01-01T00:00:00Z',
      expiresAt: null,
    });
    expect(result.success).toBe(false);
  });

  it('defaults provider fields to empty strings and needs a linked id to be verified', () => {
    expect(providerConfigSchema.parse({})).toEqual({ discordId: '', discordWebhookUrl: '', telegramId: '' });
    expect(isVerifiedUser({ providers: { discordId: '' } })).toBe(false);
    expect(isVerifiedUser({ providers: { discordId: '1234' } })).toBe(true);
  });

  it('tells admins by their Admin role', () => {
    expect(isAdmin({ roles: ['user', 'admin'] })).toBe(true);
    expect(isAdmin({ roles: ['user'] })).toBe(false);
  });

  it.each([
    ['', true],
    ['123456789', true],
    ['-100123456789', true],
    ['@tradedesk_runs', true],
    [' 42 ', true],
    ['my chat', false],
    ['@abc', false],
    ['12ab', false],
  ])('reads the Telegram chat id %j as valid: %s', (telegramId, isValid) => {
    const parsed = providerConfigSchema.safeParse({ telegramId });
    expect(parsed.success).toBe(isValid);
    if (parsed.success) expect(parsed.data.telegramId).toBe(telegramId.trim());
    else
      expect(parsed.error.issues[0]?.message).toBe('Telegram chat id must be a number or an @channel name');
  });

  it('names the Webhook URL when it is too long or holds characters storage refuses', () => {
    const messageFor = (discordWebhookUrl: string) =>
      providerConfigSchema.safeParse({ discordWebhookUrl }).error?.issues[0]?.message;
    expect(messageFor(`https://discord.com/api/webhooks/${'1'.repeat(2_048)}`)).toBe(
      'Webhook URL must be at most 2,048 characters',
    );
    expect(messageFor('https://discord.com/api/webhooks/1/x\u0000')).toBe(
      'Webhook URL contains characters that are not allowed',
    );
  });

  it('accepts only a web address as webhook URL', () => {
    expect(providerConfigSchema.safeParse({ discordWebhookUrl: 'not a url' }).success).toBe(false);
    expect(
      providerConfigSchema.safeParse({ discordWebhookUrl: 'https://discord.com/api/webhooks/1/x' }).success,
    ).toBe(true);
  });
});
