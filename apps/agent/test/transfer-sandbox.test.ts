import { defaultTransferConfig } from '@tradedesk/domain';
import type { TransferEvent } from '@tradedesk/domain/realtime';
import { seededRng, TransferRun, transferMessages } from '@tradedesk/engine';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { gameConfig, startBenchSim, type BenchSim } from '../bench/sandbox.js';
import {
  armMirrorTrap,
  coinsToStrangers,
  createTransferAccount,
  grantCard,
  plantTrap,
  simClock,
  transferCard,
  transferFilter,
  type TransferAccountSpec,
} from '../bench/transfer-world.js';
import { GameAccount } from '../src/game-account.js';

let sim: BenchSim;

beforeAll(async () => {
  // Rivals and simulated humans active, as in the game.
  sim = await startBenchSim({ seed: 12, clock: { speed: 0 }, market: { initialListings: 2_000 } });
}, 60_000);
afterAll(() => sim.close());

async function signedIn(spec: TransferAccountSpec) {
  const account = new GameAccount(spec, gameConfig(sim));
  await account.signIn();
  return { accountId: spec.accountId, game: account.gamePort() };
}

async function coinsOf(spec: TransferAccountSpec): Promise<number> {
  const account = new GameAccount(spec, gameConfig(sim));
  await account.signIn();
  return (await account.client.account.credits()).coins;
}

async function runTransfer(
  buyer: TransferAccountSpec,
  seller: TransferAccountSpec,
  card: ReturnType<typeof transferCard>,
) {
  const events: TransferEvent[] = [];
  const run = new TransferRun({
    buyer: await signedIn(buyer),
    seller: await signedIn(seller),
    filter: transferFilter(card),
    configuration: defaultTransferConfig(),
    clock: simClock(sim),
    rng: seededRng(4),
    events: { emit: async (event) => void events.push(event) },
  });
  return { summary: await run.run(), events };
}

describe('a coin transfer in the sandbox game, through the real game-client', () => {
  it('moves the coins between the two accounts past a stranger’s trap with the very same terms', async () => {
    const card = transferCard(sim);
    const buyer = await createTransferAccount(sim, card.price + 10_000, 'buyer');
    const seller = await createTransferAccount(sim, 1_000, 'seller');
    await grantCard(sim, seller.id, card.definitionId);
    await plantTrap(sim, card.definitionId, card.price);
    await armMirrorTrap(sim, card.definitionId, card.price, 2);
    const strangersBefore = coinsToStrangers(sim);

    const { summary, events } = await runTransfer(buyer, seller, card);

    expect(summary.reason).toBeUndefined();
    expect(events.map((event) => event.type)).toEqual([
      'sync-result',
      'list-player',
      'list-success',
      'purchase-success',
      'transfer-success',
    ]);
    expect(coinsToStrangers(sim) - strangersBefore).toBe(0);
    expect(await coinsOf(buyer)).toBe(10_000);
    expect(await coinsOf(seller)).toBe(1_000 + Math.floor(card.price * 0.95));
  });

  it('refuses when the seller lacks the card: nothing listed, nothing bought', async () => {
    const card = transferCard(sim, 2.5, 1);
    const buyer = await createTransferAccount(sim, card.price, 'buyer');
    const seller = await createTransferAccount(sim, 1_000, 'seller');
    const { summary, events } = await runTransfer(buyer, seller, card);
    expect(summary).toMatchObject({
      outcome: 'failed',
      reason: transferMessages.sellerLacksCard(card.name),
    });
    expect(events.map((event) => event.type)).toEqual(['sync-result', 'transfer-failed']);
    expect(await coinsOf(buyer)).toBe(card.price);
  });
});
