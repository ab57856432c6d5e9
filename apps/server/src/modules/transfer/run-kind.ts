import { transferEventEnvelopeSchema } from '@tradedesk/domain/realtime';
import { agentEvent, type RunKindModule } from '../../runs/run-kind.js';
import type { TransferEvents } from './transfer-events.js';

/**
 * Transfer (and its sync) as a run kind: started by `transfer-start` (`transfer-sync`), its events
 * stored by `apply` (the transfer's own, or a caller's that also routes other ids on the same event),
 * a lost run fails charging nothing and a lost sync is cancelled.
 */
export const transferRunKind = (
  transferEvents: TransferEvents,
  apply: TransferEvents['apply'] = transferEvents.apply,
): RunKindModule => ({
  kinds: ['transfer', 'sync'],
  startCommand: 'transfer-start',
  events: [
    agentEvent({
      name: 'transfer-event',
      schema: transferEventEnvelopeSchema,
      apply: ({ transferId, seq, event }, agentId) => apply(transferId, seq, event, agentId),
    }),
  ],
  settleLost: (runs) => transferEvents.markLost(runs.map((run) => run.id)),
});
