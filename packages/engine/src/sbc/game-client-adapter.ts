import type { GameClient } from '@tradedesk/game-client';
import { gamePortFromClient } from '../adapters/game-client-port.js';
import type { SbcGame } from './ports.js';

/** The parts of a game-client session the SBC bot uses. */
export type SbcClientLike = Pick<GameClient, 'market' | 'piles' | 'account' | 'stats' | 'club' | 'sbc'>;

/** Adapts a signed-in game-client session to the SBC bot's port. */
export function sbcGameFromClient(client: SbcClientLike, reauthenticate?: () => Promise<void>): SbcGame {
  return {
    ...gamePortFromClient(client, reauthenticate),
    clubItems: async (definitionId) => (await client.club.search({ definitionId })).items,
    startChallenge: async (challengeId) => {
      await client.sbc.start(challengeId);
    },
    saveSquad: (challengeId, itemIds) => client.sbc.saveSquad(challengeId, [...itemIds]),
    submit: async (challengeId) => {
      await client.sbc.submit(challengeId);
    },
  };
}
