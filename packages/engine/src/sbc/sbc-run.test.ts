import type { SbcCommandChallenge, SbcEvent } from '@tradedesk/domain/realtime';
import {
  definitionIdOf,
  errorFromCode,
  type AuctionInfo,
  type ItemData,
  type MarketSearch,
} from '@tradedesk/game-client';
import { describe, expect, it } from 'vitest';
import { VirtualClock, type Clock } from '../time/clock.js';
import type { GamePort } from '../ports.js';
import { MIN_CALL_INTERVAL_MS, SbcRun, type SbcRunSettings } from './sbc-run.js';

/**
 * A small game for the bot: a club, a market of listings per card, a coin balance, and an SBC
 * submit that a test may refuse. Only the calls the bot makes are real; the rest are never reached.
 */
function scriptedGame(
  options: { coins?: number; refuseSubmit?: string; club?: ItemData[]; throttleSearches?: number } = {},
) {
  let throttles = options.throttleSearches ?? 0;
  let nextId = 1_000;
  let coins = options.coins ?? 100_000;
  const club = new Map<number, ItemData>((options.club ?? []).map((item) => [item.id, item]));
  const listings: AuctionInfo[] = [];
  const listed: { itemId: number; buyNowPrice: number }[] = [];
  const submitted: number[][] = [];
  let saved: readonly number[] = [];
  const searches: MarketSearch[] = [];
  const unreachable = () => Promise.reject(new Error('not used by the bot'));
  const game: GamePort = {
    async search(search) {
      if (throttles-- > 0) throw errorFromCode(429, 'Too many requests');
      searches.push(search);
      const found = listings.filter(
        (listing) =>
          listing.itemData.definitionId === search.definitionId &&
          listing.buyNowPrice <= (search.maxBuyNow ?? Infinity),
      );
      return { auctions: found, hasNextPage: false, page: 0, pageSize: 20 };
    },
    async bid(tradeId, amount) {
      const index = listings.findIndex((listing) => listing.tradeId === tradeId);
      const listing = listings[index];
      if (!listing) throw errorFromCode(478, 'No such trade');
      if (coins < amount) throw errorFromCode(470, 'Not enough credit');
      coins -= amount;
      listings.splice(index, 1);
      return { auctions: [listing], credits: coins, duplicateItemIds: [] };
    },
    async moveItem(move) {
      if (move.pile === 'club')
        club.set(move.itemId, { id: move.itemId, definitionId: definitionOf(move.itemId) });
      else club.delete(move.itemId);
    },
    async list(listing) {
      listed.push({ itemId: listing.itemId, buyNowPrice: listing.buyNowPrice });
      return nextId++;
    },
    async clubItems(definitionId) {
      return [...club.values()].filter((item) => definitionIdOf(item) === definitionId);
    },
    async startChallenge() {},
    async saveSquad(_challengeId, itemIds) {
      saved = itemIds;
    },
    async submit() {
      if (options.refuseSubmit) throw errorFromCode(460, options.refuseSubmit);
      for (const id of saved) club.delete(id);
      submitted.push([...saved]);
    },
    tradeStatus: unreachable,
    transferList: unreachable,
    unassigned: unreachable,
    relistAll: unreachable,
    clearSold: unreachable,
    quickSell: unreachable,
    credits: unreachable,
    requestCounters: () => ({ requests: 0, searches: 0 }) as never,
  };
  const bought = new Map<number, number>();
  const definitionOf = (itemId: number) => bought.get(itemId) ?? 0;
  return {
    game,
    club,
    listed,
    submitted,
    searches,
    coins: () => coins,
    /** Puts one listing of the card on the market. */
    listCard(definitionId: number, buyNowPrice: number) {
      const itemId = nextId++;
      bought.set(itemId, definitionId);
      listings.push({
        tradeId: nextId++,
        buyNowPrice,
        startingBid: 150,
        currentBid: 0,
        expires: 3600,
        itemData: { id: itemId, definitionId },
      } as AuctionInfo);
    },
  };
}

const settings: SbcRunSettings = {
  searchSpeed: 1_000,
  maxPurchaseAttempts: 3,
  enableAutoList: false,
  numOfSteps: 1,
  numOfRepititions: 1,
};

/** A three-card squad (the bot does not care how many; the game's rules decide). */
const challenge: SbcCommandChallenge = {
  challengeId: 2001,
  name: 'Gold Upgrade',
  players: [
    { definitionId: 11, name: 'First', slot: 0, price: 1_000 },
    { definitionId: 12, name: 'Second', slot: 1, price: 2_000 },
    { definitionId: 13, name: 'Third', slot: 2, price: 500 },
  ],
};

function runOf(
  game: GamePort,
  overrides: Partial<SbcRunSettings> = {},
  clock: Clock = new VirtualClock(),
  // Pacing is tested on its own; elsewhere the calls follow each other at once.
  minCallIntervalMs = 0,
) {
  const events: SbcEvent[] = [];
  const run = new SbcRun({
    game,
    challenges: [challenge],
    settings: { ...settings, ...overrides },
    clock,
    minCallIntervalMs,
    events: { emit: async (event) => void events.push(event) },
  });
  return { run, events };
}

describe('the SBC solver bot', () => {
  it('uses club copies first, buys the rest within the tolerance, submits and reports the coins spent', async () => {
    // As the game sends club items: the definition as `resourceId`, no `definitionId`.
    const sandbox = scriptedGame({ club: [{ id: 1, resourceId: 13 }] });
    sandbox.listCard(11, 1_100); // exactly +10 %: bought
    sandbox.listCard(12, 2_000);
    const { run, events } = runOf(sandbox.game, { numOfRepititions: 1 });
    await run.run();
    expect(events.at(-1)).toMatchObject({ type: 'finish', costs: 3_100, solved: 1 });
    expect(sandbox.coins()).toBe(100_000 - 3_100);
    expect(sandbox.submitted).toEqual([[expect.any(Number), expect.any(Number), 1, 0, 0, 0, 0, 0, 0, 0, 0]]);
    expect(events.map((event) => (event.type === 'notification' ? event.description : event.type))).toEqual([
      'Bought First for 1,100 coins',
      'Bought Second for 2,000 coins',
      'Using Third from the club',
      'Submitted Gold Upgrade',
      'finish',
    ]);
    // The submission names the club items the game took: the stored club drops them.
    const submission = events.find(
      (event) => event.type === 'notification' && event.description.startsWith('Submitted'),
    );
    expect(submission).toMatchObject({ submittedItemIds: expect.arrayContaining([1]) });
    expect(new Set(submission?.type === 'notification' ? submission.submittedItemIds : [])).toEqual(
      new Set((sandbox.submitted[0] ?? []).filter((itemId) => itemId !== 0)),
    );
  });

  it('never pays more than the solution price plus 10 %, and says which card it could not buy', async () => {
    const sandbox = scriptedGame();
    sandbox.listCard(11, 1_150);
    const { run, events } = runOf(sandbox.game);
    await run.run();
    expect(events.at(-1)).toMatchObject({
      type: 'error',
      description: 'Could not buy First for at most 1,100 coins in 3 attempts',
      costs: 0,
    });
    expect(sandbox.searches).toHaveLength(3);
    expect(sandbox.searches.every((search) => search.maxBuyNow === 1_100)).toBe(true);
    expect(sandbox.coins()).toBe(100_000);
  });

  it('reports the requirement the game finds unmet, and lists the leftovers with auto-list on', async () => {
    const sandbox = scriptedGame({ refuseSubmit: 'requirements not met: TEAM_RATING' });
    for (const player of challenge.players) sandbox.listCard(player.definitionId, player.price);
    const { run, events } = runOf(sandbox.game, { enableAutoList: true, numOfSteps: 2 });
    await run.run();
    expect(events.at(-1)).toMatchObject({
      type: 'error',
      description: 'The game refused the squad for Gold Upgrade: requirements not met: TEAM_RATING',
      costs: 3_500,
      solved: 0,
    });
    // Two ladder steps above each price: 100 from 1,000 up, 50 below.
    expect(sandbox.listed.map((listing) => listing.buyNowPrice)).toEqual([1_200, 2_200, 600]);
    expect(sandbox.club.size).toBe(0);
  });

  it('stops between two calls: what was bought stays in the club, and the run says it stopped', async () => {
    const sandbox = scriptedGame();
    sandbox.listCard(11, 1_000);
    // A wait that only a stop ends: after buying card 11 the bot waits out the search speed.
    const waitsForStop: Clock = {
      now: () => 0,
      sleep: (_ms, signal) => new Promise((resolve) => signal?.addEventListener('abort', () => resolve())),
    };
    const { run, events } = runOf(sandbox.game, {}, waitsForStop);
    const running = run.run();
    while (events.length === 0) await new Promise((resolve) => setTimeout(resolve, 0));
    await run.stop();
    await running;
    expect(events.at(-1)).toMatchObject({ type: 'stopped', costs: 1_000, solved: 0, cause: 'user' });
    expect([...sandbox.club.values()].map((item) => item.definitionId)).toEqual([11]);
    expect(sandbox.submitted).toEqual([]);
  });

  it('a stop for a leaving agent says so in its stopped event; a later stop does not change the cause', async () => {
    const sandbox = scriptedGame();
    sandbox.listCard(11, 1_000);
    const waitsForStop: Clock = {
      now: () => 0,
      sleep: (_ms, signal) => new Promise((resolve) => signal?.addEventListener('abort', () => resolve())),
    };
    const { run, events } = runOf(sandbox.game, {}, waitsForStop);
    const running = run.run();
    while (events.length === 0) await new Promise((resolve) => setTimeout(resolve, 0));
    const leaving = run.stop('agent-leaving');
    await run.stop('user');
    await Promise.all([leaving, running]);
    expect(events.filter((event) => event.type === 'stopped')).toEqual([
      expect.objectContaining({ type: 'stopped', cause: 'agent-leaving', costs: 1_000 }),
    ]);
  });

  it('paces its game calls under the game limit and waits out a 429 instead of failing', async () => {
    const sandbox = scriptedGame({ throttleSearches: 1 });
    for (const player of challenge.players) sandbox.listCard(player.definitionId, player.price);
    const clock = new VirtualClock();
    const { run, events } = runOf(sandbox.game, { searchSpeed: 0 }, clock, MIN_CALL_INTERVAL_MS);
    await run.run();
    expect(events.at(-1)).toMatchObject({ type: 'finish', costs: 3_500, solved: 1 });
    // 16 calls (one refused with 429) at least 2 s apart; the minute the 429 asks for replaces one gap.
    expect(clock.now()).toBeGreaterThanOrEqual(14 * MIN_CALL_INTERVAL_MS + 60_000);
  });
});
