import { describe, expect, it } from 'vitest';
import { joinIssueMessages } from '../errors.js';
import {
  accountCreateSchema,
  accountSchema,
  defaultAccountCreate,
  defaultAccountMetadata,
  playerCount,
} from './account.js';

const valid = {
  email: 'a@b.com',
  password: 'password1',
  backupCode: '12345678',
  isManualLogin: false,
  platform: 'pc',
};

function messagesOf(input: unknown): string {
  const result = accountCreateSchema.safeParse(input);
  return result.success ? '' : joinIssueMessages(result.error);
}

describe('create account', () => {
  it('defaults to empty strings, platform PC and manual login off', () => {
    expect(defaultAccountCreate()).toEqual({
      email: '',
      password: '',
      backupCode: '',
      isManualLogin: false,
      platform: 'pc',
    });
  });

  it('accepts a complete account', () => {
    expect(accountCreateSchema.parse(valid)).toEqual(valid);
  });

  it.each([
    ['an invalid email', { ...valid, email: 'not-an-email' }, 'Email must be a valid e-mail address'],
    ['a missing backup code', { ...valid, backupCode: '' }, 'Backup code is required'],
    ['a short backup code', { ...valid, backupCode: '1234' }, 'Backup code must be 8 characters long'],
    ['a long backup code', { ...valid, backupCode: '123456789' }, 'Backup code must be 8 characters long'],
    // Four emoji are eight UTF-16 units but four characters.
    [
      'a backup code of four emoji',
      { ...valid, backupCode: '😀😀😀😀' },
      'Backup code must be 8 characters long',
    ],
    ['an empty password', { ...valid, password: '' }, 'Password is required'],
    ['a missing email', { ...valid, email: undefined }, 'Email is required'],
    ['a numeric email', { ...valid, email: 5 }, 'Email must be text'],
    ['an unknown platform', { ...valid, platform: 'xbox' }, 'Platform must be one of: ps, pc'],
  ])('rejects %s', (_case, input, message) => {
    expect(messagesOf(input)).toBe(message);
  });

  it('needs no backup code with manual login', () => {
    expect(messagesOf({ ...valid, isManualLogin: true, backupCode: '' })).toBe('');
  });

  it("joins several messages with ', '", () => {
    expect(messagesOf({ ...valid, email: 'x', backupCode: '1' })).toBe(
      'Email must be a valid e-mail address, Backup code must be 8 characters long',
    );
  });
});

describe('account', () => {
  it('turns createdAt into a date and coerces number-or-text counts', () => {
    const account = accountSchema.parse({
      id: 'a1',
      username: 'Trader',
      email: 'a@b.com',
      imageUrl: '',
      platform: null,
      coins: '1500',
      status: 'inactive',
      description: '',
      isManualLogin: false,
      profits: -200,
      session: { requests: '3', searches: 2 },
      createdAt: '2025-01-02T03:04:05+01:00',
    });
    expect(account.coins).toBe(1500);
    expect(account.session).toEqual({ requests: 3, searches: 2 });
    expect(account.createdAt).toEqual(new Date('2025-01-02T02:04:05Z'));
  });

  it('counts unassigned plus tradepile players', () => {
    const metadata = {
      ...defaultAccountMetadata(),
      unassigned: [{ id: 1 }],
      tradepile: [{ id: 2 }, { id: 3 }],
    };
    expect(playerCount(metadata)).toBe(3);
  });
});
