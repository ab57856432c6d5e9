import { defaultConfiguration, defaultNormalFilter } from '@tradedesk/domain';
import type { SessionStart } from '@tradedesk/domain/realtime';
import { SnipeSetupError, type EngineEvent, type PricePort } from '@tradedesk/engine';
import { sandboxConfig } from '@tradedesk/game-client';
import { describe, expect, it } from 'vitest';
import { AccountSession } from './account-session.js';

const noPrices: PricePort = {
  playerPrice: async () => undefined,
  rarityPrices: async () => new Map(),
  fodderPrice: async () => undefined,
};

function command(overrides: Partial<SessionStart> = {}): SessionStart {
  return {
    leaseId: 'lease-1',
    accountId: 'account-1',
    email: 'player@example.com',
    password: 'secret-password',
    backupCode: 'ABCD1234',
    platform: 'pc',
    filters: [{ ...defaultNormalFilter('Striker'), id: 'f1', maxPrice: 1_000 }],
    configuration: defaultConfiguration(),
    ...overrides,
  };
}

describe('an account session', () => {
  it('ends with status Error and the reason when the game cannot be reached, never leaking the password', async () => {
    const events: EngineEvent[] = [];
    const session = new AccountSession({
      command: command(),
      // Nothing listens on port 9 of this machine: sign-in fails at once.
      game: sandboxConfig('http://127.0.0.1:9', { requestTimeoutMs: 2_000 }),
      prices: noPrices,
      send: async (event) => {
        events.push(event);
      },
    });
    expect(await session.run()).toBeUndefined();
    expect(events.map((event) => event.type)).toEqual(['account-update', 'stop']);
    expect(events[0]).toMatchObject({ type: 'account-update', status: 'error', accountId: 'account-1' });
    const stop = events[1];
    expect(stop?.type === 'stop' && stop.reason).toBe('error');
    expect(stop?.type === 'stop' && stop.message.length).toBeGreaterThan(0);
    expect(JSON.stringify(events)).not.toContain('secret-password');
  });

  it('refuses filters that break the pre-snipe rules before anything is sent', () => {
    const rotation = defaultConfiguration();
    rotation.advanced = { ...rotation.advanced, rotation: { isEnabled: true, requests: 5 } };
    expect(
      () =>
        new AccountSession({
          command: command({ configuration: rotation }),
          game: sandboxConfig('http://127.0.0.1:9'),
          prices: noPrices,
          send: async () => {},
        }),
    ).toThrow(SnipeSetupError);
  });
});
