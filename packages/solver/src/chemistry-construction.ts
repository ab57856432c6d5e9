import {
  CHEMISTRY_THRESHOLDS,
  chemistryProfileOf,
  isRestrictedClub,
  isRestrictedLeague,
  MAX_PLAYER_CHEMISTRY,
  normalizeClubId,
  type ChemistryProfile,
  type GroupKind,
} from '@tradedesk/domain';
import type { Candidate, Problem } from './problem.js';
import { placementCost } from './placement.js';
import { violation, type Placement } from './squad-check.js';
import { chargeWork, WORK_MS, workNow } from './work-clock.js';

/** Members kept per group and slot (the cheapest in position): a quota never needs more. */
const MEMBERS_PER_SLOT = 4;
/** Groups combined per quota in plans of one, two and three groups (the cheapest at the quota). */
const GROUPS_PER_QUOTA = [12, 6, 4];
/**
 * Kinds of group a plan is made of. Clubs were tried too: on the standard pools' chemistry
 * challenges no club plan was ever the cheapest (cheap cards share nations, then leagues), and
 * their ~700 groups took most of the construction's time.
 */
const STRUCTURE_KINDS: readonly GroupKind[] = ['nation', 'league'];
/** Cards a plan may leave out of its groups (counted with no chemistry). */
const MAX_FILLERS = 3;
/** Icons and heroes tried as the structure's one special card (cheapest first). */
const SPECIAL_CARDS = 4;
/** Structures placed exactly (a min-cost flow each), cheapest estimate first. */
const MAX_PLACED = 40;

/** A group of one dimension (a league, nation or club) and its cards that can play a slot. */
interface Group {
  readonly kind: GroupKind;
  readonly id: number;
  readonly members: readonly Candidate[];
  /** floor[k]: the k cheapest members' costs summed, a floor on placing k of them. */
  readonly floor: readonly number[];
  /** curve[k]: the least cost of k members placed in position (Infinity past the most); lazy. */
  curve?: readonly number[];
}

/** The group's least cost of k members placed in position, each k (a min-cost flow, once). */
function curveOf(problem: Problem, group: Group): readonly number[] {
  if (!group.curve) {
    const curve: number[] = [];
    placeQuotas(problem, [group.members], [problem.openSlots.length], curve);
    group.curve = curve;
  }
  return group.curve;
}

/** A squad plan: k players of each of a few groups of one kind, a special card and fillers. */
interface Structure {
  readonly parts: readonly { readonly group: Group; readonly quota: number }[];
  readonly special?: Candidate;
  readonly fillers: number;
  /** Σ of the parts' own cheapest placements: a floor on the plan's placed cost. */
  readonly estimate: number;
}

/** Min-cost flow by successive shortest paths (Bellman-Ford queue), unit augmentations. */
class UnitFlow {
  private readonly to: Int32Array;
  private readonly capacity: Int32Array;
  private readonly cost: Float64Array;
  private readonly next: Int32Array;
  private readonly head: Int32Array;
  private edges = 0;
  /** Node potentials (shortest distances so far): reduced costs stay ≥ 0 for Dijkstra. */
  private readonly potential: Float64Array;

  constructor(
    private readonly nodes: number,
    maxEdges: number,
  ) {
    this.head = new Int32Array(nodes).fill(-1);
    this.potential = new Float64Array(nodes);
    this.to = new Int32Array(2 * maxEdges);
    this.capacity = new Int32Array(2 * maxEdges);
    this.cost = new Float64Array(2 * maxEdges);
    this.next = new Int32Array(2 * maxEdges);
  }

  private half(from: number, to: number, capacity: number, cost: number): void {
    const edge = this.edges;
    this.to[edge] = to;
    this.capacity[edge] = capacity;
    this.cost[edge] = cost;
    this.next[edge] = this.head[from] ?? -1;
    this.head[from] = edge;
    this.edges += 1;
  }

  /** An edge and its residual twin (at the edge's index + 1); returns the edge's index. */
  add(from: number, to: number, capacity: number, cost: number): number {
    const edge = this.edges;
    this.half(from, to, capacity, cost);
    this.half(to, from, 0, -cost);
    return edge;
  }

  flowOn(edge: number): number {
    return this.capacity[edge + 1] ?? 0;
  }

  /**
   * Pushes one unit from source to sink on a cheapest path; its cost, or Infinity when none.
   * Dijkstra on reduced costs (potentials from the previous paths; every first cost is ≥ 0).
   */
  augment(source: number, sink: number): number {
    const { nodes, potential } = this;
    const distance = new Float64Array(nodes).fill(Infinity);
    const via = new Int32Array(nodes).fill(-1);
    const done = new Uint8Array(nodes);
    distance[source] = 0;
    for (;;) {
      let node = -1;
      let least = Infinity;
      for (let v = 0; v < nodes; v += 1)
        if (!done[v] && (distance[v] ?? Infinity) < least) {
          least = distance[v] ?? Infinity;
          node = v;
        }
      if (node === -1) break;
      done[node] = 1;
      const base = least + (potential[node] ?? 0);
      for (let edge = this.head[node] ?? -1; edge !== -1; edge = this.next[edge] ?? -1) {
        if ((this.capacity[edge] ?? 0) <= 0) continue;
        const target = this.to[edge] ?? 0;
        const reached = base + (this.cost[edge] ?? 0) - (potential[target] ?? 0);
        if (reached < (distance[target] ?? Infinity)) {
          distance[target] = reached;
          via[target] = edge;
        }
      }
    }
    if (distance[sink] === Infinity) return Infinity;
    for (let v = 0; v < nodes; v += 1)
      if (distance[v] !== Infinity) potential[v] = (potential[v] ?? 0) + (distance[v] ?? 0);
    for (let node = sink; node !== source;) {
      const edge = via[node] ?? 0;
      this.capacity[edge] = (this.capacity[edge] ?? 0) - 1;
      this.capacity[edge ^ 1] = (this.capacity[edge ^ 1] ?? 0) + 1;
      node = this.to[edge ^ 1] ?? source;
    }
    return (potential[sink] ?? 0) - (potential[source] ?? 0);
  }
}

/**
 * The cheapest placement of `quota[i]` cards of `groups[i]` each, every one in position (a
 * min-cost flow: groups → cards → slots); the slots it fills, or undefined when no such placement
 * exists. Also gives, for one group, the least cost of each count placed (`curve`).
 */
function placeQuotas(
  problem: Problem,
  groups: readonly (readonly Candidate[])[],
  quotas: readonly number[],
  curve?: number[],
): Map<number, Candidate> | undefined {
  const cards = groups.flat();
  const slots = problem.openSlots;
  const source = 0;
  const sink = 1;
  const groupNode = (g: number) => 2 + g;
  const cardNode = (c: number) => 2 + groups.length + c;
  const slotNode = (s: number) => 2 + groups.length + cards.length + s;
  const flow = new UnitFlow(
    2 + groups.length + cards.length + slots.length,
    groups.length + cards.length * (1 + slots.length) + slots.length,
  );
  groups.forEach((_, g) => flow.add(source, groupNode(g), quotas[g] ?? 0, 0));
  const placedEdges: { card: number; slot: number; edge: number }[] = [];
  let index = 0;
  groups.forEach((members, g) => {
    for (const member of members) {
      flow.add(groupNode(g), cardNode(index), 1, member.cost);
      slots.forEach((slot, s) => {
        if (member.positionMask & (1 << slot))
          placedEdges.push({ card: index, slot, edge: flow.add(cardNode(index), slotNode(s), 1, 0) });
      });
      index += 1;
    }
  });
  slots.forEach((_, s) => flow.add(slotNode(s), sink, 1, 0));
  const wanted = quotas.reduce((sum, q) => sum + q, 0);
  let total = 0;
  curve?.push(0);
  for (let unit = 0; unit < wanted; unit += 1) {
    const step = flow.augment(source, sink);
    if (step === Infinity) return undefined;
    total += step;
    curve?.push(total);
  }
  const placed = new Map<number, Candidate>();
  for (const { card, slot, edge } of placedEdges) {
    const candidate = cards[card];
    if (flow.flowOn(edge) > 0 && candidate) placed.set(slot, candidate);
  }
  return placed;
}

const thresholdsOf = (kind: GroupKind) => CHEMISTRY_THRESHOLDS[kind];
const pointsAt = (count: number, thresholds: readonly number[]) =>
  thresholds.filter((needed) => count >= needed).length;

/** What a special card adds to a group of the structure's kind (the domain's profile rules). */
function specialBonus(special: Candidate | undefined, group: Group): number {
  if (!special) return 0;
  const profile: ChemistryProfile = chemistryProfileOf(special.card);
  const { card } = special;
  if (group.kind === 'league')
    return (
      profile.everyLeague +
      (card.leagueId === group.id && !isRestrictedLeague(card.leagueId) ? profile.league : 0)
    );
  if (group.kind === 'nation') return card.nationId === group.id ? profile.nation : 0;
  return normalizeClubId(card.clubId) === group.id && !isRestrictedClub(card.clubId) ? profile.club : 0;
}

/** Chemistry of quotas of one kind, each count raised by `bonus` (total, least of a player). */
function quotaChemistry(
  kind: GroupKind,
  quotas: readonly number[],
  bonus: number | readonly number[],
  fillers: number,
  special: Candidate | undefined,
): { total: number; least: number } {
  let total = special ? (chemistryProfileOf(special.card).fixedChemistry ?? 0) : 0;
  let least = fillers > 0 ? 0 : MAX_PLAYER_CHEMISTRY;
  quotas.forEach((quota, i) => {
    const raised = quota + (typeof bonus === 'number' ? bonus : (bonus[i] ?? 0));
    const points = Math.min(MAX_PLAYER_CHEMISTRY, pointsAt(raised, thresholdsOf(kind)));
    total += quota * points;
    least = Math.min(least, points);
  });
  return { total, least };
}

/** Chemistry a structure gives by its own kind alone (total, and the least of a player). */
function structureChemistry(structure: Omit<Structure, 'estimate'>): { total: number; least: number } {
  const { parts, special, fillers } = structure;
  const kind = parts[0]?.group.kind ?? 'league';
  return quotaChemistry(
    kind,
    parts.map((p) => p.quota),
    parts.map((p) => specialBonus(special, p.group)),
    fillers,
    special,
  );
}

const isSpecial = (c: Candidate) => chemistryProfileOf(c.card).fixedChemistry !== undefined;

function groupKey(c: Candidate, kind: GroupKind): number | undefined {
  if (kind === 'club') return isRestrictedClub(c.card.clubId) ? undefined : normalizeClubId(c.card.clubId);
  if (kind === 'league') return isRestrictedLeague(c.card.leagueId) ? undefined : c.card.leagueId;
  return c.card.nationId;
}

/** Each group's members worth placing (per slot the cheapest distinct players) and its curve. */
function groupsOf(problem: Problem, sorted: readonly Candidate[], kind: GroupKind): Group[] {
  const byId = new Map<number, Candidate[]>();
  for (const c of sorted) {
    const id = groupKey(c, kind);
    if (id === undefined || c.positionMask === 0 || isSpecial(c)) continue;
    const list = byId.get(id);
    if (list) list.push(c);
    else byId.set(id, [c]);
  }
  const groups: Group[] = [];
  for (const [id, all] of byId) {
    const perSlot = new Map<number, number>();
    const assets = new Set<number>();
    const members = all.filter((c) => {
      if (assets.has(c.assetId)) return false;
      const useful = problem.openSlots.some(
        (slot) => c.positionMask & (1 << slot) && (perSlot.get(slot) ?? 0) < MEMBERS_PER_SLOT,
      );
      if (!useful) return false;
      assets.add(c.assetId);
      for (const slot of problem.openSlots)
        if (c.positionMask & (1 << slot)) perSlot.set(slot, (perSlot.get(slot) ?? 0) + 1);
      return true;
    });
    const floor = [0];
    for (const member of members) floor.push((floor.at(-1) ?? 0) + member.cost);
    groups.push({ kind, id, members, floor });
  }
  return groups;
}

/** The most players of one group a squad may hold ("same club/league/nation: max X"). */
function groupCap(problem: Problem, kind: GroupKind): number {
  let cap = problem.openSlots.length;
  for (const r of problem.requirements)
    if (r.kind === 'sameGroup' && r.group === kind && r.scope !== 'min') cap = Math.min(cap, r.value);
  return cap;
}

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

/** Nations and leagues paired in two-kind blocks (the cheapest of each at five players). */
const PAIRED_GROUPS = 8;
/** Groups per kind that make one-kind blocks. */
const BLOCK_GROUPS = 12;
/** Blocks kept per size and chemistry (the cheapest by floor), and plans of two blocks kept. */
const BLOCKS_PER_CELL = 3;

/** Players of a few groups whose chemistry holds among themselves: a plan joins one or two. */
interface Block {
  readonly parts: readonly { readonly group: Group; readonly quota: number }[];
  readonly size: number;
  readonly total: number;
  readonly least: number;
  /** The parts' cheapest members summed (a floor; slots are the flow's to settle). */
  readonly estimate: number;
}

function classGroup(kind: GroupKind, id: number, members: readonly Candidate[]): Group {
  const floor = [0];
  for (const member of members) floor.push((floor.at(-1) ?? 0) + member.cost);
  return { kind, id, members, floor };
}

function blockOf(parts: Block['parts'], total: number, least: number): Block {
  const live = parts.filter((part) => part.quota > 0);
  return {
    parts: live,
    size: live.reduce((sum, part) => sum + part.quota, 0),
    total,
    least,
    estimate: live.reduce((sum, part) => sum + (part.group.floor[part.quota] ?? Infinity), 0),
  };
}

/**
 * Blocks of one group (q players of a nation or league) and of a nation N and league L together:
 * x players of both, y of N only and z of L only (N counts x + y, L counts x + z; a player of
 * both gets both groups' points).
 */
function blocksOf(
  nations: readonly Group[],
  leagues: readonly Group[],
  slots: number,
  cap: number,
  least: number,
): Block[] {
  const cheapestAt = (groups: readonly Group[], size: number, count: number) =>
    [...groups]
      .filter((g) => g.members.length >= 2)
      .sort((a, b) => (a.floor[size] ?? Infinity) - (b.floor[size] ?? Infinity))
      .slice(0, count);
  const blocks: Block[] = [];
  for (const groups of [nations, leagues])
    for (const group of cheapestAt(groups, 3, BLOCK_GROUPS))
      for (let quota = 2; quota <= Math.min(cap, slots, group.members.length); quota += 1) {
        const points = Math.min(MAX_PLAYER_CHEMISTRY, pointsAt(quota, thresholdsOf(group.kind)));
        if (points >= Math.max(1, least)) blocks.push(blockOf([{ group, quota }], quota * points, points));
      }
  for (const nation of cheapestAt(nations, 5, PAIRED_GROUPS))
    for (const league of cheapestAt(leagues, 5, PAIRED_GROUPS)) {
      const both = classGroup(
        'nation',
        nation.id,
        nation.members.filter((c) => c.card.leagueId === league.id),
      );
      if (both.members.length === 0) continue;
      const nationOnly = classGroup(
        'nation',
        nation.id,
        nation.members.filter((c) => c.card.leagueId !== league.id),
      );
      const leagueOnly = classGroup(
        'league',
        league.id,
        league.members.filter((c) => c.card.nationId !== nation.id),
      );
      for (let x = 1; x <= Math.min(both.members.length, slots); x += 1)
        for (let y = 0; y <= Math.min(nationOnly.members.length, slots - x); y += 1)
          for (let z = 0; z <= Math.min(leagueOnly.members.length, slots - x - y); z += 1) {
            if (x + y > cap || x + z > cap) continue;
            const nationPoints = pointsAt(x + y, thresholdsOf('nation'));
            const leaguePoints = pointsAt(x + z, thresholdsOf('league'));
            const bothPoints = Math.min(MAX_PLAYER_CHEMISTRY, nationPoints + leaguePoints);
            if (bothPoints === 0) continue;
            const total = x * bothPoints + y * nationPoints + z * leaguePoints;
            const lowest = Math.min(
              bothPoints,
              y > 0 ? nationPoints : MAX_PLAYER_CHEMISTRY,
              z > 0 ? leaguePoints : MAX_PLAYER_CHEMISTRY,
            );
            const estimate =
              (both.floor[x] ?? Infinity) +
              (nationOnly.floor[y] ?? Infinity) +
              (leagueOnly.floor[z] ?? Infinity);
            if (lowest < least || estimate === Infinity) continue;
            blocks.push(
              blockOf(
                [
                  { group: both, quota: x },
                  { group: nationOnly, quota: y },
                  { group: leagueOnly, quota: z },
                ],
                total,
                lowest,
              ),
            );
          }
    }
  return blocks;
}

/**
 * Plans of one block or two, and fillers (the cheapest cards, no chemistry counted), that meet
 * the chemistry by the blocks' own counts. Per size and chemistry only the cheapest blocks are
 * combined.
 */
function blockStructures(
  nations: readonly Group[],
  leagues: readonly Group[],
  needs: { total: number; least: number },
  fillerCost: readonly number[],
  cap: number,
): Structure[] {
  const slots = fillerCost.length - 1;
  const cells = new Map<number, Block[]>();
  const cellKey = (size: number, total: number) => size * 64 + total;
  for (const block of blocksOf(nations, leagues, slots, cap, needs.least)) {
    const key = cellKey(block.size, block.total);
    const list = cells.get(key) ?? [];
    list.push(block);
    list.sort((a, b) => a.estimate - b.estimate);
    if (list.length > BLOCKS_PER_CELL) list.pop();
    cells.set(key, list);
  }
  const found: Structure[] = [];
  const maxFillers = needs.least > 0 ? 0 : MAX_FILLERS;
  const entries = [...cells.values()].flat();
  for (const first of entries) {
    const fillers = slots - first.size;
    if (fillers <= maxFillers && first.total >= needs.total)
      found.push({
        parts: first.parts,
        fillers,
        estimate: first.estimate + (fillerCost[fillers] ?? Infinity),
      });
    for (let fill = 0; fill <= maxFillers; fill += 1) {
      const size = slots - first.size - fill;
      if (size < 2 || size < first.size) continue;
      for (
        let total = Math.max(0, needs.total - first.total);
        total <= MAX_PLAYER_CHEMISTRY * size;
        total += 1
      )
        for (const second of cells.get(cellKey(size, total)) ?? [])
          if (second !== first)
            found.push({
              parts: [...first.parts, ...second.parts],
              fillers: fill,
              estimate: first.estimate + second.estimate + (fillerCost[fill] ?? Infinity),
            });
    }
  }
  return found;
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
