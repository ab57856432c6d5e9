import { z } from 'zod';

/**
 * Why an agent stopped a run, one cause for every run kind (docs/decisions/runs.md): its user (or
 * the server) asked, or the agent is leaving (SIGTERM, a deploy). The agent's run host gives it to
 * the run's stop, the run keeps it as its abort signal's reason, and the run's own stop outcome
 * carries it, so the server can say that the agent shut down rather than a plain stop.
 */
export const runStopCauseSchema = z.enum(['user', 'agent-leaving']);
export type RunStopCause = z.infer<typeof runStopCauseSchema>;

/** The cause a stopped run's abort signal carries (`abort(cause)`); any other reason is the user's. */
export const stopCauseOf = (signal: AbortSignal): RunStopCause =>
  signal.reason === ('agent-leaving' satisfies RunStopCause) ? 'agent-leaving' : 'user';
