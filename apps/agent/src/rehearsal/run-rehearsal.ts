import {
  amountAfterTax,
  defaultNormalFilter,
  REHEARSAL_TRADES_SHOWN,
  type Configuration,
  type NormalFilter,
  type Platform,
  type RehearsalResult,
  type RehearsalSide,
  type RehearsalTrade,
  type SnipeFilter,
} from '@tradedesk/domain';
import type { RehearsalStart } from '@tradedesk/domain/realtime';
import { ClassicAutobuyer, seededRng, SnipeSession, type Clock, type EngineEvent } from '@tradedesk/engine';
import { feedPrices } from '../feed-prices.js';
import { GameAccount } from '../game-account.js';
import type { RehearsalKind, RehearsalSides, RehearsalWorld } from './rehearsal-worlds.js';

const MINUTE_MS = 60_000;
const SOFT_BAN = 'Encountered soft ban';

/** The classic loop runs one plain search: the first filter's criteria as a Normal filter. */
export function classicFilterOf(filter: SnipeFilter): NormalFilter {
  if (filter.type === 'normal') return filter;
  const base = {
    ...defaultNormalFilter(filter.label),
    ...(filter.id === undefined ? {} : { id: filter.id }),
  };
  if (filter.type === 'rarity') {
    const { type: _type, label: _label, id: _id, ...criteria } = filter;
    return { ...base, ...criteria };
  }
  const { player, followUp } = filter;
  return {
    ...base,
    quality: player.quality === 'special' ? 'special' : 'gold',
    minPrice: player.minPrice,
    maxPrice: player.maxPrice,
    minProfit: player.minProfit,
    followUp,
  };
}

/** The user's configuration, run headless for exactly the span (its pacing, breaks and budget kept). */
function configurationFor(configuration: Configuration, spanMinutes: number): Configuration {
  const seconds = spanMinutes * 60;
  return {
    ...configuration,
    time: {
      ...configuration.time,
      duration: { min: { value: seconds, unit: 'seconds' }, max: { value: seconds + 1, unit: 'seconds' } },
    },
    advanced: { ...configuration.advanced, isHeadlessEnabled: true },
  };
}

/**
 * Summarises one side's buys and game calls into what the result shows. The figures are made to
 * agree: a win is a purchase worth more than it cost and a loss one worth less, so the best
 * trades are wins and the worst are losses; failed attempts are `missed`, not losses; the peak
 * is the game's own count against its limit (a clock minute of calls could show 42 beside a
 * limit of 40 that no window of the game's ever passed).
 */
export function summariseSide(input: {
  spanMinutes: number;
  trades: readonly RehearsalTrade[];
  missed: number;
  softBans: number;
  /** Every game call sent. */
  requests: number;
  /** The game's busiest per-minute window of admitted calls. */
  peakRequestsPerMinute: number;
}): RehearsalSide {
  const { spanMinutes, trades } = input;
  const profitByMinute = Array.from({ length: spanMinutes }, () => 0);
  for (const trade of trades) {
    const minute = Math.min(spanMinutes - 1, Math.floor(trade.minute));
    profitByMinute[minute] = (profitByMinute[minute] ?? 0) + trade.profit;
  }
  for (let minute = 1; minute < spanMinutes; minute += 1)
    profitByMinute[minute] = (profitByMinute[minute] ?? 0) + (profitByMinute[minute - 1] ?? 0);
  const wins = trades.filter((trade) => trade.profit > 0);
  const losses = trades.filter((trade) => trade.profit < 0);
  return {
    profit: trades.reduce((sum, trade) => sum + trade.profit, 0),
    wins: wins.length,
    losses: losses.length,
    missed: input.missed,
    requests: input.requests,
    softBans: input.softBans,
    peakRequestsPerMinute: input.peakRequestsPerMinute,
    requestsPerMinute: input.requests / spanMinutes,
    profitByMinute,
    best: [...wins]
      .sort((a, b) => b.profit - a.profit || a.minute - b.minute)
      .slice(0, REHEARSAL_TRADES_SHOWN),
    worst: [...losses]
      .sort((a, b) => a.profit - b.profit || a.minute - b.minute)
      .slice(0, REHEARSAL_TRADES_SHOWN),
  };
}

/**
 * One side of the rehearsal: a whole session on its own world (in this process, reached through
 * the world's `fetch`), judged at the cards' market values.
 */
export async function rehearseSide(
  kind: RehearsalKind,
  command: RehearsalStart,
  world: RehearsalWorld,
  onProgress: (done: number) => void,
  signal: AbortSignal,
): Promise<RehearsalSide> {
  const platform = command.platform as Platform;
  const startedAt = world.now();
  const spanMs = command.spanMinutes * MINUTE_MS;
  const minuteOf = (at: number) => Math.max(0, (at - startedAt) / MINUTE_MS);
  let requests = 0;
  const account = new GameAccount(
    { email: `rehearsal-${kind}@sandbox.test`, password: 'rehearsal', backupCode: 'REHEARS1', platform },
    world.game,
    // Only game calls count against the game's limits (sign-in pages do not).
    { onRequestSent: (event) => void (event.path.includes('/ut/game/') && (requests += 1)) },
    undefined,
    { fetch: world.fetch, wallClock: () => world.now() },
  );
  await account.signIn();
  const clock: Clock = {
    now: () => world.now(),
    async sleep(ms, sleepSignal) {
      // A stopped rehearsal still moves its clock: the world is in this process, and a wait that
      // returned at once would let a stopping session spin without ever yielding.
      if (sleepSignal?.aborted === true) return;
      world.advance(Math.max(0, ms));
      onProgress(Math.min(1, (world.now() - startedAt) / spanMs));
    },
  };
  const trades: RehearsalTrade[] = [];
  let missed = 0;
  let softBans = 0;
  const session = new SnipeSession({
    accountId: `rehearsal-${kind}`,
    platform,
    filters: command.filters as SnipeFilter[],
    configuration: configurationFor(command.configuration, command.spanMinutes),
    game: account.gamePort(),
    prices: feedPrices({ feedsUrl: world.feedsUrl, now: () => world.now(), fetch: world.fetch }),
    clock,
    rng: seededRng(command.seed),
    events: {
      async emit(event: EngineEvent) {
        if (event.type === 'snipe-result') {
          const { report } = event;
          if (report.errorCode !== undefined) {
            missed += 1;
            return;
          }
          const card = world.card(report.playerId, platform);
          trades.push({
            playerName: (card?.name ?? report.playerName).slice(0, 200),
            buyPrice: report.buyPrice,
            profit: amountAfterTax(card?.value ?? 0) - report.buyPrice,
            minute: minuteOf(event.at),
          });
        }
        if ((event.type === 'notice' || event.type === 'stop') && event.message === SOFT_BAN) softBans += 1;
      },
    },
    // The classic loop is measured as it is: its own fixed waits, no budget pacing.
    ...(kind === 'classic'
      ? {
          strategyFor: () => new ClassicAutobuyer(classicFilterOf(command.filters[0] as SnipeFilter)),
          paceBudget: false,
        }
      : {}),
  });
  const stop = () => void session.stop();
  signal.addEventListener('abort', stop, { once: true });
  try {
    await session.run();
  } finally {
    signal.removeEventListener('abort', stop);
  }
  onProgress(1);
  return summariseSide({
    spanMinutes: command.spanMinutes,
    trades,
    missed,
    softBans,
    requests,
    peakRequestsPerMinute: world.peakRequestsPerMinute(),
  });
}

/**
 * The rehearsal: the user's filters and configuration, and the classic autobuyer beside them, each
 * on its own world of the same seed (so both meet the same market), for the virtual span; the two
 * sides run at once, each off this event loop.
 */
export async function runRehearsal(
  command: RehearsalStart,
  sides: RehearsalSides,
  onProgress: (done: number) => void,
  signal: AbortSignal = new AbortController().signal,
): Promise<RehearsalResult> {
  const realStart = Date.now();
  const done = { ours: 0, classic: 0 };
  // One side failing stops the other: the rehearsal has failed either way.
  const both = new AbortController();
  const stopBoth = () => both.abort();
  signal.addEventListener('abort', stopBoth, { once: true });
  const side = (kind: RehearsalKind) =>
    sides
      .run(
        kind,
        command,
        (share) => {
          done[kind] = share;
          onProgress((done.ours + done.classic) / 2);
        },
        both.signal,
      )
      .catch((error: unknown) => {
        stopBoth();
        throw error;
      });
  const [ours, classic] = await Promise.all([side('ours'), side('classic')]).finally(() =>
    signal.removeEventListener('abort', stopBoth),
  );
  return {
    ours: ours.side,
    classic: classic.side,
    limits: ours.limits,
    spanMinutes: command.spanMinutes,
    coins: command.coins,
    realMs: Date.now() - realStart,
  };
}
