import {
  CaptchaError,
  NetworkError,
  OutbidOrNotAllowedError,
  ServerError,
  SessionExpiredError,
  ThrottledError,
} from '@tradedesk/game-client';
import { describe, expect, it } from 'vitest';
import { verdictOn } from './game-call-policy.js';

/** What the game answered (the code and reason do not decide the verdict: the kind does). */
const details = { code: 500, reason: 'test' };

describe('the one game call policy of every run kind', () => {
  it('signs in again once after an expiry, then gives the session up', () => {
    const expired = new SessionExpiredError(details);
    expect(verdictOn(expired, true)).toEqual({ do: 'reauthenticate', error: expired });
    expect(verdictOn(expired, false)).toEqual({ do: 'give-up', error: expired });
  });

  it('waits and calls again after a temporary refusal, longer when throttled', () => {
    expect(verdictOn(new ThrottledError(details), true)).toMatchObject({
      do: 'wait-and-retry',
      throttled: true,
    });
    expect(verdictOn(new ServerError(details), true)).toMatchObject({
      do: 'wait-and-retry',
      throttled: false,
    });
    expect(verdictOn(new NetworkError(details), false)).toMatchObject({
      do: 'wait-and-retry',
      throttled: false,
    });
  });

  it('reports what the user caused, gives up on an operational refusal, and never retries a fault', () => {
    expect(verdictOn(new OutbidOrNotAllowedError(details), true)).toMatchObject({ do: 'report' });
    expect(verdictOn(new CaptchaError(details), true)).toMatchObject({ do: 'give-up' });
    expect(verdictOn(new TypeError('undefined is not a function'), true)).toEqual({ do: 'fault' });
  });
});
