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
 * Cards in one neighbourhood (the answer's eleven and a group's cheapest others) at first; with
 * `around`, a pass that improves nothing doubles it, up to the most. With `cheapest` the pairs
 * come instead of the doubling: from Either Way's and Full House's answers, 120 and 240 cards
 * found nothing in ~350 work ms, which left the pairs too little time.
 */
const NEIGHBOURHOOD_CARDS = 60;
const MAX_NEIGHBOURHOOD_CARDS = 240;
/** The most work one neighbourhood's search gets before the next group is tried. */
const NEIGHBOURHOOD_MS = 500;
/** Groups smaller than this bring too few cards to change the squad's links. */
const MIN_GROUP_CARDS = 3;
/**
 * With team chemistry alone, pairs of this many of the cheapest groups, each bringing this many
 * of its cheapest cards (61 cards with the answer's: a pair's search takes ~5–300 work ms, a
 * single group's 1–45).
 */
const PAIR_GROUPS = 20;
const PAIR_MEMBERS = 25;

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
 * The pairs of `groups` to search, as indices: those holding one of the answer's cards first,
 * then the rest, each part in the groups' order (cheapest first). Why: such a pair grows one of
 * the answer's blocks while the other group replaces the rest; Either Way's 1,019 → 966 is the
 * answer's league 83 (two cards of it) with league 66, the 28th pair of the 20 cheapest in plain
 * order (~1,550 work ms of pair searches) and the 13th held first (~1,100).
 */
function pairsHeldFirst(groups: readonly (readonly Candidate[])[], squad: readonly Candidate[]) {
  const inSquad = new Set(squad.map((c) => c.assetId));
  const holds = groups.map((members) => members.some((c) => inSquad.has(c.assetId)));
  const held: [number, number][] = [];
  const rest: [number, number][] = [];
  for (let a = 0; a < groups.length; a += 1)
    for (let b = a + 1; b < groups.length; b += 1) (holds[a] || holds[b] ? held : rest).push([a, b]);
  return [...held, ...rest];
}

/** A stable key of a neighbourhood's cards (the same cards give the same answer). */
const neighbourhoodKey = (cards: readonly Candidate[]) =>
  cards
    .map((c) => `${c.source}${c.assetId}:${c.itemId ?? c.definitionId}`)
    .sort()
    .join(',');

const squadOf = (answer: SearchAnswer) => answer.placement.filter((c): c is Candidate => !!c);

/** The answer's cards plus up to `each` cheapest others of each group (no asset twice). */
function neighbourhoodOf(
  squad: readonly Candidate[],
  groups: readonly (readonly Candidate[])[],
  each: number,
) {
  const taken = new Set(squad.map((c) => c.assetId));
  const cards = [...squad];
  for (const members of groups) {
    const others = members
      .filter((c) => !taken.has(c.assetId))
      .sort((a, b) => a.cost - b.cost)
      .slice(0, each);
    for (const c of others) taken.add(c.assetId);
    cards.push(...others);
  }
  return cards;
}

/**
 * Improves `answer` until `deadline`: for each club, league and nation of `which` (in the pool
 * cut below the answer by price, dominance and the rating relaxation), the exact search looks for
 * the cheapest squad among the answer's cards and that group's cheapest others
 * (`NEIGHBOURHOOD_CARDS` in all); a cheaper one is the new answer (with `around`, the next groups
 * are those around it). Passes repeat while one improved; with `around` a pass that improves
 * nothing doubles the neighbourhood. With `cheapest`, once single groups improve nothing, pairs of
 * the `PAIR_GROUPS` cheapest groups (`pairsHeldFirst`), each bringing `PAIR_MEMBERS` cards.
 * Why: a chemistry squad's cost hinges on which groups link; the local search's one-card moves
 * rarely swap a block, and the exact search on the whole cut does not finish (Grand Finale's 355
 * cards below 4,589: no squad in 7.8 M nodes), while on 60 cards it finishes in a few thousand
 * nodes. Only squads come out of here, never a bound: each search sees a fraction of the pool.
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
  /** Searches the answer's cards plus `each` of every group's cheapest others, once; true when cheaper. */
  const improvedWith = (groups: readonly (readonly Candidate[])[], each: number) => {
    chargeWork(WORK_MS.round);
    const squad = squadOf(best);
    const cards = neighbourhoodOf(squad, groups, each);
    const key = neighbourhoodKey(cards);
    if (cards.length === squad.length || searched.has(key)) return false;
    searched.add(key);
    const until = Math.min(deadline, workNow() + NEIGHBOURHOOD_MS);
    const found = searchAmong(problem, cards, best.cost, until);
    if (!found || found.cost >= best.cost) return false;
    best = found;
    return true;
  };
  const largest = which === 'cheapest' ? NEIGHBOURHOOD_CARDS : MAX_NEIGHBOURHOOD_CARDS;
  for (let size = NEIGHBOURHOOD_CARDS; size <= largest && workNow() < deadline;) {
    let improved = false;
    for (const members of groupsOfPool(pool, squadOf(best), which)) {
      if (workNow() >= deadline) break;
      if (improvedWith([members], size - squadOf(best).length)) improved = true;
    }
    if (!improved) size *= 2;
  }
  if (which === 'around') return best;
  const groups = groupsOfPool(pool, squadOf(best), which).slice(0, PAIR_GROUPS);
  for (let improved = true; improved && workNow() < deadline;) {
    improved = false;
    for (const [a, b] of pairsHeldFirst(groups, squadOf(best))) {
      if (workNow() >= deadline) break;
      const first = groups[a];
      const second = groups[b];
      if (first && second && improvedWith([first, second], PAIR_MEMBERS)) improved = true;
    }
  }
  return best;
}
