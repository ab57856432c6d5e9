import { z } from 'zod';
import { SOLVER_LIMITS } from '../constants.js';
import { nextPrice } from '../math/price-ladder.js';
import { idText, storableText, TEXT_LIMITS } from '../schemas/text.js';
import { eventAckSchema, gamePriceSchema, type AgentAck, type EventAck } from './agent-contract.js';
import { runStopCauseSchema } from './run-stop.js';
import { transferAccountSchema } from './transfer-contract.js';

/**
 * The SBC solver-bot part of the `/client/agent` contract (same socket, handshake and
 * acknowledgements as snipe sessions and transfers).
 *
 * Server → agent:
 * - `sbc-start` {runId, account, challenges, settings…} (acknowledged with `AgentAck`)
 * - `sbc-stop`  {runId} (not acknowledged: the run's terminal event follows)
 *
 * Agent → server: `sbc-event {runId, seq, event}`, acknowledged with `EventAck` and re-sent until
 * acknowledged (seq numbers one run's events from 0, so `{runId}:{seq}` is a replay-safe key).
 * Every `sbc-start` ends with exactly one terminal event: `finish`, `stopped` or `error`, each
 * carrying the coins spent and the squads submitted so far.
 */

const int = z.number().int();
const coins = int.min(0).max(2_000_000_000);
const price = gamePriceSchema;
const runId = idText();
const description = storableText(TEXT_LIMITS.text).pipe(z.string().min(1));

/**
 * How far above a solution's price the bot may pay for a card: the stored price is the price
 * database's, the market moves between the solve and the purchase (docs/decisions/sbc.md).
 */
export const SBC_PRICE_TOLERANCE_PERCENT = 10;

/**
 * The highest Buy Now the bot pays for a card the solution prices at `solutionPrice`: the
 * tolerance, and never less than the next game price. Under 1,000 coins a step is 50 (16 % of
 * 300), so 10 % alone allowed only the solution price itself: a card the database priced one step
 * under its market could never be bought (a new user's Daily Gold Upgrade stopped on its first card).
 */
export function maxSbcBuyNow(solutionPrice: number): number {
  return Math.max(
    Math.floor((solutionPrice * (100 + SBC_PRICE_TOLERANCE_PERCENT)) / 100),
    nextPrice(solutionPrice),
  );
}

/** One card of a squad to build: the solution's card and what it was priced at. */
export const sbcCommandPlayerSchema = z.object({
  definitionId: int.positive(),
  name: storableText(TEXT_LIMITS.name),
  /** The formation slot (0–10) the card goes to. */
  slot: int.min(0).max(10),
  price,
});
export type SbcCommandPlayer = z.infer<typeof sbcCommandPlayerSchema>;

/** One game challenge to solve with its stored solution. */
export const sbcCommandChallengeSchema = z.object({
  /** The game's challenge id. */
  challengeId: int.positive(),
  name: storableText(TEXT_LIMITS.name),
  players: z.array(sbcCommandPlayerSchema).min(1).max(11),
});
export type SbcCommandChallenge = z.infer<typeof sbcCommandChallengeSchema>;

/** `sbc-start`: buy what is missing, place, submit; `numOfRepititions` times over. */
export const sbcStartCommandSchema = z.object({
  runId,
  account: transferAccountSchema,
  challenges: z.array(sbcCommandChallengeSchema).min(1).max(20),
  searchSpeed: int.min(0).max(SOLVER_LIMITS.searchSpeed),
  maxPurchaseAttempts: int.min(1).max(SOLVER_LIMITS.maxPurchaseAttempts),
  enableAutoList: z.boolean(),
  numOfSteps: int.min(0).max(SOLVER_LIMITS.numOfSteps),
  numOfRepititions: int.min(1).max(SOLVER_LIMITS.numOfRepititions),
});
export type SbcStartCommand = z.input<typeof sbcStartCommandSchema>;

/** `sbc-stop`: ends the run after the call in flight; bought cards stay in the club. */
export const sbcStopCommandSchema = z.object({ runId });
export type SbcStopCommand = z.infer<typeof sbcStopCommandSchema>;

export const sbcCommandSchemas = {
  'sbc-start': sbcStartCommandSchema,
  'sbc-stop': sbcStopCommandSchema,
} as const;
export type SbcCommandName = keyof typeof sbcCommandSchemas;
export type SbcCommandAck = AgentAck;

const at = { at: z.number().finite().nonnegative() };
const totals = { costs: coins, solved: int.min(0).max(10_000) };

/** One event of a solver run on the wire. */
export const sbcEventSchema = z.discriminatedUnion('type', [
  /**
   * A step the page shows ('Bought … for … coins', 'Submitted …'). A submission names the club
   * items its squad used (`submittedItemIds`): the game took them, so the stored club drops them.
   */
  z.object({
    ...at,
    type: z.literal('notification'),
    description,
    submittedItemIds: z.array(int.positive()).max(11).optional(),
  }),
  /** Every repetition of every challenge was submitted: 'Successfully solved SBC with {costs} coins'. */
  z.object({ ...at, type: z.literal('finish'), ...totals }),
  /**
   * Stopped; what was bought so far stays in the club. `cause` says why (`agent-leaving`: the
   * agent shut down); an agent from before it sends none, which reads as the user's stop.
   */
  z.object({ ...at, type: z.literal('stopped'), ...totals, cause: runStopCauseSchema.optional() }),
  /** The run could not go on (a card not found in the attempts, a submission refused …). */
  z.object({ ...at, type: z.literal('error'), description, ...totals }),
]);
export type SbcEvent = z.infer<typeof sbcEventSchema>;

/** `sbc-event`: one event of one run; `seq` numbers the run's events from 0. */
export const sbcEventEnvelopeSchema = z.object({ runId, seq: int.nonnegative(), event: sbcEventSchema });
export type SbcEventEnvelope = z.input<typeof sbcEventEnvelopeSchema>;

export const sbcEventAckSchema = eventAckSchema;
export type SbcEventAck = EventAck;

/** True for the event that ends a run. */
export function isSbcTerminalEvent(event: Pick<SbcEvent, 'type'>): boolean {
  return event.type !== 'notification';
}
