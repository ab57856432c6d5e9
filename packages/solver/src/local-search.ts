import { matchesCondition, seededRng } from '@tradedesk/domain';
import type { Candidate, Problem } from './problem.js';
import { placeCards, placementCost } from './placement.js';
import { judgePlacement, violation, type Placement } from './squad-check.js';
import { chargeWork, WORK_MS, workNow } from './work-clock.js';

/** Candidate lists the moves draw from, each sorted cheapest first. */
interface MoveLists {
  readonly inPositionBySlot: ReadonlyMap<number, readonly Candidate[]>;
  readonly byGroup: ReadonlyMap<string, readonly Candidate[]>;
  readonly byRating: ReadonlyMap<number, readonly Candidate[]>;
  readonly counted: readonly (readonly Candidate[])[];
  readonly cheapest: readonly Candidate[];
}

const LIST_DEPTH = 60;
/** Steps a timed round always runs, and the most seeds the rounds cycle through. */
const MIN_ROUND_STEPS = 1_500;
const MAX_STARTS = 12;

function sortedByCost(candidates: readonly Candidate[]): Candidate[] {
  return [...candidates].sort((a, b) => a.cost - b.cost || b.card.rating - a.card.rating);
}

function pushTo<K>(map: Map<K, Candidate[]>, key: K, candidate: Candidate): void {
  const list = map.get(key);
  if (list) list.push(candidate);
  else map.set(key, [candidate]);
}

/** The lists per problem: the seeds, each local search and the final descent of a solve read the same ones. */
const movesOf = new WeakMap<Problem, MoveLists>();

function moveListsOf(problem: Problem): MoveLists {
  let lists = movesOf.get(problem);
  if (!lists) {
    lists = buildMoveLists(problem);
    movesOf.set(problem, lists);
  }
  return lists;
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

/**
 * Chemistry cores (SBC.md §6.4 construction): for each of the largest clubs, leagues and nations
 * among the cheap cards, the cheapest in-position card of that group per slot, the cheapest
 * unused card where the group has none. Returns the card sets, best scored first.
 */
export function groupSeeds(problem: Problem, limit: number): Candidate[][] {
  const lists = moveListsOf(problem);
  const cheapPool = sortedByCost(problem.candidates).slice(0, 1500);
  const sizes = new Map<string, number>();
  for (const c of cheapPool)
    for (const key of [`c${c.card.clubId}`, `l${c.card.leagueId}`, `n${c.card.nationId}`])
      sizes.set(key, (sizes.get(key) ?? 0) + 1);
  const groups = [...sizes.entries()]
    .sort((a, b) => b[1] - a[1])
    .slice(0, 40)
    .map(([key]) => key);
  const seeds = groups.map((key) => {
    const members = lists.byGroup.get(key) ?? [];
    const used = new Set<number>();
    const cards: Candidate[] = [];
    for (const slot of problem.openSlots) {
      const pick =
        members.find((c) => !used.has(c.assetId) && c.positionMask & (1 << slot)) ??
        lists.cheapest.find((c) => !used.has(c.assetId));
      if (!pick) continue;
      used.add(pick.assetId);
      cards.push(pick);
    }
    const placement = placeCards(problem, cards);
    return { cards, score: placementCost(placement) + 1000 * violation(problem, placement) };
  });
  return seeds
    .sort((a, b) => a.score - b.score)
    .slice(0, limit)
    .map((seed) => seed.cards);
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
  /** When set, the search runs this many steps instead of until the deadline (repeatable runs). */
  stepBudget?: number,
): SearchAnswer | undefined {
  const random = seededRng(seed);
  const lists = moveListsOf(problem);
  const open = problem.openSlots;
  const pick = <T>(list: readonly T[] | undefined): T | undefined => {
    if (!list || list.length === 0) return undefined;
    const depth = Math.min(list.length, LIST_DEPTH);
    return list[Math.floor(depth * random() * random())];
  };
  const groupSlotLists = new Map<string, readonly Candidate[]>();
  const inGroupAndSlot = (key: string, slot: number, group: readonly Candidate[]) => {
    const cacheKey = `${key}|${slot}`;
    let list = groupSlotLists.get(cacheKey);
    if (!list) {
      list = group.filter((c) => c.positionMask & (1 << slot)).slice(0, LIST_DEPTH);
      groupSlotLists.set(cacheKey, list);
    }
    return list;
  };
  let best = incumbent;
  const typical = lists.cheapest.reduce((sum, c) => sum + c.cost, 0) / Math.max(1, lists.cheapest.length);
  let weight = Math.max(200, typical * 4);
  const starts = seeds.length > 0 ? seeds.slice(0, MAX_STARTS) : [lists.cheapest.slice(0, open.length)];
  let round = 0;
  let stepsLeft = stepBudget ?? Infinity;
  const timeLeft = () => (stepBudget === undefined ? workNow() < deadline : stepsLeft > 0);
  while (timeLeft() && !(best && best.cost <= stopAt)) {
    const start = starts[round % starts.length] ?? [];
    round += 1;
    const roundEnd = Math.min(
      deadline,
      workNow() + Math.max(40, (deadline - workNow()) / Math.max(1, starts.length - round + 2)),
    );
    const roundSteps = Math.max(2_000, (stepBudget ?? 0) / Math.max(1, starts.length));
    let current: (Candidate | null)[] = placeCards(problem, start);
    let currentViolation = violation(problem, current);
    let currentScore = placementCost(current) + weight * currentViolation;
    let temperature = Math.max(1, typical);
    let foundThisRound = false;
    let step = 0;
    for (; ; step += 1) {
      if ((step & 63) === 63) chargeWork(64 * WORK_MS.searchStep);
      // A round always takes its minimum steps (so a tiny slice still reaches an eligible squad).
      const over =
        stepBudget === undefined
          ? step >= MIN_ROUND_STEPS && (step & 63) === 0 && workNow() > roundEnd
          : step >= roundSteps;
      if (over) break;
      stepsLeft -= 1;
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
          const key = `${kind}${id}`;
          const group = lists.byGroup.get(key) ?? [];
          const inPosition = inGroupAndSlot(key, slot, group);
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
    chargeWork((step & 63) * WORK_MS.searchStep);
    if (!foundThisRound && !best) weight *= 3;
  }
  return best && polish(problem, best, lists);
}

/**
 * The single-card descent below on an answer from any stage: the exact methods and the
 * neighbourhood search hand over squads whose filler (a player at 0 chemistry, out of position)
 * is not always the cheapest card that fits (Either Way: an owned 53 where an unused 52 served).
 */
export function polishAnswer(problem: Problem, answer: SearchAnswer): SearchAnswer {
  return polish(problem, answer, moveListsOf(problem));
}

/**
 * Single-card descent on an eligible answer: the cheapest replacement of any slot (from the
 * slot's cheap in-position cards and the cheapest cards) that keeps every requirement met,
 * repeated until none helps.
 */
function polish(problem: Problem, answer: SearchAnswer, lists: MoveLists): SearchAnswer {
  let current = [...answer.placement];
  let cost = answer.cost;
  for (let improved = true; improved;) {
    improved = false;
    for (const slot of problem.openSlots) {
      const old = current[slot];
      const options = [...(lists.inPositionBySlot.get(slot) ?? []).slice(0, LIST_DEPTH), ...lists.cheapest];
      for (const option of options) {
        if (!old || option.cost >= old.cost) continue;
        if (current.some((c) => c?.assetId === option.assetId)) continue;
        const next = [...current];
        next[slot] = option;
        if (violation(problem, next) === 0 && judgePlacement(problem, next).eligible) {
          current = next;
          cost = placementCost(next);
          improved = true;
          break;
        }
      }
    }
  }
  return { placement: current, cost };
}
