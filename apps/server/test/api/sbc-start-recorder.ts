import type { SbcStartCommand } from '@tradedesk/domain/realtime';
import type { AppContext } from '../../src/lib/app-context.js';
import type { AccountSolutions } from '../../src/modules/sbc/account-solution.js';
import { createSbcSolverService } from '../../src/modules/sbc/solver-service.js';

/** The solver modal's defaults (spec 001 §5), as the page sends them. */
export const modalDefaults = {
  searchSpeed: 3500,
  maxPurchaseAttempts: 3,
  enableAutoList: false,
  numOfSteps: 1,
  numOfRepititions: 1,
};

/** The SBC solver service with one agent that takes every start; `sent` holds what it was sent. */
export function solverServiceRecordingStarts(ctx: AppContext, squads: AccountSolutions) {
  const sent: SbcStartCommand[] = [];
  const service = createSbcSolverService(
    ctx,
    {
      pick: async () => 'agent-1',
      start: async (_agentId, command) => {
        sent.push(command);
        return { ok: true };
      },
      stop: () => {},
    },
    () => {},
    squads,
  );
  return { service, sent };
}
