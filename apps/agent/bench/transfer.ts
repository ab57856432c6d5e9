/**
 * `npm run bench -- transfer`: 200 coin transfers in the sandbox game (rivals and simulated humans
 * active, identical searches cached for 3 s, new listings visible after 2 s), a stranger's trap
 * planted before each transfer (visible already) plus a mirror trap that copies the seller's exact
 * terms ahead of it. Our flow (engine TransferRun) against a naive baseline that buys the first
 * listing of the card at the price, checks whether the seller sold, and tries again (3 attempts,
 * like ours). Both do the same sync first. docs/benchmarks.md records a run.
 */
import { performance } from 'node:perf_hooks';
import {
  amountAfterTax,
  previousPrice,
  randomIntInclusive,
  SNIPE_ATTEMPTS_PER_TRANSFER,
  defaultTransferConfig,
  type Rng,
  type TransferFilter,
} from '@tradedesk/domain';
import type { TransferEvent } from '@tradedesk/domain/realtime';
import {
  readAccount,
  seededRng,
  syncRefusal,
  TransferRun,
  type Clock,
  type TransferSide,
} from '@tradedesk/engine';
import { GameAccount } from '../src/game-account.js';
import { gameConfig, quantile, startBenchSim, type BenchSim } from './sandbox.js';
import {
  armMirrorTrap,
  coinsToStrangers,
  createTransferAccount,
  grantCard,
  plantTrap,
  setCoins,
  simClock,
  soldTo,
  transferCard,
  transferFilter,
  type TransferAccountSpec,
} from './transfer-world.js';

const TRANSFERS = 200;
const PAIRS = 20;
const CARDS = 10;
const SEED = 2026;

interface Pair {
  readonly buyer: TransferAccountSpec;
  readonly seller: TransferAccountSpec;
  readonly buyerSide: TransferSide;
  readonly sellerSide: TransferSide;
}

interface Outcome {
  readonly success: boolean;
  readonly strangers: number;
  readonly virtualMs: number;
  readonly wallMs: number;
  readonly requests: number;
}

type Flow = (pair: Pair, filter: TransferFilter, clock: Clock, rng: Rng) => Promise<number | undefined>;

/** Ours: the engine's transfer run; returns the seller's trade id when it listed. */
const ours: Flow = async (pair, filter, clock, rng) => {
  let tradeId: number | undefined;
  const run = new TransferRun({
    buyer: pair.buyerSide,
    seller: pair.sellerSide,
    filter,
    configuration: defaultTransferConfig(),
    clock,
    rng,
    events: {
      emit: async (event: TransferEvent) => {
        if (event.type === 'list-success') tradeId = event.tradeId;
      },
    },
  });
  const summary = await run.run();
  if (summary.reason !== undefined) failures.set(summary.reason, (failures.get(summary.reason) ?? 0) + 1);
  return tradeId;
};

/** Our runs' failure reasons and how often each came up. */
const failures = new Map<string, number>();

/** The naive baseline: same sync and listing, then buy the first listing at the price; check; again. */
const naive: Flow = async (pair, filter, clock, rng) => {
  const { player } = filter;
  const delay = defaultTransferConfig().delay;
  const buyerRead = await readAccount(pair.buyerSide, filter, { findCard: false });
  const sellerRead = await readAccount(pair.sellerSide, filter, { findCard: true });
  const card = sellerRead.snapshot.card;
  if (syncRefusal(buyerRead, sellerRead, filter) !== null || card === null) return undefined;
  const seller = pair.sellerSide.game;
  const buyer = pair.buyerSide.game;
  // An earlier failed run's listing is still live: it is resumed, like ours does.
  const live = sellerRead.tradepile.find(
    (entry) => entry.itemData.id === card.itemId && entry.tradeState === 'active',
  );
  let tradeId = live?.tradeId;
  if (tradeId === undefined) {
    if (card.pile === 'club') await seller.moveItem({ itemId: card.itemId, pile: 'trade' });
    tradeId = await seller.list({
      itemId: card.itemId,
      startingBid: previousPrice(player.value),
      buyNowPrice: player.value,
      duration: player.duration,
    });
  }
  for (let attempt = 0; attempt < SNIPE_ATTEMPTS_PER_TRANSFER; attempt += 1) {
    let first;
    for (let search = 0; search < 10 && first === undefined; search += 1) {
      await clock.sleep(randomIntInclusive(delay, rng));
      first = (
        await buyer.search({ definitionId: player.id, minBuyNow: player.value, maxBuyNow: player.value })
      ).auctions[0];
    }
    if (first === undefined) return tradeId;
    try {
      await buyer.bid(first.tradeId, first.buyNowPrice);
    } catch {
      continue; // lost or gone: try again
    }
    const pile = await seller.transferList();
    if (pile.auctions.some((entry) => entry.tradeId === tradeId && entry.tradeState === 'closed')) {
      await seller.clearSold();
      return tradeId;
    }
  }
  return tradeId;
};

async function pairs(sim: BenchSim, count: number, label: string): Promise<Pair[]> {
  const made: Pair[] = [];
  for (let index = 0; index < count; index += 1) {
    const buyer = await createTransferAccount(sim, 0, `${label}-buyer`);
    const seller = await createTransferAccount(sim, 0, `${label}-seller`);
    const buyerAccount = new GameAccount(buyer, gameConfig(sim));
    const sellerAccount = new GameAccount(seller, gameConfig(sim));
    await buyerAccount.signIn();
    await sellerAccount.signIn();
    made.push({
      buyer,
      seller,
      buyerSide: { accountId: buyer.accountId, game: buyerAccount.gamePort() },
      sellerSide: { accountId: seller.accountId, game: sellerAccount.gamePort() },
    });
  }
  return made;
}

async function once(
  sim: BenchSim,
  flow: Flow,
  pair: Pair,
  card: ReturnType<typeof transferCard>,
  rng: Rng,
): Promise<Outcome> {
  const clock = simClock(sim);
  // Fresh coins and a card for the seller; a stranger's trap already on the market, a mirror armed.
  await setCoins(sim, pair.buyer.id, card.price + 1_000);
  await grantCard(sim, pair.seller.id, card.definitionId);
  await plantTrap(sim, card.definitionId, card.price);
  await clock.sleep(3_000);
  await armMirrorTrap(sim, card.definitionId, card.price);
  const strangersBefore = coinsToStrangers(sim);
  const requestsBefore =
    pair.buyerSide.game.requestCounters().requests + pair.sellerSide.game.requestCounters().requests;
  const virtualStart = clock.now();
  const wallStart = performance.now();
  const tradeId = await flow(pair, transferFilter(card), clock, rng);
  const wallMs = performance.now() - wallStart;
  const virtualMs = clock.now() - virtualStart;
  const requests =
    pair.buyerSide.game.requestCounters().requests +
    pair.sellerSide.game.requestCounters().requests -
    requestsBefore;
  const success = tradeId !== undefined && soldTo(sim, tradeId, pair.buyer.id);
  return { success, strangers: coinsToStrangers(sim) - strangersBefore, virtualMs, wallMs, requests };
}

interface Totals {
  readonly successRate: number;
  readonly strangers: number;
  readonly virtualP50: number;
  readonly virtualP95: number;
  readonly wallP50: number;
  readonly wallP95: number;
  readonly requestsPerTransfer: number;
}

function totals(outcomes: readonly Outcome[]): Totals {
  const virtual = outcomes.map((outcome) => outcome.virtualMs);
  const wall = outcomes.map((outcome) => outcome.wallMs);
  return {
    successRate: outcomes.filter((outcome) => outcome.success).length / outcomes.length,
    strangers: outcomes.reduce((sum, outcome) => sum + outcome.strangers, 0),
    virtualP50: quantile(virtual, 0.5),
    virtualP95: quantile(virtual, 0.95),
    wallP50: quantile(wall, 0.5),
    wallP95: quantile(wall, 0.95),
    requestsPerTransfer: outcomes.reduce((sum, outcome) => sum + outcome.requests, 0) / outcomes.length,
  };
}

function line(name: string, t: Totals): string {
  return (
    `${name.padEnd(16)} success ${(t.successRate * 100).toFixed(1).padStart(5)}%  coins to strangers ${String(t.strangers).padStart(10)}  ` +
    `start→result virtual p50 ${(t.virtualP50 / 1000).toFixed(2)} s p95 ${(t.virtualP95 / 1000).toFixed(2)} s  ` +
    `wall p50 ${t.wallP50.toFixed(1)} ms p95 ${t.wallP95.toFixed(1)} ms  requests/transfer ${t.requestsPerTransfer.toFixed(2)}`
  );
}

export async function benchTransfer(transfers = TRANSFERS): Promise<{ ours: Totals; baseline: Totals }> {
  const sim = await startBenchSim({
    seed: SEED,
    clock: { speed: 0 },
    market: { initialListings: 5_000, searchCacheMs: 3_000 },
    abuse: { enabled: false },
  });
  try {
    const cards = Array.from({ length: CARDS }, (_, offset) => transferCard(sim, 2.5, offset));
    const oursPairs = await pairs(sim, PAIRS, 'ours');
    const naivePairs = await pairs(sim, PAIRS, 'naive');
    const rngOurs = seededRng(SEED);
    const rngNaive = seededRng(SEED);
    const results = { ours: [] as Outcome[], baseline: [] as Outcome[] };
    for (let index = 0; index < transfers; index += 1) {
      const card = cards[index % CARDS]!;
      results.ours.push(await once(sim, ours, oursPairs[index % PAIRS]!, card, rngOurs));
      results.baseline.push(await once(sim, naive, naivePairs[index % PAIRS]!, card, rngNaive));
    }
    const summary = { ours: totals(results.ours), baseline: totals(results.baseline) };
    const price = cards.reduce((sum, card) => sum + card.price, 0) / CARDS;
    console.log(
      `${transfers} transfers each, seed ${SEED}, ${CARDS} gold rare cards at ~2.5× value (mean price ${Math.round(price)}, seller receives ` +
        `${Math.round(amountAfterTax(Math.round(price)))}), a planted trap and a mirror trap before every transfer`,
    );
    console.log(line('ours', summary.ours));
    console.log(line('naive baseline', summary.baseline));
    for (const [reason, count] of failures) console.log(`  ours failed ${count}×: ${reason}`);
    const ratio = (a: number, b: number) => (b === 0 ? 'n/a' : (a / b).toFixed(2));
    console.log(
      `ratios ours/baseline: success ${ratio(summary.ours.successRate, summary.baseline.successRate)}  ` +
        `requests ${ratio(summary.ours.requestsPerTransfer, summary.baseline.requestsPerTransfer)}  ` +
        `virtual p50 ${ratio(summary.ours.virtualP50, summary.baseline.virtualP50)}  ` +
        `coins to strangers ${summary.ours.strangers} vs ${summary.baseline.strangers}`,
    );
    console.log(
      `targets: success ≥ 99% ${summary.ours.successRate >= 0.99 ? 'met' : 'MISSED'}, 0 coins to strangers ${summary.ours.strangers === 0 ? 'met' : 'MISSED'}, ` +
        `fewer requests than the baseline ${summary.ours.requestsPerTransfer < summary.baseline.requestsPerTransfer ? 'met' : 'MISSED'}`,
    );
    return summary;
  } finally {
    await sim.close();
  }
}
