import { matchesCondition } from '@tradedesk/domain';
import type { Candidate, Problem } from './problem.js';
import { placeCards, placementCost } from './placement.js';
import { seededRandom } from './random.js';
import { judgePlacement, violation, type Placement } from './squad-check.js';

/** Candidate lists the moves draw from, each sorted cheapest first. */
interface MoveLists {
  readonly inPositionBySlot: ReadonlyMap<number, readonly Candidate[]>;
  readonly byGroup: ReadonlyMap<string, readonly Candidate[]>;
  readonly byRating: ReadonlyMap<number, readonly Candidate[]>;
  readonly counted: readonly (readonly Candidate[])[];
  readonly cheapest: readonly Candidate[];
}

const LIST_DEPTH = 60;

function sortedByCost(candidates: readonly Candidate[]): Candidate[] {
  return [...candidates].sort((a, b) => a.cost - b.cost || b.card.rating - a.card.rating);
}

function pushTo<K>(map: Map<K, Candidate[]>, key: K, candidate: Candidate): void {
  const list = map.get(key);
  if (list) list.push(candidate);
  else map.set(key, [candidate]);
}

function buildMoveLists(problem: Problem): MoveLists {
  const sorted = sortedByCost(problem.candidates);
  const inPositionBySlot = new Map<number, Candidate[]>();
  const byGroup = new Map<string, Candidate[]>();
  const byRating = new Map<number, Candidate[]>();
  for (const candidate of sorted) {
    for (const slot of problem.openSlots)
      if (candidate.positionMask & (1 << slot)) pushTo(inPositionBySlot, slot, candidate);
    const { clubId, leagueId, nationId, rating } = candidate.card;
    pushTo(byGroup, `c${clubId}`, candidate);
    pushTo(byGroup, `l${leagueId}`, candidate);
    pushTo(byGroup, `n${nationId}`, candidate);
    pushTo(byRating, rating, candidate);
  }
  const counted = problem.requirements.flatMap((requirement) =>
    requirement.kind === 'players'
      ? [
          sorted
            .filter((c) => requirement.conditions.every((cond) => matchesCondition(c.card, cond)))
            .slice(0, LIST_DEPTH),
        ]
      : [],
  );
  return { inPositionBySlot, byGroup, byRating, counted, cheapest: sorted.slice(0, LIST_DEPTH * 2) };
}

export interface SearchAnswer {
  readonly placement: Placement;
  readonly cost: number;
}

/**
 * Simulated annealing on whole placements: replace the card of a slot (drawn from cheap
 * in-position cards, cards sharing a club/league/nation with a squad member, cards of a nearby
 * rating, or cards a count requirement wants) or swap two slots. Each state is scored
 * cost + weight · violation; the weight grows while no eligible squad is found. Only placements
 * the exact evaluator accepts are kept as answers.
 */
export function localSearch(
  problem: Problem,
  seeds: readonly (readonly Candidate[])[],
  deadline: number,
  seed: number,
  incumbent?: SearchAnswer,
  /** Stop as soon as an answer this cheap is found (a proven lower bound). */
  stopAt = -Infinity,
): SearchAnswer | undefined {
  const random = seededRandom(seed);
  const lists = buildMoveLists(problem);
  const open = problem.openSlots;
  const pick = <T>(list: readonly T[] | undefined): T | undefined => {
    if (!list || list.length === 0) return undefined;
    const depth = Math.min(list.length, LIST_DEPTH);
    return list[Math.floor(depth * random() * random())];
  };
  let best = incumbent;
  const typical = lists.cheapest.reduce((sum, c) => sum + c.cost, 0) / Math.max(1, lists.cheapest.length);
  let weight = Math.max(200, typical * 4);
  const starts = seeds.length > 0 ? seeds : [lists.cheapest.slice(0, open.length)];
  let round = 0;
  while (Date.now() < deadline && !(best && best.cost <= stopAt)) {
    const start = starts[round % starts.length] ?? [];
    round += 1;
    const roundEnd = Math.min(
      deadline,
      Date.now() + Math.max(40, (deadline - Date.now()) / Math.max(1, starts.length - round + 2)),
    );
    let current: (Candidate | null)[] = placeCards(problem, start);
    let currentViolation = violation(problem, current);
    let currentScore = placementCost(current) + weight * currentViolation;
    let temperature = Math.max(1, typical);
    let foundThisRound = false;
    for (let step = 0; ; step += 1) {
      if ((step & 63) === 0 && Date.now() > roundEnd) break;
      if (best && best.cost <= stopAt) break;
      const next = [...current];
      if (random() < 0.15) {
        const a = open[Math.floor(random() * open.length)] ?? 0;
        const b = open[Math.floor(random() * open.length)] ?? 0;
        [next[a], next[b]] = [next[b] ?? null, next[a] ?? null];
      } else {
        const slot = open[Math.floor(random() * open.length)] ?? 0;
        const anchor = current[open[Math.floor(random() * open.length)] ?? 0]?.card;
        const roll = random();
        let proposal: Candidate | undefined;
        if (roll < 0.35) proposal = pick(lists.inPositionBySlot.get(slot));
        else if (roll < 0.6 && anchor) {
          const kind = ['c', 'l', 'n'][Math.floor(random() * 3)] ?? 'l';
          const id = kind === 'c' ? anchor.clubId : kind === 'l' ? anchor.leagueId : anchor.nationId;
          const group = lists.byGroup.get(`${kind}${id}`) ?? [];
          const inPosition = group.filter((c) => c.positionMask & (1 << slot));
          proposal = pick(inPosition.length > 0 && random() < 0.8 ? inPosition : group);
        } else if (roll < 0.8) {
          const rating = (current[slot]?.card.rating ?? 70) + Math.floor(random() * 7) - 3;
          proposal = pick(lists.byRating.get(rating));
        } else if (roll < 0.9 && lists.counted.length > 0) {
          proposal = pick(lists.counted[Math.floor(random() * lists.counted.length)]);
        } else if (roll < 0.95) proposal = pick(lists.cheapest);
        else proposal = problem.candidates[Math.floor(random() * problem.candidates.length)];
        if (!proposal) continue;
        if (next.some((c, s) => s !== slot && c?.assetId === proposal.assetId)) continue;
        next[slot] = proposal;
      }
      const nextViolation = violation(problem, next);
      const nextScore = placementCost(next) + weight * nextViolation;
      const delta = nextScore - currentScore;
      if (delta <= 0 || random() < Math.exp(-delta / temperature)) {
        current = next;
        currentScore = nextScore;
        currentViolation = nextViolation;
        if (currentViolation === 0) {
          const cost = placementCost(current);
          if ((!best || cost < best.cost) && judgePlacement(problem, current).eligible) {
            best = { placement: current, cost };
            foundThisRound = true;
          }
        }
      }
      temperature = Math.max(1, temperature * 0.9995);
    }
    if (!foundThisRound && !best) weight *= 3;
  }
  return best;
}
