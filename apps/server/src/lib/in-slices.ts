import { setImmediate as nextTurn } from 'node:timers/promises';

/**
 * How many items of a bulk job (a price feed's entries) one turn of the event loop handles: a
 * 37,000-row feed parsed or written in one go held a loaded node's loop for seconds, long enough
 * for the balancer's health checks to give up on a live node.
 */
export const ITEMS_PER_TURN = 2_000;

/**
 * Maps `items` slice by slice, giving the event loop back between slices, so requests, sockets and
 * health checks are answered while a bulk job runs. `map` may throw; the error ends the job.
 */
export async function mapInSlices<Item, Mapped>(
  items: readonly Item[],
  map: (item: Item, index: number) => Mapped,
  perTurn = ITEMS_PER_TURN,
): Promise<Mapped[]> {
  const mapped: Mapped[] = [];
  for (let start = 0; start < items.length; start += perTurn) {
    if (start > 0) await nextTurn();
    const end = Math.min(items.length, start + perTurn);
    for (let index = start; index < end; index += 1) mapped.push(map(items[index]!, index));
  }
  return mapped;
}

/**
 * `items` cut into slices of `perTurn`, for bulk writes that send one statement per slice: each
 * statement's round trip gives the event loop back, and no slice takes long to build.
 */
export function* slicesOf<Item>(items: readonly Item[], perTurn = ITEMS_PER_TURN): Generator<Item[]> {
  for (let start = 0; start < items.length; start += perTurn) yield items.slice(start, start + perTurn);
}
