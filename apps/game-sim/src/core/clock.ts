/**
 * The world's clock. Real time by default; a virtual clock runs at ×speed from its start and
 * can be moved forward by tests, benchmarks and the admin API.
 */
export interface Clock {
  /** Milliseconds since the epoch, as the world sees them. */
  now(): number;
  /** Moves virtual time forward (throws on a real clock). */
  advance(ms: number): void;
  readonly kind: 'real' | 'virtual';
}

export type ClockOption = 'real' | { speed: number; start?: number };

/** Builds the clock chosen in the options. */
export function createClock(option: ClockOption, realNow: () => number = Date.now): Clock {
  if (option === 'real') {
    return {
      kind: 'real',
      now: realNow,
      advance: () => {
        throw new Error('The real clock cannot be advanced; start the sim with clock: { speed }');
      },
    };
  }
  if (!(option.speed >= 0) || !Number.isFinite(option.speed)) {
    throw new RangeError(`clock speed must be a finite number >= 0, got ${option.speed}`);
  }
  const realStart = realNow();
  const virtualStart = option.start ?? realStart;
  let offset = 0;
  return {
    kind: 'virtual',
    now: () => Math.floor(virtualStart + (realNow() - realStart) * option.speed + offset),
    advance: (ms) => {
      if (!(ms >= 0) || !Number.isFinite(ms)) throw new RangeError(`advance needs ms >= 0, got ${ms}`);
      offset += ms;
    },
  };
}
