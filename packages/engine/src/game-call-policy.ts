import { isGameError, type GameError } from '@tradedesk/game-client';

/**
 * What a run does with a failed game call: the one error policy of every run kind (snipe, transfer,
 * SBC). The game client's error taxonomy decides; a run only says whether it may still sign in again
 * (each signs in again once: a second expiry in a row means the session cannot be kept) and how it
 * waits or gives up.
 */
export type GameCallVerdict =
  /** Not a game error (a bug, a broken transport): the run's fault, never retried. */
  | { readonly do: 'fault' }
  /** The session expired and the run may sign in again: sign in, then call again. */
  | { readonly do: 'reauthenticate'; readonly error: GameError }
  /** A temporary refusal (429, 5xx, a timeout): wait, then call again; `throttled` waits longer. */
  | { readonly do: 'wait-and-retry'; readonly error: GameError; readonly throttled: boolean }
  /** The user's own doing (e.g. a card they moved): shown to them, the run goes on. */
  | { readonly do: 'report'; readonly error: GameError }
  /** Anything else (an operational refusal, an expiry it may not renew): not retried. */
  | { readonly do: 'give-up'; readonly error: GameError };

export function verdictOn(error: unknown, mayReauthenticate: boolean): GameCallVerdict {
  if (!isGameError(error)) return { do: 'fault' };
  if (error.kind === 'session-expired')
    return mayReauthenticate ? { do: 'reauthenticate', error } : { do: 'give-up', error };
  switch (error.category) {
    case 'temporary':
      return { do: 'wait-and-retry', error, throttled: error.kind === 'throttled' };
    case 'user-logic':
      return { do: 'report', error };
    default:
      return { do: 'give-up', error };
  }
}
