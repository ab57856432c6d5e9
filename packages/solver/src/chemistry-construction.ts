/** Chemistry-aware construction: squads planned by group structure, placed by min-cost flow, for the searches to start from. */
import type { GroupKind } from '@tradedesk/domain';
import { blockStructures } from './chemistry-blocks.js';
import {
  MAX_FILLERS,
  type Group,
  curveOf,
  type Structure,
  specialBonus,
  quotaChemistry,
  structureChemistry,
  isSpecial,
  groupsOf,
  groupCap,
} from './chemistry-groups.js';
import { placementCost } from './placement.js';
import type { Candidate, Problem } from './problem.js';
import { placeQuotas } from './quota-flow.js';
import { violation, type Placement } from './squad-check.js';
import { chargeWork, WORK_MS, workNow } from './work-clock.js';

/** Groups combined per quota in plans of one, two and three groups (the cheapest at the quota). */
const GROUPS_PER_QUOTA = [12, 6, 4];
/**
 * Kinds of group a plan is made of. Clubs were tried too: on the standard pools' chemistry
 * challenges no club plan was ever the cheapest (cheap cards share nations, then leagues), and
 * their ~700 groups took most of the construction's time.
 */
const STRUCTURE_KINDS: readonly GroupKind[] = ['nation', 'league'];
/** Icons and heroes tried as the structure's one special card (cheapest first). */
const SPECIAL_CARDS = 4;
/** Structures placed exactly (a min-cost flow each), cheapest estimate first. */
const MAX_PLACED = 40;

/**
 * What the chemistry requirements ask (a squad total and a least per player), when they are the
 * challenge's only requirements: plans read nothing else, and with other rules (a rating, counts,
 * group limits: Gunners, Grand Finale) their squads were never eligible and only took time.
 */
function chemistryNeeds(problem: Problem): { total: number; least: number } | undefined {
  if (!problem.requirements.every((r) => r.kind === 'chemistry' || r.kind === 'playerChemistry'))
    return undefined;
  let total = 0;
  let least = 0;
  let any = false;
  for (const r of problem.requirements) {
    if (r.kind === 'chemistry' && r.scope !== 'max') {
      total = Math.max(total, r.value);
      any = true;
    }
    if (r.kind === 'playerChemistry' && r.scope !== 'max') {
      least = Math.max(least, r.value);
      any = true;
    }
  }
  return any ? { total, least } : undefined;
}

/** Every split of `total` players into `parts` quotas of at most `cap`, each at least `least`. */
function* splits(total: number, parts: number, least: number, cap: number): Generator<number[]> {
  if (parts === 1) {
    if (total >= least && total <= cap) yield [total];
    return;
  }
  for (let first = least; first <= Math.min(cap, total - least * (parts - 1)); first += 1)
    for (const rest of splits(total - first, parts - 1, first, cap)) yield [first, ...rest];
}

/**
 * Plans that meet the chemistry requirements by one kind of group alone: one to three groups of a
 * league, nation or club with their quotas, an optional icon or hero, and fillers (the cheapest
 * cards, no chemistry counted), each with the sum of its groups' own cheapest placements. Per
 * quota only the groups cheapest at it are combined (and the special card's own groups).
 */
function structures(
  problem: Problem,
  sorted: readonly Candidate[],
  needs: { total: number; least: number },
  deadline: number,
): Structure[] {
  const slots = problem.openSlots.length;
  const fillerCost = [0];
  for (const c of sorted) {
    if (fillerCost.length > slots) break;
    fillerCost.push((fillerCost.at(-1) ?? 0) + c.cost);
  }
  const specials: (Candidate | undefined)[] = [
    undefined,
    ...sorted.filter((c) => isSpecial(c) && c.positionMask !== 0).slice(0, SPECIAL_CARDS),
  ];
  const groupsByKind = new Map(STRUCTURE_KINDS.map((kind) => [kind, groupsOf(problem, sorted, kind)]));
  // Blocks first: their plans were the cheapest on every standard pool; the one-kind plans (three
  // groups, an icon or hero) follow while the time lasts.
  const found: Structure[] = blockStructures(
    groupsByKind.get('nation') ?? [],
    groupsByKind.get('league') ?? [],
    needs,
    fillerCost,
    Math.min(groupCap(problem, 'nation'), groupCap(problem, 'league')),
  );
  for (const kind of STRUCTURE_KINDS) {
    const cap = groupCap(problem, kind);
    const groups = groupsByKind.get(kind) ?? [];
    const cheapestAt = new Map<number, Group[]>();
    const choicesFor = (quota: number, parts: number, special: Candidate | undefined) => {
      const wanted = GROUPS_PER_QUOTA[parts - 1] ?? 0;
      const key = quota * 4 + parts;
      let cheapest = cheapestAt.get(key);
      if (!cheapest) {
        // The groups cheapest at the quota: by floor first, placed (a flow) only while a floor
        // is below the wanted-th best placed cost so far.
        const byFloor = groups
          .filter((g) => g.members.length >= quota)
          .sort((a, b) => (a.floor[quota] ?? 0) - (b.floor[quota] ?? 0));
        const placed: Group[] = [];
        for (const group of byFloor) {
          const kth = placed.length >= wanted ? (placed[wanted - 1]?.curve?.[quota] ?? Infinity) : Infinity;
          if ((group.floor[quota] ?? Infinity) >= kth) break;
          if ((curveOf(problem, group)[quota] ?? Infinity) === Infinity) continue;
          placed.push(group);
          placed.sort((a, b) => (a.curve?.[quota] ?? 0) - (b.curve?.[quota] ?? 0));
        }
        cheapest = placed.slice(0, wanted);
        cheapestAt.set(key, cheapest);
      }
      const own = special
        ? groups.filter(
            (g) =>
              specialBonus(special, g) > 0 &&
              !cheapest.includes(g) &&
              (curveOf(problem, g)[quota] ?? Infinity) < Infinity,
          )
        : [];
      return own.length > 0 ? [...cheapest, ...own.slice(0, 1)] : cheapest;
    };
    for (const special of specials) {
      const open = slots - (special ? 1 : 0);
      // The most a group's count can gain from the special card (so a quota split that misses
      // the chemistry even with it is skipped before any group is chosen).
      const mostBonus = special ? Math.max(0, ...groups.map((g) => specialBonus(special, g))) : 0;
      for (let fillers = 0; fillers <= (needs.least > 0 ? 0 : MAX_FILLERS); fillers += 1) {
        for (let parts = 1; parts <= 3; parts += 1) {
          for (const quotas of splits(open - fillers, parts, 2, cap)) {
            chargeWork(WORK_MS.chemistryPlan);
            if (workNow() > deadline) return found.sort((a, b) => a.estimate - b.estimate);
            const hopeful = quotaChemistry(kind, quotas, mostBonus, fillers, special);
            if (hopeful.total < needs.total || hopeful.least < needs.least) continue;
            const lists = quotas.map((quota) => choicesFor(quota, parts, special));
            const choose = (chosen: Group[]): void => {
              const part = chosen.length;
              if (part === parts) {
                const plan = {
                  parts: chosen.map((group, i) => ({ group, quota: quotas[i] ?? 0 })),
                  fillers,
                  ...(special ? { special } : {}),
                };
                const chemistry = structureChemistry(plan);
                if (chemistry.total < needs.total || chemistry.least < needs.least) return;
                const estimate =
                  plan.parts.reduce((sum, p) => sum + (curveOf(problem, p.group)[p.quota] ?? Infinity), 0) +
                  (fillerCost[fillers] ?? Infinity) +
                  (special?.cost ?? 0);
                found.push({ ...plan, estimate });
                return;
              }
              for (const group of lists[part] ?? []) {
                if (chosen.includes(group)) continue;
                // Equal quotas take their groups in one order only (each set once).
                const previous = chosen[part - 1];
                if (previous && quotas[part] === quotas[part - 1] && group.id < previous.id) continue;
                choose([...chosen, group]);
              }
            };
            choose([]);
          }
        }
      }
    }
  }
  return found.sort((a, b) => a.estimate - b.estimate);
}

/** A structure placed exactly: its groups by a min-cost flow, fillers in the slots left. */
function placeStructure(
  problem: Problem,
  structure: Structure,
  sorted: readonly Candidate[],
): Placement | undefined {
  const groups = structure.parts.map((p) => p.group.members as readonly Candidate[]);
  const quotas = structure.parts.map((p) => p.quota);
  if (structure.special) {
    groups.push([structure.special]);
    quotas.push(1);
  }
  const placed = placeQuotas(problem, groups, quotas);
  if (!placed) return undefined;
  const used = new Set([...placed.values()].map((c) => c.assetId));
  if (used.size < placed.size) return undefined;
  const placement: (Candidate | null)[] = problem.positions.map(() => null);
  for (const [slot, card] of placed) placement[slot] = card;
  let next = 0;
  for (const slot of problem.openSlots) {
    if (placement[slot]) continue;
    while (next < sorted.length && used.has(sorted[next]?.assetId ?? -1)) next += 1;
    const filler = sorted[next];
    if (!filler) return undefined;
    used.add(filler.assetId);
    placement[slot] = filler;
  }
  return placement;
}

/**
 * Chemistry-aware construction (challenges whose only requirements are chemistry minima): squads
 * planned by group structure whose counts alone give the chemistry asked — two blocks (a nation
 * or league with a quota, or a nation and a league with shared, nation-only and league-only
 * quotas) or one to three nations or leagues, optionally with an icon or hero (their profiles'
 * contributions counted), and fillers. Each plan, cheapest floor first, is placed exactly by a
 * min-cost flow (the cheapest in-position cards of each part), the fillers being the cheapest
 * cards left. Returns the placements by cost and violation, for the searches to start from; their
 * eligibility is the evaluator's to judge (the solve checks them).
 */
export function chemistryCores(problem: Problem, limit: number, deadline: number): Placement[] {
  const needs = chemistryNeeds(problem);
  if (!needs) return [];
  const sorted = [...problem.candidates].sort((a, b) => a.cost - b.cost);
  const plans = structures(problem, sorted, needs, deadline);
  const scored: { placement: Placement; score: number }[] = [];
  const seen = new Set<string>();
  let best = Infinity;
  for (const plan of plans.slice(0, MAX_PLACED)) {
    if (plan.estimate >= best || workNow() > deadline) break;
    chargeWork(WORK_MS.chemistryPlacement);
    const placement = placeStructure(problem, plan, sorted);
    if (!placement) continue;
    const key = problem.openSlots.map((slot) => placement[slot]?.assetId ?? 0).join(',');
    if (seen.has(key)) continue;
    seen.add(key);
    const cost = placementCost(placement);
    const missing = violation(problem, placement);
    if (missing === 0) best = Math.min(best, cost);
    scored.push({ placement, score: cost + 1000 * missing });
  }
  return scored
    .sort((a, b) => a.score - b.score)
    .slice(0, limit)
    .map((s) => s.placement);
}
