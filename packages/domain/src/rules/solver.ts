import { solverSettingsSchema } from '../schemas/sbc.js';

function parseWhole(input: number | string): number | undefined {
  const text = typeof input === 'string' ? input.trim() : String(input);
  if (text === '') return undefined;
  const value = Number(text);
  return Number.isFinite(value) ? Math.trunc(value) : undefined;
}

/** Max purchase attempts and repetitions: non-positive (or non-numeric) input is ignored. */
export function nextPositiveInput(current: number, input: number | string): number {
  const value = parseWhole(input);
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
