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
 * How many rows one bulk-write statement carries. The embedded database (PGlite) runs a statement
 * on the server's own thread: 2,000 price rows held it about 100 ms of CPU, 250 about 15–20 ms
 * for the same total (measured on the shared 2-core machine); a PostgreSQL server only sees more,
 * smaller statements.
 */
export const ROWS_PER_STATEMENT = 250;

/**
 * `items` cut into slices of `perStatement`, for bulk writes that send one statement per slice:
 * every statement starts on a turn of the event loop of its own (on PGlite too, see
 * db/pglite-turns.ts), and no slice takes long to build or to run.
 */
export function* slicesOf<Item>(
  items: readonly Item[],
  perStatement = ROWS_PER_STATEMENT,
): Generator<Item[]> {
  for (let start = 0; start < items.length; start += perStatement)
    yield items.slice(start, start + perStatement);
}
