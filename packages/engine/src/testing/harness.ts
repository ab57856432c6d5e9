import type { Configuration, SnipeFilter } from '@tradedesk/domain';
import type { EngineEvent } from '../events.js';
import type { PricePort } from '../ports.js';
import type { SnipeSessionOptions } from '../session/options.js';
import { SnipeSession } from '../session/snipe-session.js';
import { VirtualClock } from '../time/clock.js';
import { seededRng } from '../time/rng.js';
import { configuration as defaultTestConfiguration, normalFilter } from './fixtures.js';
import { RecordingSink } from './recording-sink.js';
import { ScriptedMarket } from './scripted-market.js';
import { StaticPrices } from './static-prices.js';

export interface HarnessOptions {
  readonly market?: ScriptedMarket;
  readonly prices?: PricePort;
  readonly filters?: readonly SnipeFilter[];
  readonly configuration?: Configuration;
  readonly seed?: number;
  readonly startMs?: number;
  /** Called with each event and the session (e.g. to stop it mid-run). */
  readonly onEvent?: (event: EngineEvent, session: SnipeSession) => void | Promise<void>;
  readonly extra?: Partial<SnipeSessionOptions>;
}

/** A session on a scripted market, a virtual clock and a seeded rng, recording every event. */
export function sessionHarness(options: HarnessOptions = {}) {
  const market = options.market ?? new ScriptedMarket();
  const clock = new VirtualClock(options.startMs ?? 1_700_000_000_000);
  const holder: { session?: SnipeSession } = {};
  const sink = new RecordingSink(async (event) => {
    if (holder.session !== undefined) await options.onEvent?.(event, holder.session);
  });
  const session = new SnipeSession({
    accountId: 'account-1',
    platform: 'pc',
    filters: options.filters ?? [normalFilter()],
    configuration: options.configuration ?? defaultTestConfiguration(),
    game: market,
    prices: options.prices ?? new StaticPrices(),
    clock,
    rng: seededRng(options.seed ?? 42),
    events: sink,
    ...options.extra,
  });
  holder.session = session;
  return { session, market, clock, sink };
}
