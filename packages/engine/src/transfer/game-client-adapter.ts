import type { GameClient } from '@tradedesk/game-client';
import { gamePortFromClient } from '../adapters/game-client-port.js';
import type { TransferGame } from './ports.js';

/** The parts of a game-client session a transfer uses. */
export type TransferClientLike = Pick<GameClient, 'market' | 'piles' | 'account' | 'stats' | 'club'>;

/** Adapts a signed-in game-client session to one side of a transfer. */
export function transferGameFromClient(
  client: TransferClientLike,
  reauthenticate?: () => Promise<void>,
): TransferGame {
  return {
    ...gamePortFromClient(client, reauthenticate),
    clubItems: async (definitionId) => (await client.club.search({ definitionId })).items,
  };
}
