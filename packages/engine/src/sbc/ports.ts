import type { SbcEvent } from '@tradedesk/domain/realtime';
import type { ItemData } from '@tradedesk/game-client';
import type { GamePort } from '../ports.js';

/** The game calls of the SBC solver bot: a snipe session's calls plus the club and the SBC calls. */
export interface SbcGame extends GamePort {
  /** The account's club copies of one card version. */
  clubItems(definitionId: number): Promise<ItemData[]>;
  /** Starts (or reopens) the challenge. */
  startChallenge(challengeId: number): Promise<void>;
  /** Saves the squad: `itemIds[slot]` (0 = empty). */
  saveSquad(challengeId: number, itemIds: readonly number[]): Promise<void>;
  /** Submits the saved squad; the game refuses it with the requirements it finds unmet. */
  submit(challengeId: number): Promise<void>;
}

/** Where a run's events go; `emit` resolves once the server took the event. */
export interface SbcEventSink {
  emit(event: SbcEvent): Promise<void>;
}
