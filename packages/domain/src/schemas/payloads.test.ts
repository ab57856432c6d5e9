import { describe, expect, it } from 'vitest';
import { firstIssueMessage } from '../errors.js';
import { defaultConfiguration } from './configuration.js';
import { defaultNormalFilter } from './filters/index.js';
import {
  filterCodeSchema,
  filterImportSchema,
  isValidFilterCode,
  snipeCreateBrowserSchema,
  tokenLoginSchema,
} from './payloads.js';
import { defaultProviderConfig } from './user.js';

function first(result: { success: boolean; error?: Parameters<typeof firstIssueMessage>[0] }): string {
  return result.success || !result.error ? '' : firstIssueMessage(result.error);
}

describe('filter sharing', () => {
  it.each([
    ['a'.repeat(20), true],
    ['a'.repeat(19), false],
    ['a'.repeat(21), false],
    ['', false],
  ])('code %j is valid: %s', (code, ok) => {
    expect(isValidFilterCode(code)).toBe(ok);
  });

  it('explains a wrong code length and imports by id and type', () => {
    expect(first(filterCodeSchema.safeParse('short'))).toBe('Filter code must be 20 characters long');
    expect(filterImportSchema.parse({ id: 'b'.repeat(20), type: 'rarity' })).toEqual({
      id: 'b'.repeat(20),
      type: 'rarity',
    });
  });
});

describe('login by token', () => {
  it("raises 'Invalid token' for an empty token", () => {
    expect(first(tokenLoginSchema.safeParse({ token: '  ' }))).toBe('Invalid token');
    expect(tokenLoginSchema.safeParse({ token: 'abc', fingerprint: 'f', isIFrame: false }).success).toBe(
      true,
    );
  });
});

describe('snipe-create-browser', () => {
  const filter = { ...defaultNormalFilter('Mbappe'), id: 'f1', maxPrice: 5000 };
  const payload = {
    id: 'a1',
    email: 'a@b.com',
    password: 'secret-pass',
    backupCode: '12345678',
    platform: 'pc',
    isManualLogin: false,
    filters: [filter],
    configuration: defaultConfiguration(),
    providers: defaultProviderConfig(),
  };

  it('defaults isSwitchFilter to false', () => {
    expect(snipeCreateBrowserSchema.parse(payload).isSwitchFilter).toBe(false);
  });

  it('needs at least one filter', () => {
    expect(first(snipeCreateBrowserSchema.safeParse({ ...payload, filters: [] }))).toBe(
      'You need to select at least one filter.',
    );
  });
});
