import type { Requirement } from './requirements.js';

/** The shapes of the sim's SBC sets, challenges and rewards (the catalogue and the standard set build them). */
export interface Award {
  type: 'coins' | 'item';
  /** Coins, or the definition id of the card granted. */
  value: number;
  count: number;
  untradeable: boolean;
}

export interface ChallengeDef {
  challengeId: number;
  setId: number;
  name: string;
  description: string;
  formation: string;
  /** How the requirements combine (default AND). */
  operation?: 'AND' | 'OR';
  requirements: Requirement[];
  awards: Award[];
}

export interface SetDef {
  setId: number;
  categoryId: number;
  name: string;
  description: string;
  repeatable: boolean;
  /** Hours after the world's start when the set expires (none = never). */
  expiresInHours?: number;
  challenges: ChallengeDef[];
  awards: Award[];
}
