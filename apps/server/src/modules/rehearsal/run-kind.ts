import { rehearsalEventSchema } from '@tradedesk/domain/realtime';
import { agentEvent, type RunKindModule } from '../../runs/run-kind.js';
import type { RehearsalService } from './service.js';

/** The sandbox rehearsal as a run kind: started by `rehearsal-start`, a lost one fails with the lost message. */
export const rehearsalRunKind = (
  rehearsals: Pick<RehearsalService, 'apply' | 'markLost' | 'markHandedBack'>,
): RunKindModule => ({
  kinds: ['rehearsal'],
  startCommand: 'rehearsal-start',
  events: [
    agentEvent({
      name: 'rehearsal-event',
      schema: rehearsalEventSchema,
      apply: (envelope, agentId) => rehearsals.apply(envelope, agentId),
    }),
  ],
  settleLost: (runs) => rehearsals.markLost(runs.map((run) => run.id)),
  settleHandedBack: (runs) => rehearsals.markHandedBack(runs.map((run) => run.id)),
});
