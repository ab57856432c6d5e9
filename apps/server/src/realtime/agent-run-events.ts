import type { EventAck } from '@tradedesk/domain/realtime';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { AgentEventHandler } from '../runs/run-kind.js';
import type { AgentSocket } from './agent-socket.js';

/**
 * The agents' run events, of every kind, received one way: validated, stored, then acknowledged.
 * An event the server could not store now (its database is away) is answered `retry`, and the
 * agent sends it again until it is stored.
 */
export function createAgentRunEvents(app: FastifyInstance, log: FastifyBaseLogger) {
  /** Agents' events being written now: a closing node waits for them before its database closes. */
  const beingStored = new Set<Promise<EventAck>>();

  return {
    /** Receives one kind's event from one agent's socket. */
    listen(socket: AgentSocket, agentId: string, { name, schema, apply }: AgentEventHandler) {
      socket.on(name, async (payload: unknown, ack?: (answer: EventAck) => void) => {
        const parsed = schema.safeParse(payload);
        if (!parsed.success) {
          app.metrics.agentEvent(name, 'refused');
          return ack?.({ ok: false, message: 'Invalid event' });
        }
        try {
          const storing = apply(parsed.data, agentId);
          beingStored.add(storing);
          void storing.then(
            () => beingStored.delete(storing),
            () => beingStored.delete(storing),
          );
          const answer = await storing;
          app.metrics.agentEvent(name, 'stored');
          ack?.(answer);
        } catch (error) {
          log.error({ err: error, event: name }, 'could not store an agent event');
          app.metrics.agentEvent(name, 'retry');
          ack?.({ ok: false, message: 'Could not store the event', retry: true });
        }
      });
    },
    /** Resolves once every event being stored now is written (or failed: the agent sends it again). */
    settled: () => Promise.allSettled([...beingStored]),
  };
}
