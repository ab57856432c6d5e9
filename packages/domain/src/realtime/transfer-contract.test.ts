import { describe, expect, it } from 'vitest';
import { defaultTransferConfig } from '../schemas/configuration.js';
import { defaultTransferFilter, type TransferFilter } from '../schemas/filters/transfer.js';
import {
  isTransferOutcomeEvent,
  MAX_SCREENSHOT_BASE64_CHARS,
  transferCommandSchemas,
  transferEventEnvelopeSchema,
  transferStartCommandSchema,
  type TransferStartCommand,
} from './transfer-contract.js';

const filter: TransferFilter = {
  ...defaultTransferFilter('Move 100k'),
  id: 'filter-1',
  player: {
    ...defaultTransferFilter().player,
    id: 50_331_749,
    name: 'Cheap Card',
    value: 100_000,
    quality: 'gold',
    rarity: 'rare',
  },
};
const account = (accountId: string) => ({
  accountId,
  email: `${accountId}@example.com`,
  password: 'secret',
  backupCode: 'ABCD1234',
  platform: 'pc' as const,
});
const start: TransferStartCommand = {
  transferId: 'transfer-1',
  route: { kind: 'transfer' },
  buyer: account('buyer'),
  seller: account('seller'),
  filter,
  configuration: defaultTransferConfig(),
};
// The 8-byte PNG signature plus a little, base64-encoded.
const png = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 1, 2, 3]).toString('base64');
const snapshot = (accountId: string) => ({
  accountId,
  username: accountId,
  coins: 150_000,
  tradepile: [{ id: 7, definitionId: 50_331_749, tradeId: 99, tradeState: 'active', buyNowPrice: 100_000 }],
  unassigned: [],
  card: null,
  screenshot: null,
});
const envelope = (event: Record<string, unknown>, seq = 0) =>
  transferEventEnvelopeSchema.safeParse({
    route: { kind: 'transfer' },
    transferId: 'transfer-1',
    seq,
    event: { at: 1_000, ...event },
  });

describe('the transfer commands', () => {
  it('accept the start command the server builds', () => {
    expect(transferStartCommandSchema.safeParse(start).success).toBe(true);
    expect(transferCommandSchemas['transfer-sync'].safeParse(start).success).toBe(true);
  });

  it('refuse a filter the transfer rules refuse (rarity Any)', () => {
    const anyRarity = { ...start, filter: { ...filter, player: { ...filter.player, rarity: 'any' } } };
    const result = transferStartCommandSchema.safeParse(anyRarity);
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toBe('Rarity must not be Any');
  });

  it('refuse commands without a transfer id or with an unstorable one', () => {
    expect(transferCommandSchemas['transfer-stop'].safeParse({}).success).toBe(false);
    expect(transferCommandSchemas['transfer-stop'].safeParse({ transferId: '' }).success).toBe(false);
    expect(transferCommandSchemas['transfer-stop'].safeParse({ transferId: 'a\u0000b' }).success).toBe(false);
    expect(transferCommandSchemas['transfer-stop'].safeParse({ transferId: 'x'.repeat(65) }).success).toBe(
      false,
    );
  });

  it('need the seller for latency and prices, the account for a screenshot', () => {
    const route = { kind: 'request', userId: 'user-1' };
    const latency = {
      transferId: 't',
      route,
      seller: account('seller'),
      configuration: defaultTransferConfig(),
    };
    expect(transferCommandSchemas['transfer-fetch-latency'].safeParse(latency).success).toBe(true);
    expect(transferCommandSchemas['transfer-fetch-latency'].safeParse({ transferId: 't' }).success).toBe(
      false,
    );
    const prices = {
      transferId: 't',
      route,
      seller: account('s'),
      player: { id: 5, rarity: 'rare', quality: 'gold' },
    };
    expect(transferCommandSchemas['transfer-fetch-market-prices'].safeParse(prices).success).toBe(true);
    const noPlayer = { ...prices, player: { id: 0, rarity: 'rare', quality: 'gold' } };
    expect(transferCommandSchemas['transfer-fetch-market-prices'].safeParse(noPlayer).success).toBe(false);
    const shot = { transferId: 't', route, account: account('buyer'), isBuyer: true };
    expect(transferCommandSchemas['transfer-screenshot'].safeParse(shot).success).toBe(true);
  });

  it('say whose their events are: a route of a known kind, with the user where the answer goes to one', () => {
    const { route: _route, ...withoutRoute } = start;
    expect(transferStartCommandSchema.safeParse(withoutRoute).success).toBe(false);
    const withRoute = (route: unknown) => transferStartCommandSchema.safeParse({ ...start, route }).success;
    expect(withRoute({ kind: 'market-delivery' })).toBe(true);
    expect(withRoute({ kind: 'market-sync', userId: 'user-1' })).toBe(true);
    expect(withRoute({ kind: 'launch', userId: 'user-1' })).toBe(true);
    expect(withRoute({ kind: 'request' })).toBe(false);
    expect(withRoute({ kind: 'market-sync' })).toBe(false);
    expect(withRoute({ kind: 'snipe' })).toBe(false);
  });
});

describe('the transfer events', () => {
  it('are refused without the route of their command', () => {
    const event = { at: 1_000, type: 'error', description: 'x' };
    expect(transferEventEnvelopeSchema.safeParse({ transferId: 't', seq: 0, event }).success).toBe(false);
    const routed = { route: { kind: 'request', userId: 'user-1' }, transferId: 't', seq: 0, event };
    expect(transferEventEnvelopeSchema.safeParse(routed).success).toBe(true);
  });

  it('carry a sync result with both accounts', () => {
    expect(envelope({ type: 'sync-result', buyer: snapshot('b'), seller: snapshot('s') }).success).toBe(true);
    const negative = { ...snapshot('b'), coins: -1 };
    expect(envelope({ type: 'sync-result', buyer: negative, seller: snapshot('s') }).success).toBe(false);
  });

  it('carry each step of a run', () => {
    const steps = [
      { type: 'latency-result', accountId: 'seller', latencyMs: 42, isAboveSafe: false },
      { type: 'list-player', price: 100_000, duration: 3_600 },
      { type: 'list-success', tradeId: 5, price: 100_000, duration: 3_600 },
      { type: 'purchase-success', tradeId: 5, price: 100_000, searches: 3, attempts: 1 },
      { type: 'purchase-skipped', reason: 'The listing was not found', searches: 9 },
      {
        type: 'transfer-success',
        filter,
        price: 100_000,
        buyerPaid: 100_000,
        sellerReceived: 95_000,
        tax: 5_000,
      },
      { type: 'transfer-failed', filter, reason: 'The seller does not have Cheap Card' },
      { type: 'auto-list-start', bidPrice: 900, buyNowPrice: 1_000 },
      { type: 'auto-list-success', tradeId: 6, price: 1_000, bidPrice: 900, duration: 3_600 },
      { type: 'auto-list-skipped', reason: 'The card is not in the unassigned pile' },
      { type: 'buy-back-start', bidPrice: 900, buyNowPrice: 1_000 },
      { type: 'buy-back-success', tradeId: 6, price: 1_000, duration: 3_600 },
      { type: 'buy-back-skipped', reason: 'A third party bid on the listing' },
      { type: 'market-prices-result', definitionId: 5, lowestBuyNow: null, listings: 0 },
      { type: 'screenshot-result', accountId: 'b', isBuyer: true, coins: 10, screenshot: png },
      { type: 'error', description: 'The game is not reachable' },
    ];
    for (const [seq, step] of steps.entries()) expect(envelope(step, seq).success, step.type).toBe(true);
  });

  it('refuse events the agent never sends', () => {
    expect(envelope({ type: 'steal-coins' }).success).toBe(false);
    expect(envelope({ type: 'transfer-failed', filter, reason: '' }).success).toBe(false);
    expect(
      envelope({ type: 'purchase-success', tradeId: 0, price: 1, searches: 0, attempts: 1 }).success,
    ).toBe(false);
    expect(
      envelope({ type: 'latency-result', accountId: 's', latencyMs: Number.NaN, isAboveSafe: false }).success,
    ).toBe(false);
    expect(envelope({ type: 'error', description: 'x' }, -1).success).toBe(false);
  });

  it('take only a bounded PNG as a screenshot', () => {
    const shot = (screenshot: string) =>
      envelope({ type: 'screenshot-result', accountId: 'b', isBuyer: true, coins: 1, screenshot });
    expect(shot(png).success).toBe(true);
    expect(shot(Buffer.from('GIF89a....').toString('base64')).success).toBe(false);
    expect(shot('iVBORw0KGgo<script>').success).toBe(false);
    expect(shot(png + 'A'.repeat(MAX_SCREENSHOT_BASE64_CHARS)).success).toBe(false);
  });

  it('name the outcome events, the only ones credits depend on', () => {
    expect(isTransferOutcomeEvent({ type: 'transfer-success' })).toBe(true);
    expect(isTransferOutcomeEvent({ type: 'transfer-failed' })).toBe(true);
    expect(isTransferOutcomeEvent({ type: 'purchase-success' })).toBe(false);
  });
});
