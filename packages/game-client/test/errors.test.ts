import { describe, expect, it } from 'vitest';
import {
  categoryOf,
  errorFromCode,
  GameError,
  isGameError,
  isLostSnipe,
  NetworkError,
} from '../src/index.js';

describe('wire error mapping', () => {
  it.each([
    [401, 'session-expired', 'operational'],
    [426, 'throttled', 'temporary'],
    [429, 'throttled', 'temporary'],
    [458, 'captcha', 'operational'],
    [459, 'captcha', 'operational'],
    [460, 'outbid-or-not-allowed', 'user-logic'],
    [461, 'outbid-or-not-allowed', 'user-logic'],
    [465, 'no-club', 'operational'],
    [470, 'not-enough-coins', 'operational'],
    [471, 'pile-full', 'operational'],
    [472, 'duplicate-item', 'user-logic'],
    [473, 'pile-full', 'operational'],
    [475, 'invalid-transaction', 'user-logic'],
    [478, 'no-such-trade', 'user-logic'],
    [494, 'market-locked', 'operational'],
    [500, 'server-error', 'temporary'],
    [503, 'server-error', 'temporary'],
    [512, 'soft-ban', 'operational'],
    [521, 'soft-ban', 'operational'],
    [409, 'request-failed', 'user-logic'],
  ] as const)('maps %i to %s (%s)', (code, kind, category) => {
    const error = errorFromCode(code, 'server says no', 'GET /ut/game/fc26/transfermarket');

    expect(error).toBeInstanceOf(GameError);
    expect(error.kind).toBe(kind);
    expect(error.category).toBe(category);
    expect(categoryOf(kind)).toBe(category);
    expect(error.code).toBe(code);
    expect(error.reason).toBe('server says no');
    expect(isGameError(error, kind)).toBe(true);
  });

  it('uses the run-log messages of the spec', () => {
    expect(errorFromCode(401, 'expired session').message).toBe('Session has expired');
    expect(errorFromCode(512, 'Request rejected').message).toBe('Encountered soft ban');
    expect(errorFromCode(429, 'Too many requests').message).toBe('Rate limited');
    expect(errorFromCode(458, 'Verification required').message).toBe('Encountered a captcha');
    expect(new NetworkError({ code: 0, reason: 'Connection failed' }).message).toBe(
      "Unable to connect to the game's servers",
    );
    expect(errorFromCode(461, 'Permission Denied').message).toBe(
      'Request failed with status code 461, and message Permission Denied',
    );
  });

  it('keeps error class names for logs and instanceof checks', () => {
    const error = errorFromCode(478, 'No such trade exists');
    expect(error.name).toBe('NoSuchTradeError');
    expect(error).toBeInstanceOf(Error);
  });

  it('names 461 and 478 lost snipes, and nothing else', () => {
    expect(isLostSnipe(errorFromCode(461, 'Permission Denied'))).toBe(true);
    expect(isLostSnipe(errorFromCode(478, 'No such trade exists'))).toBe(true);
    expect(isLostSnipe(errorFromCode(470, 'Not enough credit'))).toBe(false);
    expect(isLostSnipe(new Error('461'))).toBe(false);
  });
});
