import { z } from 'zod';
import { idText, storableText, TEXT_LIMITS } from '../schemas/text.js';
import { transferAccountSchema } from './transfer-contract.js';

/**
 * The club read of the SBC part of the `/client/agent` contract: the server asks an agent to read
 * an account's club so solutions can use the cards it owns (docs/decisions/sbc.md).
 *
 * Server → agent: `sbc-club-read {readId, account}`, acknowledged with `AgentAck` once accepted.
 * Agent → server: `sbc-club {readId, outcome}`, acknowledged with `EventAck` and sent again while
 * the server answers `retry` (as every run's events). One read ends with exactly one report.
 */

/**
 * The most club players one read keeps. A full club holds a few thousand; the cheapest ones are
 * what squads are built from, and the bound keeps one report (and one stored row) small.
 */
export const SBC_CLUB_MAX_CARDS = 3_000;

const int = z.number().int();

/** One player card of the club, as the solver needs it (the card's facts come from the catalogue). */
export const sbcClubCardSchema = z.object({
  /** The item id in the account's club. */
  itemId: int.positive(),
  definitionId: int.positive(),
  untradeable: z.boolean(),
  /** Coins a quick sell gives (the game's `discardValue`): what an untradeable card is worth. */
  discardValue: int.min(0).max(10_000_000),
});
export type SbcClubCard = z.infer<typeof sbcClubCardSchema>;

/** `sbc-club-read`: sign the account in and read its club's players. */
export const sbcClubReadCommandSchema = z.object({ readId: idText(), account: transferAccountSchema });
export type SbcClubReadCommand = z.infer<typeof sbcClubReadCommandSchema>;

/** `sbc-club`: the club's players (untradeable first), or why they could not be read. */
export const sbcClubReportSchema = z.object({
  readId: idText(),
  outcome: z.discriminatedUnion('ok', [
    z.object({ ok: z.literal(true), cards: z.array(sbcClubCardSchema).max(SBC_CLUB_MAX_CARDS) }),
    z.object({
      ok: z.literal(false),
      description: storableText(TEXT_LIMITS.text).pipe(z.string().min(1)),
    }),
  ]),
});
export type SbcClubReport = z.infer<typeof sbcClubReportSchema>;
