import { amountAfterTax } from '@tradedesk/domain';
import {
  gamePortFromClient,
  seededRng,
  SharedVirtualClock,
  SnipeFleet,
  SnipeSession,
  type EngineEvent,
  type GamePort,
} from '@tradedesk/engine';
import { GameClient } from '@tradedesk/game-client';
import { feedPrices } from '../src/feed-prices.js';
import { configuration, rarityFilter, scenario, type PageSeen } from './capture.js';
import { gameConfig, listingKey, startBenchSim, type BenchSim, type SimTrade } from './sandbox.js';

/** One user's K accounts over one virtual hour of one world: each on its own, or as a fleet. */
export interface TeamResult {
  readonly accounts: number;
  profit: number;
  won: number;
  /** Buy Nows lost to anyone (rivals, humans, the team's own accounts). */
  lost: number;
  /** Buy Nows lost to another account of the same user: a request spent racing oneself. */
  lostToOwnAccount: number;
  /** Listings of the user's own accounts bought by another of them. */
  ownListingsBought: number;
  requests: number;
  softBans: number;
  virtualMs: number;
  realMs: number;
  /** Each account's profit, in start order. */
  perAccount: number[];
  /** The listings bought (`listingKey`). */
  bought: string[];
  /** Each purchase's profit, by `listingKey` (an own account's listing: the tax the team paid). */
  profitOf: Map<string, number>;
}

interface TradeWithBidder extends SimTrade {
  readonly highestBidderId?: number;
}

/**
 * Runs `accounts` snipe sessions of today's engine on one fresh world of `seed`, sharing one
 * virtual clock (a session's sleep waits for the others', so the hour interleaves as it would in
 * real time): `independent` runs each on its own, `fleet` runs them as one fleet. Account i's
 * session draws its waits from `sessionSeed` + i (the world's seed unless given: account 0 then
 * waits as the trading bench's one account; another seed replays the world with other waits).
 */
export async function runTeam(
  mode: 'independent' | 'fleet',
  seed: number,
  accounts: number,
  onPage?: (page: PageSeen) => void,
  sessionSeed: number = seed,
): Promise<TeamResult> {
  const sim: BenchSim = await startBenchSim({ seed, clock: { speed: 0 }, startingCoins: scenario.coins });
  try {
    const clients: GameClient[] = [];
    for (let index = 0; index < accounts; index += 1) {
      const client = new GameClient({ config: gameConfig(sim), wallClock: () => sim.world.now() });
      await client.signIn(
        { email: `${mode}-${index}@bench.test`, password: 'bench', backupCode: 'BENCH123' },
        'pc',
      );
      clients.push(client);
    }
    const emails = new Set(clients.map((_, index) => `${mode}-${index}@bench.test`));
    const teamIds = new Set(
      [...sim.world.accounts.entries()].flatMap(([id, account]) => (emails.has(account.email) ? [id] : [])),
    );
    const clock = new SharedVirtualClock(accounts, {
      startMs: sim.world.now(),
      onAdvance: (ms) => {
        sim.world.clock.advance(ms);
        sim.world.catchUp();
      },
    });
    const result: TeamResult = {
      accounts,
      profit: 0,
      won: 0,
      lost: 0,
      lostToOwnAccount: 0,
      ownListingsBought: 0,
      requests: 0,
      softBans: 0,
      virtualMs: 0,
      realMs: 0,
      perAccount: clients.map(() => 0),
      bought: [],
      profitOf: new Map(),
    };
    const accountIds = clients.map((_, index) => `account-${index}`);
    // A lone account runs alone (a fleet needs two): its `fleet` run is today's engine.
    const fleet = mode === 'fleet' && accounts > 1 ? new SnipeFleet(accountIds) : undefined;
    const startedAt = clock.now();
    const realStart = Date.now();
    const measured = (port: GamePort, index: number): GamePort => ({
      ...port,
      async search(query) {
        const page = await port.search(query);
        onPage?.({
          at: clock.now(),
          page: page.page,
          minBuyNow: query.minBuyNow,
          maxBuyNow: query.maxBuyNow,
          timeLeftS: [page.auctions[0]?.expires ?? 0, page.auctions.at(-1)?.expires ?? 0],
          listings: page.auctions.flatMap((auction) => {
            const trade = sim.world.trades.get(auction.tradeId);
            return trade ? [listingKey(sim.world, trade)] : [];
          }),
        });
        return page;
      },
      async bid(tradeId, amount) {
        const trade = sim.world.trades.get(tradeId) as TradeWithBidder | undefined;
        try {
          const answer = await port.bid(tradeId, amount);
          if (trade !== undefined) {
            const ownListing = teamIds.has(trade.sellerId);
            // A card bought from another account of the team was the team's already (its profit
            // counted when that account bought it): the team only paid the seller's 5 % tax.
            const profit = ownListing
              ? amountAfterTax(amount) - amount
              : amountAfterTax(sim.world.values.value(trade.cardIndex, 'pc', clock.now())) - amount;
            result.profit += profit;
            result.perAccount[index] = (result.perAccount[index] ?? 0) + profit;
            if (ownListing) result.ownListingsBought += 1;
            const key = listingKey(sim.world, trade);
            result.bought.push(key);
            result.profitOf.set(key, (result.profitOf.get(key) ?? 0) + profit);
          }
          return answer;
        } catch (error) {
          const winner = (sim.world.trades.get(tradeId) as TradeWithBidder | undefined)?.highestBidderId;
          if (winner !== undefined && teamIds.has(winner)) result.lostToOwnAccount += 1;
          throw error;
        }
      },
    });
    const summaries = await Promise.all(
      clients.map(async (client, index) => {
        const accountId = accountIds[index] as string;
        const session = new SnipeSession({
          accountId,
          platform: 'pc',
          filters: [rarityFilter()],
          configuration: configuration(),
          game: measured(gamePortFromClient(client), index),
          prices: feedPrices({ feedsUrl: sim.hosts.feeds, now: () => clock.now() }),
          clock,
          rng: seededRng(sessionSeed + index),
          events: {
            async emit(event: EngineEvent) {
              if (event.type === 'snipe-result') {
                if (event.report.errorCode === undefined) result.won += 1;
                else result.lost += 1;
              }
              if (
                (event.type === 'notice' || event.type === 'stop') &&
                event.message === 'Encountered soft ban'
              )
                result.softBans += 1;
            },
          },
          ...(fleet ? { fleet: fleet.member(accountId) } : {}),
        });
        try {
          return await session.run();
        } finally {
          clock.finished();
        }
      }),
    );
    result.requests = summaries.reduce((sum, summary) => sum + summary.requests, 0);
    result.virtualMs = clock.now() - startedAt;
    result.realMs = Date.now() - realStart;
    return result;
  } finally {
    await sim.close();
  }
}
