/** The exact search where the cut holds one icon or hero: split by whether that card stands in position. */
import {
  CHEMISTRY_THRESHOLDS,
  chemistryProfileOf,
  isBaseProfile,
  isRestrictedClub,
  isRestrictedLeague,
  matchesCondition,
  normalizeClubId,
  type SbcRequirement,
} from '@tradedesk/domain';
import { eligiblePlacement } from './eligible-placement.js';
import { exactSearch, MAX_SEARCH_CARDS, type ExactSearchOutcome, type SearchPreset } from './exact-search.js';
import { reducePool } from './milp.js';
import type { Candidate, Problem } from './problem.js';
import { ratingCut } from './rating-cut.js';

const isSpecial = (c: Candidate) => !isBaseProfile(chemistryProfileOf(c.card));

/**
 * The requirements the other cards must meet once `fixed` stands in position with its fixed
 * chemistry: minima less what it brings (a relaxation for distinct groups: it adds at most its
 * own). Undefined where a requirement is not a minimum the split can lower (maxima, same-group
 * rules, chemistry per player): the split is then not tried.
 */
function requirementsBeside(requirements: readonly SbcRequirement[], fixed: Candidate, chemistry: number) {
  const lowered: SbcRequirement[] = [];
  for (const r of requirements) {
    if (r.kind === 'teamRating' || r.kind === 'quality') lowered.push(r);
    else if (r.kind === 'chemistry' && r.scope === 'min')
      lowered.push({ ...r, value: Math.max(0, r.value - chemistry) });
    else if (r.kind === 'players' && r.scope === 'min') {
      const member = r.conditions.every((cond) => matchesCondition(fixed.card, cond));
      lowered.push({ ...r, count: Math.max(0, r.count - (member ? 1 : 0)) });
    } else if (r.kind === 'distinctGroups' && r.scope === 'min')
      lowered.push({ ...r, value: Math.max(0, r.value - 1) });
    else return undefined;
  }
  return lowered;
}

/** What the fixed card adds to the others' groups (nothing out of position), and its leaf: the real squad judged exactly. */
function presetOf(problem: Problem, fixed: Candidate, inPosition: boolean): SearchPreset {
  const profile = inPosition
    ? chemistryProfileOf(fixed.card)
    : { club: 0, league: 0, nation: 0, everyLeague: 0 };
  const { clubId, leagueId, nationId } = fixed.card;
  const single = (id: number, amount: number, restricted: boolean) =>
    new Map(restricted || amount === 0 ? [] : [[id, amount]]);
  return {
    ratings: [fixed.card.rating],
    thresholds: {
      club: CHEMISTRY_THRESHOLDS.club,
      // "+1 to every league present": every in-position player's league is present.
      league: CHEMISTRY_THRESHOLDS.league.map((t) => t - profile.everyLeague),
      nation: CHEMISTRY_THRESHOLDS.nation,
    },
    counts: {
      club: single(normalizeClubId(clubId), profile.club, isRestrictedClub(clubId)),
      league: single(leagueId, profile.league, isRestrictedLeague(leagueId)),
      nation: single(nationId, profile.nation, false),
    },
    leaf: (picked) => eligiblePlacement(problem, [fixed, ...picked], () => true),
  };
}

/** One slot per class of the fixed card's slots that every card plays alike (swapping them changes nothing). */
function distinctSlots(pool: readonly Candidate[], mask: number, openSlots: readonly number[]): number[] {
  const seen = new Set<string>();
  return openSlots.filter((slot) => {
    if (!(mask & (1 << slot))) return false;
    const key = pool.map((c) => (c.positionMask >> slot) & 1).join('');
    return !seen.has(key) && seen.add(key) !== undefined;
  });
}

/**
 * One search of the cards beside the fixed one; its bound counts the fixed card. In position, the
 * fixed card holds `slot` (a plain brick to the others); out of position it takes whichever open
 * slot the others leave: they are ten cards over all eleven slots.
 */
function searchBeside(
  problem: Problem,
  fixed: Candidate,
  slot: number | undefined,
  requirements: readonly SbcRequirement[],
  cards: readonly Candidate[],
  preset: SearchPreset,
  below: number,
  limits: { readonly deadline: number; readonly maxCards: number; readonly giveUpAt: number },
): ExactSearchOutcome | undefined {
  const beside: Problem =
    slot === undefined
      ? { ...problem, requirements, candidates: cards }
      : {
          ...problem,
          bricks: new Map([...problem.bricks, [slot, { brick: 'plain' }]]),
          openSlots: problem.openSlots.filter((s) => s !== slot),
          requirements,
          // The slot is the fixed card's: no other card stands in position there.
          candidates: cards.map((c) => ({ ...c, positionMask: c.positionMask & ~(1 << slot) })),
        };
  const { deadline, maxCards, giveUpAt } = limits;
  const own = slot === undefined ? { ...preset, cards: problem.openSlots.length - 1 } : preset;
  const outcome = exactSearch(beside, below - fixed.cost, deadline, Infinity, maxCards, giveUpAt, own);
  return (
    outcome && { ...outcome, ...(outcome.bound === undefined ? {} : { bound: outcome.bound + fixed.cost }) }
  );
}

/**
 * `exactSearch` on the cut pool, where the pool holds icons or heroes (which that search does not
 * model) and the rating relaxation leaves exactly one of them, X. Every squad below the bound
 * either lacks X (the search as usual), or holds X out of position (the other ten searched over
 * all eleven slots, X's rating fixed, X adding nothing to chemistry), or holds X in
 * position in one of its slots (the same, X's fixed chemistry taken off the minimum, its links
 * to the others' groups given as counts and shifted league thresholds). Slots every card plays
 * alike are searched once. Each leaf is judged with X by the exact evaluator. All finished, the
 * cheapest answer is the optimum below the bound. Undefined where the split does not apply (no
 * special card: the caller's search runs as before; two or more; a requirement it cannot lower).
 */
export function searchWithSpecialCard(
  problem: Problem,
  upperBound: number,
  deadline: number,
  maxCards = MAX_SEARCH_CARDS,
  giveUpAt = deadline,
): ExactSearchOutcome | undefined {
  const pool = reducePool(problem, upperBound);
  if (!pool.some(isSpecial)) return undefined;
  const cut = ratingCut(problem, pool, upperBound, [], deadline);
  const specials = cut.filter(isSpecial);
  const fixed = specials[0];
  if (specials.length > 1) return undefined;
  const others = cut.filter((c) => !isSpecial(c));
  // The squads without the special card: all of them when the cut left none.
  const searchOthers = () =>
    exactSearch({ ...problem, candidates: others }, upperBound, deadline, Infinity, maxCards, giveUpAt);
  if (!fixed) return searchOthers();
  const chemistry = chemistryProfileOf(fixed.card).fixedChemistry;
  const outOfPlace = requirementsBeside(problem.requirements, fixed, 0);
  const inPlace =
    chemistry === undefined ? undefined : requirementsBeside(problem.requirements, fixed, chemistry);
  if (!outOfPlace || !inPlace) return undefined;
  const limits = { deadline, maxCards, giveUpAt };
  const without = searchOthers();
  if (!without) return undefined;
  let { answer, finished } = without;
  let work = without.work ?? 0;
  let nodes = without.nodes ?? 0;
  const beside = others.filter((c) => c.assetId !== fixed.assetId);
  const besideCut = ratingCut(problem, beside, upperBound, [fixed], deadline);
  const plain = presetOf(problem, fixed, false);
  const linked = presetOf(problem, fixed, true);
  const cases = [
    { slot: undefined, preset: plain, requirements: outOfPlace },
    ...distinctSlots(besideCut, fixed.positionMask, problem.openSlots).map((slot) => ({
      slot,
      preset: linked,
      requirements: inPlace,
    })),
  ];
  for (const { slot, preset, requirements } of cases) {
    if (!finished) break;
    const below = answer?.cost ?? upperBound;
    const outcome = searchBeside(problem, fixed, slot, requirements, besideCut, preset, below, limits);
    if (!outcome) return undefined;
    work += outcome.work ?? 0;
    nodes += outcome.nodes ?? 0;
    if (outcome.answer && outcome.answer.cost < (answer?.cost ?? Infinity)) answer = outcome.answer;
    finished = outcome.finished;
  }
  const counts = { nodes, work };
  return finished
    ? { finished, bound: answer?.cost ?? upperBound, ...counts, ...(answer ? { answer } : {}) }
    : { finished, ...counts, ...(answer ? { answer } : {}) };
}
