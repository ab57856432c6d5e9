import type { Platform } from '../enums/platform.js';
import type { Quality } from '../enums/quality.js';
import type { Rarity } from '../enums/rarity.js';
import type { SbcClubCard } from '../realtime/sbc-club-contract.js';

/**
 * The SBC answers of the HTTP API as the web reads them (GET /api/sbc/challenges and
 * /api/sbc/club/…): spec 001 §3's Solution plus platform, cost, proof and per player slot, name
 * and rating (docs/decisions/sbc.md).
 */

/** One card of a stored solution. */
export interface SbcSolutionPlayer {
  definitionId: number;
  position: string;
  slot: number;
  price: number;
  chemistry: number;
  clubId: number;
  nationId: number;
  leagueId: number;
  rating: number;
  name: string;
}

/** Whether a solution's cost is proven the least, or how far from the bound it may be. */
export type SbcSolutionProof = { kind: 'optimal' } | { kind: 'bounded'; lowerBound: number; gap: number };

export interface SbcSolutionView {
  solutionId: string;
  createdAt: string;
  /** The market it is priced on: the account's platform (`ps` is console). */
  platform: Platform;
  cost: number;
  proof: SbcSolutionProof;
  players: SbcSolutionPlayer[];
}

export interface SbcRewardView {
  type: 'player' | 'pack';
  name?: string;
  description?: string;
  imageId?: string;
}

/** A top-level challenge (a set) or a sub-challenge, with its solution for the asked market. */
export interface SbcChallengeView {
  challengeId: string;
  name: string;
  imageId: string;
  rewards: SbcRewardView[];
  expiresAt: string | null;
  solutions: SbcSolutionView[];
  /** Without a solution: why the market holds no squad for it (ours; absent while it is being solved). */
  unsolvableReason?: string;
  subChallenges: SbcChallengeView[];
}

/** GET /api/sbc/club/{accountId}: the account's club; `readAt` null until a read succeeded. */
export interface SbcClubView {
  accountId: string;
  readAt: string | null;
  isReading: boolean;
  /** The cards as the agent's read reported them, named from the player catalogue where it knows them. */
  cards: SbcClubCardView[];
}

/**
 * A club card with what the player catalogue says of it (null where the catalogue lacks the card):
 * the transfer page offers the seller's tradeable ones to pick from by name.
 */
export interface SbcClubCardView extends SbcClubCard {
  name: string | null;
  rating: number | null;
  rarity: Exclude<Rarity, 'any'> | null;
  quality: Exclude<Quality, 'any'> | null;
}

/** An account's squad for one challenge: its own cards first, the rest to buy (`cost` is what buying costs). */
export interface SbcAccountSolutionView extends Pick<SbcSolutionView, 'platform' | 'cost' | 'proof'> {
  accountId: string;
  challengeId: string;
  createdAt: string;
  players: (SbcSolutionPlayer & { owned: boolean })[];
}
