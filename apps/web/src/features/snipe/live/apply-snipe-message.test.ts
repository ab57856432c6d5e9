import { accountSchema, defaultNotificationConfig, type Account } from '@tradedesk/domain';
import { describe, expect, it } from 'vitest';
import { applySnipeMessage } from './apply-snipe-message';
import { snipeServerMessageSchema, type SnipeServerMessage } from './snipe-messages';
import { snipeNoticeOf } from './snipe-notice';

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
  const settings = defaultNotificationConfig();
  const keptNotice = (topic: 'run' | 'snipe' | 'break') =>
    message({
      action: 'notification',
      data: {
        id: 'n1',
        type: 'success',
        message: 'Bought Rare Striker for 12,000 (profit 2,300)',
        createdAt: '2026-11-01T10:00:00.000Z',
        isRead: false,
        topic,
      },
    });

  it('keeps a server notification in the list and toasts it; a passing one is only a toast', () => {
    expect(snipeNoticeOf(keptNotice('run'), settings)).toEqual({
      kept: {
        notification: {
          id: 'n1',
          type: 'success',
          message: 'Bought Rare Striker for 12,000 (profit 2,300)',
          createdAt: '2026-11-01T10:00:00.000Z',
          isRead: false,
        },
        quiet: false,
      },
    });
    expect(
      snipeNoticeOf(
        message({
          action: 'notification',
          data: { type: 'blank', message: 'Stopping snipe for a@example.com' },
        }),
        settings,
      ),
    ).toEqual({ toast: { kind: 'blank', text: 'Stopping snipe for a@example.com' } });
  });

  it('keeps purchases and breaks quietly when their notice switch is off', () => {
    expect(snipeNoticeOf(keptNotice('snipe'), { ...settings, isSnipesEnabled: false }).kept?.quiet).toBe(
      true,
    );
    expect(snipeNoticeOf(keptNotice('break'), { ...settings, isStartStopEnabled: false }).kept?.quiet).toBe(
      true,
    );
    expect(snipeNoticeOf(keptNotice('run'), { ...settings, isSnipesEnabled: false }).kept?.quiet).toBe(false);
  });

  it('plays the configured sounds for run events only when sound is on', () => {
    const breakStart = message({ action: 'break-start', data: { accountId: 'a' } });
    expect(snipeNoticeOf(breakStart, settings)).toEqual({ sound: 'snipeSuccess' });
    expect(snipeNoticeOf(breakStart, { ...settings, isSoundEnabled: false })).toEqual({});
    expect(snipeNoticeOf(breakStart, { ...settings, isStartStopEnabled: false })).toEqual({});
    const stop = message({ action: 'stop', data: { accountId: 'a', reason: 'Encountered a captcha' } });
    expect(snipeNoticeOf(stop, settings)).toEqual({ sound: 'captcha' });
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
    expect(snipeNoticeOf(bought, settings)).toEqual({ sound: 'snipeSuccess' });
    expect(snipeNoticeOf(bought, { ...settings, isSnipesEnabled: false })).toEqual({});
  });
});
