import { z } from 'zod';
import { optionsOf } from './options.js';

export const timeUnitValues = ['seconds', 'minutes', 'milliseconds'] as const;
export const timeUnitSchema = z.enum(timeUnitValues);
export type TimeUnit = z.infer<typeof timeUnitSchema>;
export const timeUnitLabels: Record<TimeUnit, string> = {
  seconds: 'Seconds',
  minutes: 'Minutes',
  milliseconds: 'Milliseconds',
};
export const timeUnitOptions = optionsOf(timeUnitLabels);

const millisecondsPerUnit: Record<TimeUnit, number> = { milliseconds: 1, seconds: 1000, minutes: 60_000 };

/** Converts a value in the given unit to milliseconds. */
export function toMilliseconds(value: number, unit: TimeUnit): number {
  return value * millisecondsPerUnit[unit];
}

export const numberUnitValues = ['percentage', 'fixed'] as const;
export const numberUnitSchema = z.enum(numberUnitValues);
export type NumberUnit = z.infer<typeof numberUnitSchema>;
export const numberUnitLabels: Record<NumberUnit, string> = { percentage: 'Percentage', fixed: 'Fixed' };
export const numberUnitOptions = optionsOf(numberUnitLabels);
