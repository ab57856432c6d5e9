/** Small synthetic pools and an exhaustive reference solver, shared by the solver's tests. */
import {
  evaluateSquad,
  formationSlots,
  isInPosition,
  seededRng,
  type ChallengeRequirements,
  type SbcCard,
  type SbcRequirement,
} from '@tradedesk/domain';
import { buildProblem, type Problem } from './problem.js';
import type { MarketCard } from './types.js';

/** Every generic position of a 4-3-3, so any card is in position in any slot. */
export const EVERY_433_POSITION = ['GK', 'RB', 'CB', 'LB', 'CM', 'RW', 'ST', 'LW'];

/** A pool of market cards over a few clubs, leagues and nations; prices rise with rating. */
export function randomPool(
  seed: number,
  size: number,
  positions: readonly string[] = EVERY_433_POSITION,
): MarketCard[] {
  const random = seededRng(seed);
  return Array.from({ length: size }, (_, index) => {
    const rating = 70 + Math.floor(random() * 20);
    const leagueId = [13, 16, 19][Math.floor(random() * 3)] ?? 13;
    return {
      definitionId: 1000 + index,
      assetId: 1000 + index,
      rating,
      rarityId: random() < 0.4 ? 1 : 0,
      positions,
      clubId: leagueId * 100 + Math.floor(random() * 3),
      leagueId,
      nationId: [14, 18, 21, 27][Math.floor(random() * 4)] ?? 14,
      price: Math.round(200 + Math.pow(1.3, rating - 70) * (50 + random() * 100)),
    };
  });
}

/**
 * The cheapest eligible squad of distinct players by trying every 11-card subset (cards play
 * every position, so placement does not change chemistry); Infinity when none is eligible.
 */
export function exhaustiveOptimum(pool: readonly MarketCard[], challenge: ChallengeRequirements): number {
  const positions = formationSlots('f433');
  let best = Infinity;
  const chosen: MarketCard[] = [];
  const visit = (from: number, cost: number): void => {
    if (cost >= best) return;
    if (chosen.length === 11) {
      // One card per player (asset), as the solver's answers: pools may hold two versions of one.
      if (new Set(chosen.map((card) => card.assetId)).size < chosen.length) return;
      const slots: SbcCard[] = [...chosen];
      if (evaluateSquad({ positions, slots }, challenge).eligible) best = cost;
      return;
    }
    for (let i = from; i <= pool.length - (11 - chosen.length); i += 1) {
      const card = pool[i];
      if (!card) continue;
      chosen.push(card);
      visit(i + 1, cost + card.price);
      chosen.pop();
    }
  };
  visit(0, 0);
  return best;
}

/**
 * A small pool's exhaustive optimum and its problem as the solver builds it (none when building
 * already finds the challenge infeasible: the optimum must then be Infinity).
 */
export function smallPoolCase(
  pool: readonly MarketCard[],
  challenge: ChallengeRequirements,
): { optimum: number; problem?: Problem } {
  const optimum = exhaustiveOptimum(pool, challenge);
  const built = buildProblem({ challenge, formation: 'f433', market: pool }, challenge.requirements);
  return 'infeasible' in built ? { optimum } : { optimum, problem: built.problem };
}

/**
 * `pool` with a second version of some players at another club of their league (a club's
 * promo card, say): a player then belongs to two groups, and a squad may hold only one of them.
 */
export function withSecondVersions(pool: readonly MarketCard[], seed: number): MarketCard[] {
  const random = seededRng(seed);
  const versions = pool
    .filter(() => random() < 0.35)
    .map((card, index) => ({
      ...card,
      definitionId: 5000 + index,
      clubId: card.leagueId * 100 + ((card.clubId - card.leagueId * 100 + 1) % 3),
      rating: card.rating + 1,
      price: Math.round(card.price * (0.8 + random() * 0.5)),
    }));
  return [...pool, ...versions];
}

/** Challenges of every kind for the small-pool comparison with exhaustive search. */
export const and = (...requirements: SbcRequirement[]): ChallengeRequirements => ({
  operation: 'AND',
  requirements,
});
export const rating = (value: number, scope: 'min' | 'max' | 'exact' = 'min'): SbcRequirement => ({
  kind: 'teamRating',
  scope,
  value,
});
const chemistry = (value: number): SbcRequirement => ({ kind: 'chemistry', scope: 'min', value });

export const SMALL_POOL_CHALLENGES: readonly ChallengeRequirements[] = [
  and(rating(80)),
  and(rating(83)),
  and(rating(78, 'exact')),
  and(chemistry(20)),
  and(rating(79), chemistry(15)),
  and(
    { kind: 'players', scope: 'min', count: 4, conditions: [{ type: 'rarity', rarityIds: [1] }] },
    rating(79),
  ),
  and(
    { kind: 'sameGroup', scope: 'max', group: 'league', value: 4 },
    { kind: 'distinctGroups', scope: 'min', group: 'nation', value: 4 },
  ),
  and({ kind: 'players', scope: 'max', count: 2, conditions: [{ type: 'league', ids: [13] }] }, rating(78)),
  and({ kind: 'playerChemistry', scope: 'min', value: 1 }, rating(77)),
  and({ kind: 'distinctGroups', scope: 'exact', group: 'league', value: 2 }, chemistry(12)),
  and({ kind: 'sameGroup', scope: 'min', group: 'club', value: 3 }, rating(79)),
  and({ kind: 'sameGroup', scope: 'min', group: 'nation', value: 5 }, chemistry(18)),
];

/**
 * The cheapest eligible squad when cards play only their own positions: every 11-card subset of
 * a small pool, and for each every set of cards to put in position that fits the formation's
 * slots (one card per slot), the rest filling the other slots out of position. Exact for any
 * pool; only for pools of 11–13 cards (2,048 placements per subset).
 */
export function exhaustivePlacedOptimum(
  pool: readonly MarketCard[],
  challenge: ChallengeRequirements,
  formation = 'f433',
): number {
  const positions = formationSlots(formation);
  let best = Infinity;
  // The slots each card plays in position, one bit per slot.
  const slotsOf = new Map(
    pool.map((card) => [
      card,
      positions.reduce(
        (bits, code, slot) => (isInPosition(card.positions, code) ? bits | (1 << slot) : bits),
        0,
      ),
    ]),
  );
  // A squad's verdict depends on which of its cards stand in position, not on the slots they hold
  // (chemistry counts in-position cards only; the rest is the same for any placement): one
  // placement per distinct set of in-position cards, produced one at a time. Chemistry only grows
  // with that set (contributions add, none subtracts), so when no chemistry requirement is a
  // maximum or exact, a set inside one already tried is no more eligible and is skipped; the
  // masks run from most cards in position to fewest, so the largest sets come first.
  const chemistryMinimaOnly = challenge.requirements.every(
    (r) => r.kind !== 'chemistry' || r.scope === 'min',
  );
  const cardCount = (bits: number) => [...bits.toString(2)].filter((bit) => bit === '1').length;
  const masks = Array.from({ length: 1 << 11 }, (_, mask) => mask).sort(
    (a, b) => cardCount(b) - cardCount(a),
  );
  function* placements(cards: readonly MarketCard[]): Generator<SbcCard[]> {
    const fitting = cards.map((card) => slotsOf.get(card) ?? 0);
    const tried: number[] = [];
    const covered = (set: number) =>
      tried.some((done) => (chemistryMinimaOnly ? (set & done) === set : set === done));
    for (const chosen of masks) {
      if (covered(chosen)) continue;
      const slots: (SbcCard | null)[] = positions.map(() => null);
      const assign = (k: number, taken: number): boolean => {
        if (k === cards.length) return true;
        const card = cards[k];
        if (!card || !(chosen & (1 << k))) return assign(k + 1, taken);
        for (let slot = 0; slot < positions.length; slot += 1) {
          if (taken & (1 << slot) || !((fitting[k] ?? 0) & (1 << slot))) continue;
          slots[slot] = card;
          if (assign(k + 1, taken | (1 << slot))) return true;
          slots[slot] = null;
        }
        return false;
      };
      if (!assign(0, 0)) continue;
      const rest = cards.filter((_, k) => !(chosen & (1 << k)));
      const placed = slots.map((slot) => slot ?? (rest.shift() as SbcCard));
      const inPosition = placed.reduce((bits, card, slot) => {
        const k = cards.indexOf(card as MarketCard);
        return (fitting[k] ?? 0) & (1 << slot) ? bits | (1 << k) : bits;
      }, 0);
      if (covered(inPosition)) continue;
      tried.push(inPosition);
      yield placed;
    }
  }
  const eligiblePlacementExists = (cards: readonly MarketCard[]) => {
    for (const slots of placements(cards)) {
      const evaluation = evaluateSquad({ positions, slots }, challenge);
      if (evaluation.eligible) return true;
      // Only the chemistry requirements read the placement: when another one of an AND fails,
      // it fails for every placement of these cards.
      const placementFree = evaluation.results.filter(
        (result) => result.requirement.kind !== 'chemistry' && result.requirement.kind !== 'playerChemistry',
      );
      if (challenge.operation === 'AND' && placementFree.some((result) => !result.met)) return false;
    }
    return false;
  };
  const visit = (from: number, chosen: MarketCard[]): void => {
    if (chosen.length === 11) {
      const cost = chosen.reduce((sum, card) => sum + card.price, 0);
      if (cost >= best) return;
      // One card per player (asset), as the solver's answers.
      if (new Set(chosen.map((card) => card.assetId)).size < chosen.length) return;
      if (eligiblePlacementExists(chosen)) best = cost;
      return;
    }
    for (let i = from; i <= pool.length - (11 - chosen.length); i += 1) {
      const card = pool[i];
      if (card) visit(i + 1, [...chosen, card]);
    }
  };
  visit(0, []);
  return best;
}
