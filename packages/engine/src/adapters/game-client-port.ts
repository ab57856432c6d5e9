import type { GameClient } from '@tradedesk/game-client';
import type { GamePort } from '../ports.js';

/** The parts of a game-client session the engine uses (so tests can pass a partial fake). */
export type GameClientLike = Pick<GameClient, 'market' | 'piles' | 'account' | 'stats' | 'club' | 'sbc'>;

/**
 * Adapts a signed-in game-client session to the engine's GamePort. `reauthenticate` is the
 * agent's (a fresh sign-in); without it an expired session ends the run.
 */
export function gamePortFromClient(client: GameClientLike, reauthenticate?: () => Promise<void>): GamePort {
  return {
    search: (search) => client.market.search(search),
    bid: (tradeId, amount) => client.market.bid(tradeId, amount),
    tradeStatus: (tradeIds) => client.market.tradeStatus(tradeIds),
    transferList: () => client.piles.transferList(),
    unassigned: () => client.piles.unassigned(),
    moveItem: (move) => client.piles.moveItem(move),
    list: (listing) => client.piles.list(listing),
    relistAll: () => client.piles.relistAll(),
    clearSold: () => client.piles.clearSold(),
    quickSell: (itemId) => client.piles.quickSell(itemId),
    credits: () => client.account.credits(),
    clubItems: async (definitionId) => (await client.club.search({ definitionId })).items,
    startChallenge: async (challengeId) => {
      await client.sbc.start(challengeId);
    },
    saveSquad: (challengeId, itemIds) => client.sbc.saveSquad(challengeId, [...itemIds]),
    submit: async (challengeId) => {
      await client.sbc.submit(challengeId);
    },
    requestCounters: () => client.stats,
    ...(reauthenticate === undefined ? {} : { reauthenticate }),
  };
}
