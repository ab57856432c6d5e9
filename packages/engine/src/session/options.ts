import {
  configurationSchema,
  filterSchema,
  firstIssueMessage,
  platformSchema,
  snipeStartError,
  type Configuration,
  type Platform,
  type SnipeFilter,
} from '@tradedesk/domain';
import { z } from 'zod';
import type { EngineEvent } from '../events.js';
import type { FleetMember } from '../fleet/fleet.js';
import type { BackoffSettings } from '../guards/backoff-guard.js';
import type { Clock, EventSink, GamePort, PricePort, Rng } from '../ports.js';
import type { Strategy } from '../strategies/strategy.js';

/** Everything a snipe session needs; the agent builds it from a snipe-create-browser action. */
export interface SnipeSessionOptions {
  readonly accountId: string;
  readonly platform: Platform;
  /** The selected filters (000 §5 selection rules apply). */
  readonly filters: readonly SnipeFilter[];
  readonly configuration: Configuration;
  readonly game: GamePort;
  readonly prices: PricePort;
  readonly clock: Clock;
  readonly rng: Rng;
  readonly events: EventSink;
  /** An identical notice within this window is sent once (default 60 s; 0 sends every one). */
  readonly noticeRepeatWindowMs?: number;
  /** Told about a sink that failed; the run itself never stops for it. */
  readonly onSinkError?: (error: unknown, event: EngineEvent) => void;
  /** Prices older than this are stale and never drive a buy (default 15 minutes). */
  readonly maxPriceAgeMs?: number;
  readonly backoff?: BackoffSettings;
  /** Replaces the filter → strategy mapping (the benchmark's classic baseline). */
  readonly strategyFor?: (filter: SnipeFilter) => Strategy;
  /** Spreads the requests threshold over the run (default true; off for the classic baseline). */
  readonly paceBudget?: boolean;
  /**
   * This account's place in a fleet of the user's accounts sniping together: listings another
   * account claimed or listed are never bought, looks are spread over the fleet, and the 59th
   * Minute strategy shares the backlog sweep and the market's level (docs/decisions/snipe-engine.md).
   */
  readonly fleet?: FleetMember;
}

/** Bad session input: nothing was started. */
export class SnipeSetupError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'SnipeSetupError';
  }
}

const accountIdSchema = z.string().trim().min(1, 'An account id is required');

/** Parses one filter with its kind's rules; transfer filters cannot snipe. */
export function parseSnipeFilter(input: unknown): SnipeFilter {
  const parsed = filterSchema.safeParse(input);
  if (!parsed.success) throw new SnipeSetupError(firstIssueMessage(parsed.error));
  const error = snipeStartError([parsed.data], { isEnabled: false });
  if (error !== null || parsed.data.type === 'transfer')
    throw new SnipeSetupError(error ?? 'Transfer filters cannot be used to snipe.');
  return parsed.data;
}

/** Validates the options at the boundary: clear message, no side effect. */
export function validateSessionInput(options: SnipeSessionOptions): {
  filters: SnipeFilter[];
  configuration: Configuration;
} {
  const id = accountIdSchema.safeParse(options.accountId);
  if (!id.success) throw new SnipeSetupError(firstIssueMessage(id.error));
  const platform = platformSchema.safeParse(options.platform);
  if (!platform.success) throw new SnipeSetupError(firstIssueMessage(platform.error));
  const configuration = configurationSchema.safeParse(options.configuration);
  if (!configuration.success) throw new SnipeSetupError(firstIssueMessage(configuration.error));
  const filters = options.filters.map(parseSnipeFilter);
  const selectionError = snipeStartError(filters, configuration.data.advanced.rotation);
  if (selectionError !== null) throw new SnipeSetupError(selectionError);
  return { filters, configuration: configuration.data };
}
