import type { Strategy } from '../strategies/strategy.js';

/**
 * Filter rotation: with rotation on and at least two filters, the session moves to the next
 * selected filter every `everyRequests` requests, wrapping around.
 */
export class FilterRotation {
  private index = 0;
  private requestsAtLastTurn: number;

  constructor(
    private strategies: readonly Strategy[],
    private readonly everyRequests: number,
    startRequests: number,
  ) {
    if (strategies.length === 0) throw new Error('At least one strategy is required');
    this.requestsAtLastTurn = startRequests;
  }

  get current(): Strategy {
    // The constructor guarantees a non-empty list and the index stays in range.
    return this.strategies[this.index] as Strategy;
  }

  /** Counts the request budget from here (the run's start, after its opening requests). */
  restart(requests: number): void {
    this.requestsAtLastTurn = requests;
  }

  /** Replaces the filters (switch filter) and starts from the first. */
  replace(strategies: readonly Strategy[], requests: number): void {
    if (strategies.length === 0) throw new Error('At least one strategy is required');
    this.strategies = strategies;
    this.index = 0;
    this.requestsAtLastTurn = requests;
  }

  /** Moves on when the request budget of the current filter is used; returns the new one. */
  turnIfDue(requests: number): Strategy | undefined {
    if (this.everyRequests <= 0 || this.strategies.length < 2) return undefined;
    if (requests - this.requestsAtLastTurn < this.everyRequests) return undefined;
    this.index = (this.index + 1) % this.strategies.length;
    this.requestsAtLastTurn = requests;
    return this.current;
  }
}
