import { isGameError } from '@tradedesk/game-client';
import type { StopReason } from '../events.js';
import type { GamePort } from '../ports.js';
import { runLog } from '../run-log.js';
import type { SessionReporter } from './reporter.js';
import type { RunState } from './run-state.js';

/**
 * The error taxonomy decides the reaction: a session expiry gets one re-authentication; a
 * user-logic refusal is logged and the run goes on; every other game error is recorded for the
 * guards (back off, or stop with its message). Anything that is not a game error is a fault
 * that ends the run; the returned stop says so.
 */
export async function reactToError(
  error: unknown,
  state: RunState,
  game: GamePort,
  reporter: SessionReporter,
  now: () => number,
): Promise<{ reason: StopReason; message: string } | undefined> {
  if (!isGameError(error)) {
    return { reason: 'error', message: error instanceof Error ? error.message : String(error) };
  }
  if (error.kind === 'session-expired') {
    const { reauthenticate } = game;
    if (reauthenticate !== undefined && !state.reauthenticated) {
      state.reauthenticated = true;
      await reporter.notice('ERROR', runLog.sessionExpired);
      try {
        await reauthenticate.call(game);
        return undefined;
      } catch {
        // The session cannot be renewed: recorded below, the safety guard ends the run.
      }
    }
    state.recordError('session-lost', error, now());
    return undefined;
  }
  if (error.category === 'user-logic') {
    await reporter.notice('ERROR', error.message);
    return undefined;
  }
  state.recordError(error.kind, error, now());
  return undefined;
}
