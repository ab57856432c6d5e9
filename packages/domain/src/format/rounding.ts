import { requireFinite } from '../math/guards.js';

/**
 * Rounds half away from zero to `decimals` places, without the binary-fraction surprises of
 * toFixed (1.005 → 1.01, not 1.00): the tiny relative nudge covers representation error only.
 */
export function roundHalfAwayFromZero(value: number, decimals: number): number {
  requireFinite(value, 'value');
  const factor = 10 ** decimals;
  const magnitude = Math.round(Math.abs(value) * factor * (1 + Number.EPSILON)) / factor;
  return value < 0 && magnitude !== 0 ? -magnitude : magnitude;
}
