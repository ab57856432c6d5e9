import { afterEach, describe, expect, it, vi } from 'vitest';
import type { TransferEvent } from '@tradedesk/domain/realtime';
import type { AppContext } from '../../lib/app-context.js';
import { accountMetadataRepo } from '../account/metadata-repo.js';
import type { TransferPublisher } from './publisher.js';
import { createTransferEvents } from './transfer-events.js';

const png =
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR4nGNgYGD4DwABBAEAwS2OUAAAAABJRU5ErkJggg==';

/** The events over a database that is never reached (the stores are stubbed) and a recording page and log. */
function eventsWithFailingStore() {
  const toUser = vi.fn();
  const toUserOnEveryHub = vi.fn();
  const publish = { toUser, toUserOnEveryHub } as unknown as TransferPublisher;
  const log = { error: vi.fn() };
  const ctx = { db: {}, now: () => new Date('2026-11-30T10:00:00Z') } as unknown as AppContext;
  return { events: createTransferEvents(ctx, publish, log), toUser, toUserOnEveryHub, log };
}

const storeDown = () => new Error('connection terminated unexpectedly');

afterEach(() => vi.restoreAllMocks());

describe('a one-off request’s answer when its balance cannot be stored', () => {
  it('still sends the coin screenshot to the page, and logs the failure without the screenshot', async () => {
    vi.spyOn(accountMetadataRepo, 'saveScreenshot').mockRejectedValue(storeDown());
    const { events, toUser, log } = eventsWithFailingStore();
    const shot: TransferEvent = {
      type: 'screenshot-result',
      accountId: 'acc-1',
      isBuyer: true,
      coins: 400_000,
      screenshot: png,
    } as TransferEvent;

    expect(await events.answer('u1', shot, false)).toEqual({ ok: true });

    expect(toUser).toHaveBeenCalledWith('u1', 'screenshot-result', {
      user: { id: 'acc-1', isBuyer: true },
      coins: 400_000,
      screenshot: `data:image/png;base64,${png}`,
    });
    expect(log.error).toHaveBeenCalledTimes(1);
    const [fields, message] = log.error.mock.calls[0]!;
    expect(fields).toMatchObject({
      err: storeDown(),
      userId: 'u1',
      accountId: 'acc-1',
      request: 'screenshot',
    });
    expect(message).toBe('could not keep the coin balance a request read');
    expect(JSON.stringify(fields)).not.toContain(png);
  });

  it('still tells every page the web app opened, and logs the failure', async () => {
    vi.spyOn(accountMetadataRepo, 'saveLaunchedCoins').mockRejectedValue(storeDown());
    const { events, toUserOnEveryHub, log } = eventsWithFailingStore();
    const launched = {
      type: 'webapp-launched',
      accountId: 'acc-2',
      isBuyer: false,
      display: 'virtual',
      host: 'agent-7',
      coins: 12_000,
      blockedBy: null,
    } as TransferEvent;

    expect(await events.answer('u1', launched, true)).toEqual({ ok: true });

    expect(toUserOnEveryHub).toHaveBeenCalledWith(
      'u1',
      'webapp-launched',
      expect.objectContaining({ user: { id: 'acc-2', isBuyer: false }, coins: 12_000 }),
    );
    expect(log.error).toHaveBeenCalledWith(
      expect.objectContaining({ userId: 'u1', accountId: 'acc-2', request: 'launch' }),
      'could not keep the coin balance a request read',
    );
  });
});
