import type { GamePort } from '../ports.js';

/** A monotonic clock in ms (performance.now in the benchmark). */
export type MonotonicNow = () => number;

/**
 * Wraps a game port to measure the engine's reaction time: from the moment a search answer is
 * handed to the engine to the moment the engine sends the Buy Now. Only searches followed by a
 * buy give a sample. The benchmark's target for the engine is p99 ≤ 2 ms.
 */
export function withReactionProbe(game: GamePort, now: MonotonicNow): { game: GamePort; samples: number[] } {
  const samples: number[] = [];
  let answeredAt: number | undefined;
  const probed: GamePort = {
    ...bindAll(game),
    async search(search) {
      answeredAt = undefined;
      const page = await game.search(search);
      answeredAt = now();
      return page;
    },
    bid(tradeId, amount) {
      if (answeredAt !== undefined) samples.push(now() - answeredAt);
      answeredAt = undefined;
      return game.bid(tradeId, amount);
    },
  };
  return { game: probed, samples };
}

/** Copies a port's methods bound to it (class instances keep their `this`). */
function bindAll(game: GamePort): GamePort {
  return {
    search: (search) => game.search(search),
    bid: (tradeId, amount) => game.bid(tradeId, amount),
    tradeStatus: (tradeIds) => game.tradeStatus(tradeIds),
    transferList: () => game.transferList(),
    unassigned: () => game.unassigned(),
    moveItem: (move) => game.moveItem(move),
    list: (listing) => game.list(listing),
    relistAll: () => game.relistAll(),
    clearSold: () => game.clearSold(),
    quickSell: (itemId) => game.quickSell(itemId),
    credits: () => game.credits(),
    clubItems: (definitionId) => game.clubItems(definitionId),
    startChallenge: (challengeId) => game.startChallenge(challengeId),
    saveSquad: (challengeId, itemIds) => game.saveSquad(challengeId, itemIds),
    submit: (challengeId) => game.submit(challengeId),
    requestCounters: () => game.requestCounters(),
    ...(game.reauthenticate === undefined ? {} : { reauthenticate: () => game.reauthenticate!() }),
  };
}

/** The q-quantile (0 < q ≤ 1) of samples, nearest-rank; NaN when there are none. */
export function quantile(samples: readonly number[], q: number): number {
  if (!(q > 0 && q <= 1)) throw new RangeError(`q must be in (0, 1], got ${q}`);
  if (samples.length === 0) return Number.NaN;
  const sorted = [...samples].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)] as number;
}
