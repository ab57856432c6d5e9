import { accountSchema, defaultNotificationConfig, type Account } from '@tradedesk/domain';
import { describe, expect, it } from 'vitest';
import { applySnipeMessage } from './apply-snipe-message';
import { snipeServerMessageSchema, type SnipeServerMessage } from './snipe-messages';
import { snipeNoticesOf } from './snipe-notice';

const account = (id: string, overrides: Partial<Record<string, unknown>> = {}): Account =>
  accountSchema.parse({
    id,
    username: `user-${id}`,
    email: `${id}@example.com`,
    imageUrl: '',
    platform: 'pc',
    coins: 10_000,
    status: 'inactive',
    description: '',
    isManualLogin: false,
    profits: 0,
    session: { requests: 0, searches: 0 },
    createdAt: '2026-11-01T10:00:00.000Z',
    ...overrides,
  });

/** Messages arrive as untrusted JSON: they go through the same parse as on the socket. */
const message = (payload: unknown): SnipeServerMessage => snipeServerMessageSchema.parse(payload);

describe('socket messages into the accounts cache', () => {
  const list = [account('a'), account('b')];

  it('patches the changed fields of one account and leaves the others alone', () => {
    const next = applySnipeMessage(
      list,
      message({
        action: 'update-account',
        data: {
          id: 'a',
          status: 'active',
          coins: 12_500,
          profits: 2_500,
          session: { requests: 40, searches: 12 },
        },
      }),
    );
    expect(next?.[0]).toMatchObject({
      status: 'active',
      coins: 12_500,
      profits: 2_500,
      session: { requests: 40, searches: 12 },
    });
    expect(next?.[0]?.email).toBe('a@example.com');
    expect(next?.[1]).toBe(list[1]);
  });

  it('updates the counters from upsert-session', () => {
    const next = applySnipeMessage(
      list,
      message({
        action: 'upsert-session',
        data: { accountId: 'b', startedAt: 1, endedAt: null, requests: 7, searches: 3 },
      }),
    );
    expect(next?.[1]?.session).toEqual({ requests: 7, searches: 3 });
  });

  it('shows breaks, their end, and a stop with its reason', () => {
    const onBreak = applySnipeMessage(list, message({ action: 'break-start', data: { accountId: 'a' } }));
    expect(onBreak?.[0]?.status).toBe('break');
    const back = applySnipeMessage(onBreak, message({ action: 'break-end', data: { accountId: 'a' } }));
    expect(back?.[0]?.status).toBe('active');
    const stopped = applySnipeMessage(
      back,
      message({
        action: 'stop',
        data: { accountId: 'a', reason: 'Snipe finished. Thresholds limit exceeded.' },
      }),
    );
    expect(stopped?.[0]).toMatchObject({
      status: 'inactive',
      description: 'Snipe finished. Thresholds limit exceeded.',
    });
  });

  it('replaces the list with the state sent on join, and ignores accounts it does not hold', () => {
    expect(applySnipeMessage(list, message({ action: 'accounts', data: [] }))).toEqual([]);
    const unknown = applySnipeMessage(list, message({ action: 'break-start', data: { accountId: 'zzz' } }));
    expect(unknown).toEqual(list);
    expect(
      applySnipeMessage(undefined, message({ action: 'break-start', data: { accountId: 'a' } })),
    ).toBeUndefined();
  });

  it('refuses malformed messages before they reach the cache', () => {
    expect(snipeServerMessageSchema.safeParse({ action: 'update-account', data: { coins: 5 } }).success).toBe(
      false,
    );
    expect(snipeServerMessageSchema.safeParse({ action: 'launch-rockets', data: {} }).success).toBe(false);
  });
});

describe('what the user is told', () => {
  const emailOf = (id: string) => `${id}@example.com`;
  const settings = defaultNotificationConfig();

  it('leaves the start, switch and stop texts to the server notifications, and shows them', () => {
    expect(
      snipeNoticesOf(message({ action: 'snipe-started', data: { accountId: 'a' } }), emailOf, settings),
    ).toEqual([]);
    expect(
      snipeNoticesOf(message({ action: 'filter-switched', data: { accountId: 'a' } }), emailOf, settings),
    ).toEqual([]);
    expect(
      snipeNoticesOf(
        message({
          action: 'notification',
          data: { type: 'success', message: 'Starting snipe for a@example.com' },
        }),
        emailOf,
        settings,
      ),
    ).toEqual([{ kind: 'success', text: 'Starting snipe for a@example.com' }]);
    const stop = snipeNoticesOf(
      message({
        action: 'stop',
        data: { accountId: 'a', reason: 'Snipe finished. Not enough coins to continue sniping.' },
      }),
      emailOf,
      settings,
    );
    expect(stop).toEqual([
      { kind: 'custom', text: 'Snipe finished. Not enough coins to continue sniping.', sound: 'snipeError' },
    ]);
  });

  it('plays the configured sound for breaks only when sound is on', () => {
    const breakStart = message({ action: 'break-start', data: { accountId: 'a' } });
    expect(snipeNoticesOf(breakStart, emailOf, settings)).toEqual([
      { kind: 'custom', text: 'Break started for a@example.com', sound: 'snipeSuccess' },
    ]);
    expect(snipeNoticesOf(breakStart, emailOf, { ...settings, isSoundEnabled: false })).toEqual([
      { kind: 'custom', text: 'Break started for a@example.com' },
    ]);
    expect(snipeNoticesOf(breakStart, emailOf, { ...settings, isStartStopEnabled: false })).toEqual([]);
  });

  it('plays the captcha sound when a captcha stopped the run', () => {
    const stop = message({ action: 'stop', data: { accountId: 'a', reason: 'Encountered a captcha' } });
    expect(snipeNoticesOf(stop, emailOf, settings)[0]?.sound).toBe('captcha');
  });

  it('reports snipe results unless snipe notices are off', () => {
    const bought = message({
      action: 'snipe-result',
      data: {
        accountId: 'a',
        buyerId: 'a',
        platform: 'pc',
        playerId: 1,
        playerName: 'Rare Striker',
        buyPrice: 12_000,
        sellPrice: 15_000,
        tax: 750,
        value: 2_250,
      },
    });
    expect(snipeNoticesOf(bought, emailOf, settings)).toEqual([
      { kind: 'success', text: 'Bought Rare Striker for 12K (profit 2.3K)', sound: 'snipeSuccess' },
    ]);
    expect(snipeNoticesOf(bought, emailOf, { ...settings, isSnipesEnabled: false })).toEqual([]);
  });
});
