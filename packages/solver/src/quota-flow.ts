/** Min-cost flow that places quotas of group members in position in the open slots. */
import type { Candidate, Problem } from './problem.js';

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
export function placeQuotas(
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
