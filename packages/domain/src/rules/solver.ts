import { parseNumberInput } from '../schemas/common.js';
import { solverSettingsSchema } from '../schemas/sbc.js';

/** Max purchase attempts and repetitions: non-positive (or non-numeric) input is ignored. */
export function nextPositiveInput(current: number, input: number | string): number {
  const parsed = parseNumberInput(input);
  const value = parsed === undefined ? undefined : Math.trunc(parsed);
  return value !== undefined && value > 0 ? value : current;
}

/** The steps input is disabled unless auto-list is on. */
export function isStepsInputEnabled(enableAutoList: boolean): boolean {
  return enableAutoList;
}

/** Submit is enabled when the settings pass the solver rules and a solution is selected. */
export function canStartSolver(settings: unknown, selectedSolutions: number): boolean {
  return selectedSolutions > 0 && solverSettingsSchema.safeParse(settings).success;
}
