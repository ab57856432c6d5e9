import { verdictOn } from '../game-call-policy.js';
import type { StopReason } from '../events.js';
import type { GamePort } from '../ports.js';
import { runLog } from '../run-log.js';
import type { SessionReporter } from './reporter.js';
import type { RunState } from './run-state.js';

/**
 * The engine's one policy (`verdictOn`) decides the reaction: a session expiry gets one
 * re-authentication per run; a user-logic refusal is logged and the run goes on; every other game
 * error (a temporary one included) is recorded for the guards, which back off or stop with its
 * message. Anything that is not a game error is a fault that ends the run; the returned stop says so.
 */
export async function reactToError(
  error: unknown,
  state: RunState,
  game: GamePort,
  reporter: SessionReporter,
  now: () => number,
): Promise<{ reason: StopReason; message: string } | undefined> {
  const { reauthenticate } = game;
  const verdict = verdictOn(error, reauthenticate !== undefined && !state.reauthenticated);
  switch (verdict.do) {
    case 'fault':
      return { reason: 'error', message: error instanceof Error ? error.message : String(error) };
    case 'reauthenticate':
      state.reauthenticated = true;
      await reporter.notice('ERROR', runLog.sessionExpired);
      try {
        await reauthenticate?.call(game);
        return undefined;
      } catch {
        // The session cannot be renewed: recorded as lost, the safety guard ends the run.
      }
      state.recordError('session-lost', verdict.error, now());
      return undefined;
    case 'report':
      await reporter.notice('ERROR', verdict.error.message);
      return undefined;
    default: {
      // A temporary or operational refusal: the guards back off or stop. An expiry it may not
      // renew again is the session lost.
      const kind = verdict.error.kind === 'session-expired' ? 'session-lost' : verdict.error.kind;
      state.recordError(kind, verdict.error, now());
      return undefined;
    }
  }
}
