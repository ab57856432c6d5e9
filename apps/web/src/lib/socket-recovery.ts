import type { Socket } from 'socket.io-client';

/** What the user is told about a live connection. */
export type LiveStatus = 'connecting' | 'live' | 'reconnecting' | 'offline';

/** How long to wait between handshakes the server refused, and when to stop asking. */
export type RefusalBackoff = {
  firstDelayMs: number;
  maxDelayMs: number;
  /**
   * Consecutive refusals after which the client gives up. Set so the retries outlast the
   * periodic session check, which signs a really expired session out (docs/decisions/web.md).
   */
  maxRefusals: number;
};

export const defaultRefusalBackoff: RefusalBackoff = {
  firstDelayMs: 1_000,
  maxDelayMs: 30_000,
  maxRefusals: 30,
};

/**
 * The wait before retry number `attempt` (0-based): the step doubles from the first delay up to
 * the maximum, and a random half of it is dropped so browsers refused together do not come back
 * together.
 */
export function refusalRetryDelay(
  attempt: number,
  backoff: RefusalBackoff = defaultRefusalBackoff,
  random: () => number = Math.random,
): number {
  const step = Math.min(backoff.maxDelayMs, backoff.firstDelayMs * 2 ** attempt);
  return step / 2 + (random() * step) / 2;
}

type RecoveryOptions = {
  onStatus: (status: LiveStatus) => void;
  backoff?: RefusalBackoff;
  random?: () => number;
};

/** The handle a connection's owner keeps: retry at once (the user asked), or stop for good. */
export type ConnectionRecovery = { reconnectNow: () => void; stop: () => void };

/**
 * socket.io-client retries a dropped transport on its own, but not a handshake a server
 * middleware refused (`connect_error` with `socket.active` false): then only `socket.connect()`
 * tries again. A refusal may be transient (server busy, session lookup failed), so this retries
 * with backoff until connected, the cap is reached, or `stop()` (unmount, sign-out).
 */
export function recoverRefusedConnections(
  socket: Socket,
  { onStatus, backoff = defaultRefusalBackoff, random = Math.random }: RecoveryOptions,
): ConnectionRecovery {
  let refusals = 0;
  let retryTimer: ReturnType<typeof setTimeout> | undefined;
  const cancelRetry = () => {
    clearTimeout(retryTimer);
    retryTimer = undefined;
  };

  const onConnect = () => {
    refusals = 0;
    cancelRetry();
    onStatus('live');
  };
  const onDisconnect = () => onStatus(socket.active ? 'reconnecting' : 'offline');
  const onConnectError = () => {
    if (socket.active) return onStatus('reconnecting');
    if (refusals >= backoff.maxRefusals) return onStatus('offline');
    const delay = refusalRetryDelay(refusals, backoff, random);
    refusals += 1;
    onStatus('reconnecting');
    retryTimer = setTimeout(() => {
      retryTimer = undefined;
      socket.connect();
    }, delay);
  };

  socket.on('connect', onConnect);
  socket.on('disconnect', onDisconnect);
  socket.on('connect_error', onConnectError);
  return {
    reconnectNow: () => {
      if (socket.active) return; // connected, or socket.io-client is already retrying
      refusals = 0;
      cancelRetry();
      onStatus('reconnecting');
      socket.connect();
    },
    stop: () => {
      cancelRetry();
      socket.off('connect', onConnect);
      socket.off('disconnect', onDisconnect);
      socket.off('connect_error', onConnectError);
    },
  };
}
