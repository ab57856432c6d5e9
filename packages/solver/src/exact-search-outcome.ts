import type { Placement } from './squad-check.js';

/** What `exactSearch` reports: whether it finished, its bound and squad, and its work counts. */
export interface ExactSearchOutcome {
  /**
   * Whether every squad cheaper than `upperBound` was looked at (else the search stopped at its
   * node limit or deadline and only `answer` counts).
   */
  readonly finished: boolean;
  /**
   * When finished, the optimum: the cheapest eligible squad's cost, or `upperBound` itself when
   * none is cheaper (so a squad costing `upperBound` is optimal).
   */
  readonly bound?: number;
  /** The cheapest eligible squad found below `upperBound`. */
  readonly answer?: { readonly placement: Placement; readonly cost: number };
  /** Nodes visited and leaves judged (the search's work counts, for measurements). */
  readonly nodes?: number;
  readonly leaves?: number;
  /** The work units charged (nodes, cards scanned, leaves; see `WORK_MS.exactSearchWork`). */
  readonly work?: number;
}
