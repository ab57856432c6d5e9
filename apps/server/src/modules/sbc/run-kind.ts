import { sbcClubReportSchema, sbcEventEnvelopeSchema } from '@tradedesk/domain/realtime';
import { agentEvent, type RunKindModule } from '../../runs/run-kind.js';
import type { SbcClubService } from './club-service.js';
import { sbcMessages } from './messages.js';
import type { SbcEvents } from './sbc-events.js';

/**
 * The SBC solver bot as a run kind: started by `sbc-start`, its events stored by `SbcEvents`, a lost
 * run fails with the lost message. A club read's report arrives on the same agent and is stored here
 * too (a read is no run: it holds no slot and has no lifecycle).
 */
export const sbcRunKind = (sbcEvents: SbcEvents, club: Pick<SbcClubService, 'apply'>): RunKindModule => ({
  kinds: ['sbc'],
  startCommand: 'sbc-start',
  events: [
    agentEvent({
      name: 'sbc-event',
      schema: sbcEventEnvelopeSchema,
      apply: ({ runId, seq, event }, agentId) => sbcEvents.apply(runId, seq, event, agentId),
    }),
    agentEvent({ name: 'sbc-club', schema: sbcClubReportSchema, apply: (report) => club.apply(report) }),
  ],
  settleLost: (runs) => sbcEvents.markLost(runs),
  settleHandedBack: (runs) => sbcEvents.markLost(runs, sbcMessages.agentLeft, 'ended'),
});
