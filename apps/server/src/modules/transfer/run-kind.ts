import { transferEventEnvelopeSchema } from '@tradedesk/domain/realtime';
import type { TransferEventStore, TransferRouteKind } from '../../runs/agent-ports.js';
import { agentEvent, type RunKindModule } from '../../runs/run-kind.js';
import { transferMessages } from './messages.js';
import type { TransferEvents } from './transfer-events.js';

/**
 * Transfer (and its sync) as a run kind: started by `transfer-start` (`transfer-sync`), a lost run
 * fails charging nothing and a lost sync is cancelled. Its events are routed by their envelope's
 * `route.kind`: a transfer page's run and a user's one-off request are stored here; the kinds another
 * module started on the agents (the marketplace's) by the store it claimed them with.
 */
export const transferRunKind = (
  transferEvents: TransferEvents,
  claimed: (kind: TransferRouteKind) => TransferEventStore | undefined = () => undefined,
): RunKindModule => ({
  kinds: ['transfer', 'sync'],
  startCommand: 'transfer-start',
  events: [
    agentEvent({
      name: 'transfer-event',
      schema: transferEventEnvelopeSchema,
      apply: (envelope, agentId) => {
        const { route, transferId, seq, event } = envelope;
        switch (route.kind) {
          case 'transfer':
            return transferEvents.apply(transferId, seq, event, agentId);
          case 'request':
          case 'launch':
            return transferEvents.answer(route.userId, event, route.kind === 'launch');
          default: {
            const store = claimed(route.kind);
            return store
              ? store(envelope)
              : Promise.resolve({ ok: false, message: 'Unknown transfer', stop: true });
          }
        }
      },
    }),
  ],
  settleLost: (runs) => transferEvents.markLost(runs.map((run) => run.id)),
  settleHandedBack: (runs) =>
    transferEvents.markLost(
      runs.map((run) => run.id),
      transferMessages.agentLeft,
      'ended',
    ),
});
