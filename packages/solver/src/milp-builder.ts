/** Columns and CSR rows of the MILP model as it is built, and the group membership lists its rows read. */
import type { SbcRequirement } from '@tradedesk/domain';
import type { Candidate } from './problem.js';

export class Builder {
  readonly colCost: number[] = [];
  readonly colLower: number[] = [];
  readonly colUpper: number[] = [];
  readonly integer: boolean[] = [];
  readonly rowLower: number[] = [];
  readonly rowUpper: number[] = [];
  readonly rowStarts: number[] = [0];
  readonly rowIndices: number[] = [];
  readonly rowValues: number[] = [];

  column(cost: number, lower: number, upper: number, integer: boolean): number {
    this.colCost.push(cost);
    this.colLower.push(lower);
    this.colUpper.push(upper);
    this.integer.push(integer);
    return this.colCost.length - 1;
  }

  binary(cost = 0): number {
    return this.column(cost, 0, 1, true);
  }

  /** A row `lower ≤ Σ value·x[col] ≤ upper`; repeated columns are summed (HiGHS refuses repeats). */
  row(terms: readonly (readonly [number, number])[], lower: number, upper: number): void {
    const merged = new Map<number, number>();
    for (const [col, value] of terms) merged.set(col, (merged.get(col) ?? 0) + value);
    for (const [col, value] of merged) {
      if (Math.abs(value) < 1e-12) continue;
      this.rowIndices.push(col);
      this.rowValues.push(value);
    }
    this.rowStarts.push(this.rowIndices.length);
    this.rowLower.push(lower);
    this.rowUpper.push(upper);
  }
}

export const bounds = (scope: SbcRequirement['scope'], value: number): [number, number] =>
  scope === 'min' ? [value, Infinity] : scope === 'max' ? [-Infinity, value] : [value, value];

export function groupMembers(
  cards: readonly Candidate[],
  key: (c: Candidate) => number,
): Map<number, number[]> {
  const members = new Map<number, number[]>();
  cards.forEach((card, index) => {
    const id = key(card);
    const list = members.get(id);
    if (list) list.push(index);
    else members.set(id, [index]);
  });
  return members;
}
