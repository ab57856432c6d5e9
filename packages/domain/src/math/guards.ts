/**
 * Input guards shared by the math and format modules: bad input fails loudly with the
 * argument's name instead of turning into NaN somewhere downstream.
 */

/** Throws a RangeError unless `value` is a finite number. */
export function requireFinite(value: number, name: string): number {
  if (typeof value !== 'number' || !Number.isFinite(value)) {
    throw new RangeError(`${name} must be a finite number, got ${String(value)}`);
  }
  return value;
}

/** Throws a RangeError unless `value` is a finite number ≥ 0. */
export function requireNonNegative(value: number, name: string): number {
  requireFinite(value, name);
  if (value < 0) throw new RangeError(`${name} must not be negative, got ${value}`);
  return value;
}

/** Throws a RangeError unless `value` is an integer ≥ 0. */
export function requireNonNegativeInteger(value: number, name: string): number {
  requireNonNegative(value, name);
  if (!Number.isInteger(value)) throw new RangeError(`${name} must be a whole number, got ${value}`);
  return value;
}

/** Throws a RangeError unless `value` is a rate in [0, 1). */
export function requireRate(value: number, name: string): number {
  requireNonNegative(value, name);
  if (value >= 1) throw new RangeError(`${name} must be below 1, got ${value}`);
  return value;
}

/** Throws a RangeError unless `value` is a whole number in [0, MAX_SAFE_INTEGER] (exact arithmetic). */
export function requireSafeCount(value: number, name: string): number {
  requireNonNegativeInteger(value, name);
  if (value > Number.MAX_SAFE_INTEGER)
    throw new RangeError(`${name} must be at most ${Number.MAX_SAFE_INTEGER}, got ${value}`);
  return value;
}
