import type { AccountStatus } from '@tradedesk/domain';
import type { StopReason } from '../events.js';

/** How a run ended, with its counters (requests and searches of this run). */
export interface RunSummary {
  readonly reason: StopReason;
  readonly message: string;
  readonly requests: number;
  readonly searches: number;
  readonly snipes: number;
  readonly lostSnipes: number;
  readonly profits: number;
  readonly coins: number | undefined;
}

const statusOfReason: Record<StopReason, AccountStatus> = {
  'execution-time': 'inactive',
  'not-enough-coins': 'inactive',
  user: 'inactive',
  thresholds: 'thresholds_met',
  captcha: 'captcha',
  'soft-ban': 'soft_ban',
  'session-expired': 'error',
  'market-locked': 'error',
  error: 'error',
};

/** The account status a run leaves behind when it ends for `reason`. */
export function accountStatusAfter(reason: StopReason): AccountStatus {
  return statusOfReason[reason];
}
