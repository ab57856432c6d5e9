import {
  randomTimeRangeMs,
  requestPauseMs,
  timeRangeMs,
  uiChangeWaitMs,
  userDelayWaitMs,
  type Configuration,
  type MsRange,
  type Rng,
} from '@tradedesk/domain';

/**
 * Every wait of a run, drawn from the injected rng so that a seed replays a session exactly:
 * delay between snipes (search cycles), pagination interval (page jumps), the pause between
 * follow-up requests (the §9 default, or the user-delay formula when a calibration delay is set)
 * and the wait for a bought item to show up.
 */
export class Pacing {
  constructor(
    private readonly configuration: Configuration,
    private readonly rng: Rng,
  ) {}

  /** Delay between snipes: random within the configured range. */
  cycleWaitMs(): number {
    return randomTimeRangeMs(this.configuration.time.delay, this.rng);
  }

  /** Pagination interval between two page requests of a multi-rarity cycle. */
  paginationWaitMs(): number {
    return randomTimeRangeMs(this.configuration.time.pagination, this.rng);
  }

  /** Between two follow-up requests: 400–500 ms, or the user-delay formula of §9. */
  requestPauseMs(): number {
    const userDelay = this.configuration.calibration.delay;
    return userDelay > 0 ? userDelayWaitMs(userDelay, this.rng) : requestPauseMs(this.rng);
  }

  /** After a buy, before touching the item: the wait for the game to show it (800–900 ms). */
  afterBuyMs(): number {
    return uiChangeWaitMs(this.rng);
  }

  /** The sniping duration of this run, drawn once. */
  runDurationMs(): number {
    return randomTimeRangeMs(this.configuration.time.duration, this.rng);
  }

  breakFrequencyMs(): MsRange {
    return timeRangeMs(this.configuration.time.break.frequency);
  }

  breakDurationMs(): MsRange {
    return timeRangeMs(this.configuration.time.break.duration);
  }

  get rngSource(): Rng {
    return this.rng;
  }
}
