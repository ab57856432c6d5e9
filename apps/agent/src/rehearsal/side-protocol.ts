import type { RehearsalSide } from '@tradedesk/domain';
import type { RehearsalStart } from '@tradedesk/domain/realtime';
import type { RehearsalKind, RehearsalLimits } from './rehearsal-worlds.js';

/**
 * A side reports its progress at most this often (share of its span): the one throttle between a
 * session's every virtual wait and the agent's socket, so a long span is not chatty.
 */
export const PROGRESS_STEP = 0.05;

/** The argument the agent forks a side process with (importing the module runs no side). */
export const SIDE_PROCESS_FLAG = '--rehearsal-side';

/** What the agent sends a rehearsal side's child process: one run, and maybe a stop. */
export type SideRequest = { type: 'run'; kind: RehearsalKind; command: RehearsalStart } | { type: 'stop' };

/** What the child answers: ready once warm, then progress (share of the span), then one result or one failure. */
export type SideAnswer =
  | { type: 'ready' }
  | { type: 'progress'; done: number }
  | { type: 'result'; side: RehearsalSide; limits: RehearsalLimits }
  | { type: 'failed'; message: string };
