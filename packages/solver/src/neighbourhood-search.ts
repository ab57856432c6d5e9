/** Large-neighbourhood search: the exact search on the answer's cards plus one group's cheapest cards, below the answer. */
import { normalizeClubId } from '@tradedesk/domain';
import { exactSearch } from './exact-search.js';
import type { SearchAnswer } from './local-search.js';
import { reducePool } from './milp.js';
import type { Candidate, Problem } from './problem.js';
import { ratingCut } from './rating-cut.js';
import { searchWithSpecialCard } from './special-split.js';
import { chargeWork, WORK_MS, workNow } from './work-clock.js';

/**
 * Cards in one neighbourhood (the answer's eleven and a group's cheapest others) at first; a pass
 * that improves nothing doubles it, up to the most.
 */
const NEIGHBOURHOOD_CARDS = 60;
const MAX_NEIGHBOURHOOD_CARDS = 240;
/** The most work one neighbourhood's search gets before the next group is tried. */
const NEIGHBOURHOOD_MS = 500;
/** Groups smaller than this bring too few cards to change the squad's links. */
const MIN_GROUP_CARDS = 3;

const groupKeys = (c: Candidate) => [
  `c${normalizeClubId(c.card.clubId)}`,
  `l${c.card.leagueId}`,
  `n${c.card.nationId}`,
];

/**
 * Which groups the neighbourhoods are drawn from. `around`: the clubs, leagues and nations of the
 * answer's cards, largest first (a rating minimum's cut leaves a few hundred cards). `cheapest`:
 * every club, league and nation of the pool, cheapest first by its `GROUP_QUOTA` cheapest cards
 * (chemistry alone: the cut keeps thousands of cards, and a cheaper squad often links a group the
 * answer does not hold).
 */
export type NeighbourhoodGroups = 'around' | 'cheapest';

/**
 * Cards a group must hold to be ranked for `cheapest`, and what it is ranked by (the sum of its
 * cheapest this many): five give a nation or a league its second chemistry point.
 */
const GROUP_QUOTA = 5;

/** The groups of the pool to draw neighbourhoods from, in the order of `which`. */
function groupsOfPool(cards: readonly Candidate[], squad: readonly Candidate[], which: NeighbourhoodGroups) {
  const wanted = new Set(squad.flatMap(groupKeys));
  const groups = new Map<string, Candidate[]>();
  for (const c of cards)
    for (const key of groupKeys(c)) {
      if (which === 'around' && !wanted.has(key)) continue;
      const members = groups.get(key);
      if (members) members.push(c);
      else groups.set(key, [c]);
    }
  if (which === 'around')
    return [...groups.values()]
      .filter((members) => members.length >= MIN_GROUP_CARDS)
      .sort((a, b) => b.length - a.length);
  const quotaCost = (members: readonly Candidate[]) =>
    members
      .map((c) => c.cost)
      .sort((a, b) => a - b)
      .slice(0, GROUP_QUOTA)
      .reduce((sum, cost) => sum + cost, 0);
  return [...groups.values()]
    .filter((members) => members.length >= GROUP_QUOTA)
    .map((members) => ({ members, cost: quotaCost(members) }))
    .sort((a, b) => a.cost - b.cost)
    .map((group) => group.members);
}

/** The cheapest squad below `below` among `cards`, by the exact search (split by its icon or hero where it holds one). */
function searchAmong(problem: Problem, cards: readonly Candidate[], below: number, deadline: number) {
  const neighbourhood: Problem = { ...problem, candidates: cards };
  return (
    searchWithSpecialCard(neighbourhood, below, deadline) ?? exactSearch(neighbourhood, below, deadline)
  )?.answer;
}

/**
 * Improves `answer` until `deadline`: for each club, league and nation of `which` (in the pool
 * cut below the answer by price, dominance and the rating relaxation), the exact search looks for
 * the cheapest squad among the answer's cards and that group's cheapest others
 * (`NEIGHBOURHOOD_CARDS` in all); a cheaper one is the new answer (with `around`, the next groups
 * are those around it). Passes repeat while one improved. Why: a chemistry
 * squad's cost hinges on which groups link; the local search's one-card moves rarely swap a
 * block, and the exact search on the whole cut does not finish (Grand Finale's 355 cards below
 * 4,589: no squad in 7.8 M nodes), while on 60 cards it finishes in a few thousand nodes. Only
 * squads come out of here, never a bound: each search sees a fraction of the pool.
 */
export function improveByNeighbourhoods(
  problem: Problem,
  answer: SearchAnswer,
  deadline: number,
  which: NeighbourhoodGroups = 'around',
): SearchAnswer {
  let best = answer;
  const above = answer.cost + 1;
  const pool = ratingCut(problem, reducePool(problem, above), above, [], deadline);
  // Neighbourhoods searched already (the same cards give the same answer).
  const searched = new Set<string>();
  for (let size = NEIGHBOURHOOD_CARDS; size <= MAX_NEIGHBOURHOOD_CARDS && workNow() < deadline;) {
    let improved = false;
    for (const members of groupsOfPool(
      pool,
      best.placement.filter((c): c is Candidate => !!c),
      which,
    )) {
      if (workNow() >= deadline) break;
      chargeWork(WORK_MS.round);
      const squad = best.placement.filter((c): c is Candidate => !!c);
      const taken = new Set(squad.map((c) => c.assetId));
      const others = members
        .filter((c) => !taken.has(c.assetId))
        .sort((a, b) => a.cost - b.cost)
        .slice(0, size - squad.length);
      const cards = [...squad, ...others];
      const key = cards
        .map((c) => `${c.source}${c.assetId}:${c.itemId ?? c.definitionId}`)
        .sort()
        .join(',');
      if (others.length === 0 || searched.has(key)) continue;
      searched.add(key);
      const until = Math.min(deadline, workNow() + NEIGHBOURHOOD_MS);
      const found = searchAmong(problem, cards, best.cost, until);
      if (!found || found.cost >= best.cost) continue;
      best = found;
      improved = true;
    }
    if (!improved) size *= 2;
  }
  return best;
}
