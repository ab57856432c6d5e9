/** A scheduled world event. */
export interface WorldEvent {
  readonly at: number;
  readonly seq: number;
  readonly kind: 'expire' | 'simBuy' | 'simBid';
  readonly tradeId: number;
}

/** Min-heap of events by time (then insertion order, so replays are deterministic). */
export class EventQueue {
  private readonly heap: WorldEvent[] = [];
  private seq = 0;

  get size(): number {
    return this.heap.length;
  }

  push(at: number, kind: WorldEvent['kind'], tradeId: number): void {
    this.seq += 1;
    this.heap.push({ at, kind, tradeId, seq: this.seq });
    let index = this.heap.length - 1;
    while (index > 0) {
      const parent = (index - 1) >> 1;
      if (!this.before(index, parent)) break;
      this.swap(index, parent);
      index = parent;
    }
  }

  /** Removes and returns the earliest event due at or before `time`. */
  popDue(time: number): WorldEvent | undefined {
    const first = this.heap[0];
    if (!first || first.at > time) return undefined;
    const last = this.heap.pop() as WorldEvent;
    if (this.heap.length > 0) {
      this.heap[0] = last;
      let index = 0;
      for (;;) {
        const left = index * 2 + 1;
        const right = left + 1;
        let smallest = index;
        if (left < this.heap.length && this.before(left, smallest)) smallest = left;
        if (right < this.heap.length && this.before(right, smallest)) smallest = right;
        if (smallest === index) break;
        this.swap(index, smallest);
        index = smallest;
      }
    }
    return first;
  }

  private before(a: number, b: number): boolean {
    const x = this.heap[a] as WorldEvent;
    const y = this.heap[b] as WorldEvent;
    return x.at < y.at || (x.at === y.at && x.seq < y.seq);
  }

  private swap(a: number, b: number): void {
    const x = this.heap[a] as WorldEvent;
    this.heap[a] = this.heap[b] as WorldEvent;
    this.heap[b] = x;
  }
}
