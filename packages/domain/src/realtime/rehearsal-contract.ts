import { z } from 'zod';
import { platformSchema } from '../enums/platform.js';
import { configurationSchema, type Configuration } from '../schemas/configuration.js';
import { filterSchema, type SnipeFilter } from '../schemas/filters/index.js';
import { REHEARSAL_SPAN_MINUTES, rehearsalResultSchema } from '../schemas/rehearsal.js';
import { runStopCauseSchema } from './run-stop.js';
import { idText, storableText, TEXT_LIMITS } from '../schemas/text.js';
import { gamePriceSchema } from './agent-contract.js';

const int = z.number().int();
const price = gamePriceSchema;
const rehearsalId = idText();

/** A card's current price in the price database: the rehearsal world starts its market there. */
export const rehearsalStartValueSchema = z.object({
  definitionId: int.positive(),
  pc: price.optional(),
  ps: price.optional(),
});
export type RehearsalStartValue = z.infer<typeof rehearsalStartValueSchema>;

// ---- Server → agent -------------------------------------------------------------------------

/** `rehearsal-start` (acknowledged with `AgentAck`): run ours and the classic loop on one seeded world each. */
export const rehearsalStartSchema = z.object({
  rehearsalId,
  seed: int.min(1).max(2 ** 31 - 1),
  spanMinutes: int.min(REHEARSAL_SPAN_MINUTES.min).max(REHEARSAL_SPAN_MINUTES.max),
  platform: platformSchema,
  coins: int.min(0).max(1_000_000_000),
  filters: z.array(filterSchema).min(1),
  configuration: configurationSchema,
  startValues: z.array(rehearsalStartValueSchema).max(200_000),
});
/** A rehearsal command as the agent reads it. */
export type RehearsalStart = z.infer<typeof rehearsalStartSchema>;
/** A rehearsal command as the server sends it: only snipe filters. */
export type RehearsalStartCommand = Omit<RehearsalStart, 'filters' | 'configuration'> & {
  filters: SnipeFilter[];
  configuration: Configuration;
};

// ---- Agent → server -------------------------------------------------------------------------

/**
 * `rehearsal-event` (acknowledged with `EventAck`): progress, then one result, failure or stop. Sent
 * as every run kind's events are (numbered from 0 by `seq`, re-sent on `retry` and after a
 * reconnect); a repeat changes nothing, as only a running rehearsal takes an event.
 */
export const rehearsalEventSchema = z.object({
  rehearsalId,
  seq: int.nonnegative(),
  event: z.discriminatedUnion('type', [
    z.object({ type: z.literal('progress'), done: z.number().min(0).max(1) }),
    z.object({ type: z.literal('result'), result: rehearsalResultSchema }),
    z.object({
      type: z.literal('failed'),
      message: storableText(TEXT_LIMITS.text).pipe(z.string().min(1)),
    }),
    /** Stopped before it finished, and why (`agent-leaving`: the agent shut down). */
    z.object({ type: z.literal('stopped'), cause: runStopCauseSchema }),
  ]),
});
export type RehearsalEvent = z.infer<typeof rehearsalEventSchema>;
