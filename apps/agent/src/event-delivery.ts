import { eventAckSchema, type EventAck } from '@tradedesk/domain/realtime';

/** How long the agent waits before sending again an event the server could not store. */
export const EVENT_RETRY_MS = 1_000;

export interface EventDelivery {
  /** Emits the event once and resolves with the server's acknowledgement. */
  readonly emit: () => Promise<unknown>;
  /** A crashed agent stops trying. */
  readonly isKilled: () => boolean;
}

/**
 * Emits until the server answers: an emit whose acknowledgement did not come in time (the socket's
 * ack timeout; the packet waits in the socket's buffer while it reconnects) is sent again, as
 * Socket.IO's own `retries` did when every event went through its one queue. A killed agent stops.
 */
async function emitUntilAnswered(delivery: EventDelivery): Promise<unknown> {
  for (;;) {
    try {
      return await delivery.emit();
    } catch (error) {
      if (delivery.isKilled()) throw error;
    }
  }
}

/**
 * The one way every run kind (snipe session, transfer, SBC solver run, rehearsal) hands an event
 * to the server: emitted, and emitted again while no answer comes or the server answers `retry` (it
 * could not store it now, e.g. its database is away). The run waits meanwhile, as it does for a lost
 * connection, so a purchase or an outcome is never dropped; the event's `{id}:{seq}` makes a repeat
 * land once (a rehearsal's: only a running rehearsal takes an event).
 * Resolves with the last acknowledgement (undefined when it was not one).
 */
export async function deliverEvent(delivery: EventDelivery): Promise<EventAck | undefined> {
  let answer = eventAckSchema.safeParse(await emitUntilAnswered(delivery));
  while (answer.success && answer.data.retry === true && !delivery.isKilled()) {
    await new Promise((resolve) => setTimeout(resolve, EVENT_RETRY_MS));
    answer = eventAckSchema.safeParse(await emitUntilAnswered(delivery));
  }
  return answer.success ? answer.data : undefined;
}
