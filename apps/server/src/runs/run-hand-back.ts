import { runHandBackSchema, type EventAck } from '@tradedesk/domain/realtime';
import type { AppContext } from '../lib/app-context.js';
import { agentEvent, type AgentEventHandler, type RunKindModule } from './run-kind.js';
import { runsRepo } from './runs-repo.js';

/**
 * `run-hand-back`, one rule for every kind that cannot move to another agent (transfer, sync, SBC,
 * rehearsal): a leaving agent stopped the run and delivered its events; if its own outcome did not
 * end it, its kind ends it now (`ended`, saying the agent shut down), so it is never left to the
 * lost-agent rule. Only the agent holding the run may hand it back; a repeat changes nothing.
 */
export function runHandBack(ctx: AppContext, runKinds: () => readonly RunKindModule[]): AgentEventHandler {
  return agentEvent({
    name: 'run-hand-back',
    schema: runHandBackSchema,
    async apply({ kind, runId }, agentId): Promise<EventAck> {
      const run = await runsRepo.byId(ctx.db, runId);
      if (!run || run.kind !== kind || run.agentId !== agentId) return { ok: false, message: 'Unknown run' };
      if (run.status !== 'running') return { ok: true };
      await runKinds()
        .find((module) => module.kinds.includes(run.kind))
        ?.settleHandedBack?.([run]);
      return { ok: true };
    },
  });
}
