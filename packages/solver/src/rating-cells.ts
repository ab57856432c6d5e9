/**
 * The profile search's tables (rating-profile.ts), built once per search: items grouped into
 * cells (rating × which count constraints they count toward), each cell's cheapest items, and
 * the cheapest completions from each cell on, overall and per constraint.
 */

/** An item as the tables read it (`ProfileItem`'s fields). */
interface CellItem {
  readonly rating: number;
  readonly cost: number;
  readonly classBits?: number;
}

/** A count constraint as the tables read it (`CountConstraint`'s fields). */
interface CellConstraint {
  readonly bit: number;
  readonly scope: 'min' | 'max' | 'exact';
  readonly count: number;
}

/** Constraint scopes as numbers (read at every node). */
export const MIN = 0;
export const MAX = 1;
export const EXACT = 2;

export interface RatingCells {
  readonly cellCount: number;
  /** Per cell: its rating, its constraint bits, how many items it keeps (≤ count). */
  readonly cellRating: Int32Array;
  readonly cellBits: Int32Array;
  readonly cellSize: Int32Array;
  /** The cells' items (indices into the caller's items), cheapest first, cell after cell. */
  readonly cellItems: Int32Array;
  /** Where each cell's items start in `cellItems` (one more entry: the end). */
  readonly cellStart: Int32Array;
  /** The items' costs and ratings in `cellItems` order. */
  readonly orderedCosts: Float64Array;
  readonly orderedRatings: Int32Array;
  /** prefix[j·width + k]: the cost of cell j's k cheapest items. */
  readonly prefix: Float64Array;
  /** fill[j·width + k]: the cheapest k items among cells j.. (Infinity: fewer than k there). */
  readonly fill: Float64Array;
}

/**
 * Cells in order of first appearance, then (stable) by rating, highest first; each cell's items
 * cheapest first (stable), its `count` cheapest kept. Rows of the per-count tables are
 * `count + 1` wide (k = 0 … count).
 */
export function ratingCells(items: readonly CellItem[], count: number): RatingCells {
  const width = count + 1;
  const n = items.length;
  const ratings = new Int32Array(n);
  const bits = new Int32Array(n);
  const costs = new Float64Array(n);
  for (let i = 0; i < n; i += 1) {
    const item = items[i] as CellItem;
    ratings[i] = item.rating;
    bits[i] = item.classBits ?? 0;
    costs[i] = item.cost;
  }
  const cellOf = new Map<number, number[]>();
  for (let i = 0; i < n; i += 1) {
    const key = (ratings[i] ?? 0) * 4294967296 + ((bits[i] ?? 0) >>> 0);
    const list = cellOf.get(key);
    if (list) list.push(i);
    else cellOf.set(key, [i]);
  }
  const cells = [...cellOf.values()]
    .map((list) => list.sort((a, b) => (costs[a] ?? 0) - (costs[b] ?? 0)).slice(0, count))
    .sort((a, b) => (ratings[b[0] ?? 0] ?? 0) - (ratings[a[0] ?? 0] ?? 0));
  const cellCount = cells.length;
  const cellRating = new Int32Array(cellCount);
  const cellBits = new Int32Array(cellCount);
  const cellSize = new Int32Array(cellCount);
  const cellStart = new Int32Array(cellCount + 1);
  const prefix = new Float64Array(cellCount * width);
  for (let j = 0; j < cellCount; j += 1) {
    const list = cells[j] as number[];
    const first = list[0] ?? 0;
    cellRating[j] = ratings[first] ?? 0;
    cellBits[j] = bits[first] ?? 0;
    cellSize[j] = list.length;
    cellStart[j + 1] = (cellStart[j] ?? 0) + list.length;
    let sum = 0;
    for (let k = 0; k < list.length; k += 1) {
      sum += costs[list[k] ?? 0] ?? 0;
      prefix[j * width + k + 1] = sum;
    }
  }
  const cellItems = Int32Array.from(cells.flat());
  const orderedCosts = Float64Array.from(cellItems, (i) => costs[i] ?? 0);
  const table = { cellCount, cellStart, orderedCosts };
  return {
    cellCount,
    cellRating,
    cellBits,
    cellSize,
    cellItems,
    cellStart,
    orderedCosts,
    orderedRatings: Int32Array.from(cellItems, (i) => ratings[i] ?? 0),
    prefix,
    fill: cheapestFrom(table, count, () => true),
  };
}

/**
 * Per cell j and k ≤ count, the sum of the k cheapest items among the cells j.. that `counts`
 * (Infinity where fewer than k), as rows of `count + 1`.
 */
function cheapestFrom(
  { cellCount, cellStart, orderedCosts }: Pick<RatingCells, 'cellCount' | 'cellStart' | 'orderedCosts'>,
  count: number,
  counts: (j: number) => boolean,
): Float64Array {
  const width = count + 1;
  const table = new Float64Array((cellCount + 1) * width).fill(Infinity);
  // The `count` cheapest so far, ascending; merged with each counted cell's (sorted) items.
  let pool = new Float64Array(0);
  table[cellCount * width] = 0;
  for (let j = cellCount - 1; j >= 0; j -= 1) {
    if (counts(j)) {
      const from = cellStart[j] ?? 0;
      const to = cellStart[j + 1] ?? 0;
      const merged = new Float64Array(Math.min(count, pool.length + to - from));
      for (let m = 0, a = 0, b = from; m < merged.length; m += 1) {
        const fromPool = b >= to || (a < pool.length && (pool[a] ?? 0) <= (orderedCosts[b] ?? 0));
        merged[m] = fromPool ? (pool[a++] ?? 0) : (orderedCosts[b++] ?? 0);
      }
      pool = merged;
    }
    let sum = 0;
    table[j * width] = 0;
    for (let k = 0; k < pool.length; k += 1) {
      sum += pool[k] ?? 0;
      table[j * width + k + 1] = sum;
    }
  }
  return table;
}

export interface ConstraintTables {
  readonly scope: Int32Array;
  readonly needed: Int32Array;
  /** Per cell, a mask of the constraints (by index) its items count toward. */
  readonly cellConstraints: Int32Array;
  /** memberFill[(c·(cells + 1) + j)·width + k]: the cheapest k items among cells j.. that count toward c. */
  readonly memberFill: Float64Array;
  /** membersLeft[c·(cells + 1) + j]: items in cells j.. that count toward constraint c. */
  readonly membersLeft: Int32Array;
}

export function constraintTables(
  cells: RatingCells,
  constraints: readonly CellConstraint[],
  count: number,
): ConstraintTables {
  const { cellCount, cellBits, cellSize } = cells;
  const width = count + 1;
  const constraintCount = constraints.length;
  const scope = new Int32Array(constraintCount);
  const needed = new Int32Array(constraintCount);
  const cellConstraints = new Int32Array(cellCount);
  const memberFill = new Float64Array(constraintCount * (cellCount + 1) * width);
  const membersLeft = new Int32Array(constraintCount * (cellCount + 1));
  for (let c = 0; c < constraintCount; c += 1) {
    const constraint = constraints[c] as CellConstraint;
    scope[c] = constraint.scope === 'min' ? MIN : constraint.scope === 'max' ? MAX : EXACT;
    needed[c] = constraint.count;
    const mask = 1 << constraint.bit;
    const isMember = (j: number) => ((cellBits[j] ?? 0) & mask) !== 0;
    memberFill.set(cheapestFrom(cells, count, isMember), c * (cellCount + 1) * width);
    const left = c * (cellCount + 1);
    for (let j = cellCount - 1; j >= 0; j -= 1) {
      membersLeft[left + j] = (membersLeft[left + j + 1] ?? 0) + (isMember(j) ? (cellSize[j] ?? 0) : 0);
      if (isMember(j)) cellConstraints[j] = (cellConstraints[j] ?? 0) | (1 << c);
    }
  }
  return { scope, needed, cellConstraints, memberFill, membersLeft };
}
