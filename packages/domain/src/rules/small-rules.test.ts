import { describe, expect, it } from 'vitest';
import { defaultSolverSettings, solverSettingsSchema, solverStartSchema } from '../schemas/sbc.js';
import { firstIssueMessage } from '../errors.js';
import { isSameValue } from './equality.js';
import { referralInputError, referralOutcome } from './referral.js';
import { canStartSolver, isStepsInputEnabled, nextPositiveInput } from './solver.js';

describe('solver modal', () => {
  it('defaults to 3500 ms, 3 attempts, 1 repetition, 1 step, auto-list off', () => {
    expect(defaultSolverSettings()).toEqual({
      searchSpeed: 3500,
      maxPurchaseAttempts: 3,
      numOfRepititions: 1,
      numOfSteps: 1,
      enableAutoList: false,
    });
  });

  it.each([
    [3, 5, 5],
    [3, '7', 7],
    [3, '4.8', 4],
    [3, 0.5, 3],
    [3, 'abc', 3],
    [3, 0, 3],
    [3, -2, 3],
    [3, '', 3],
  ])('attempts/repetitions: from %j typing %j gives %j', (current, input, expected) => {
    expect(nextPositiveInput(current, input)).toBe(expected);
  });

  it.each([
    [{ numOfSteps: 0, enableAutoList: false }, true],
    [{ numOfSteps: -1, enableAutoList: false }, false],
    [{ numOfSteps: 0, enableAutoList: true }, false],
    [{ maxPurchaseAttempts: 0 }, false],
    [{ numOfRepititions: 0 }, false],
    [{ searchSpeed: 600_000, maxPurchaseAttempts: 100, numOfRepititions: 100 }, true],
    [{ searchSpeed: 600_001 }, false],
    [{ maxPurchaseAttempts: 101 }, false],
    [{ numOfRepititions: 101 }, false],
    [{ numOfSteps: 101, enableAutoList: true }, false],
  ])('%j can start: %s', (change, ok) => {
    expect(canStartSolver({ ...defaultSolverSettings(), ...change }, 1)).toBe(ok);
  });

  it('explains the step rule and needs a selected solution', () => {
    const result = solverSettingsSchema.safeParse({
      ...defaultSolverSettings(),
      enableAutoList: true,
      numOfSteps: 0,
    });
    expect(result.success ? '' : firstIssueMessage(result.error)).toBe(
      'Steps must be greater than 0 when auto list is on',
    );
    const start = solverStartSchema.safeParse({
      ...defaultSolverSettings(),
      account: { id: 'a1' },
      solutions: [],
    });
    expect(start.success ? '' : firstIssueMessage(start.error)).toBe(
      'Please select a solution to start solver',
    );
    expect(canStartSolver(defaultSolverSettings(), 0)).toBe(false);
  });

  it('names the setting above what the agent takes (not the agent\'s "Invalid SBC command")', () => {
    const tooMany = solverSettingsSchema.safeParse({ ...defaultSolverSettings(), numOfRepititions: 1e9 });
    expect(tooMany.success ? '' : firstIssueMessage(tooMany.error)).toBe('Repetitions must be at most 100');
    const tooSlow = solverSettingsSchema.safeParse({ ...defaultSolverSettings(), searchSpeed: 999_999_999 });
    expect(tooSlow.success ? '' : firstIssueMessage(tooSlow.error)).toBe(
      'Search speed must be between 1,000 and 600,000 ms',
    );
  });

  it.each([0, 999, '', 'fast'])('refuses a search speed of %j, naming the range', (searchSpeed) => {
    const result = solverSettingsSchema.safeParse({ ...defaultSolverSettings(), searchSpeed });
    expect(result.success ? '' : firstIssueMessage(result.error)).toBe(
      'Search speed must be between 1,000 and 600,000 ms',
    );
    expect(canStartSolver({ ...defaultSolverSettings(), searchSpeed }, 1)).toBe(false);
  });

  it('takes a search speed of 1,000 ms, the least', () => {
    expect(canStartSolver({ ...defaultSolverSettings(), searchSpeed: 1_000 }, 1)).toBe(true);
  });

  it('enables the steps input only with auto-list', () => {
    expect(isStepsInputEnabled(true)).toBe(true);
    expect(isStepsInputEnabled(false)).toBe(false);
  });
});

describe('referral code', () => {
  it('asks for a code when empty and reports the verification', () => {
    expect(referralInputError(' ')).toBe('Enter your referral code');
    expect(referralInputError('ABC')).toBeNull();
    expect(referralOutcome(true)).toEqual({ state: 'valid', message: 'Referral code is valid' });
    expect(referralOutcome(false)).toEqual({ state: 'invalid', message: 'Referral code is invalid' });
  });
});

describe('unchanged forms', () => {
  it.each([
    [{ a: 1, b: [1, 2] }, { b: [1, 2], a: 1 }, true],
    [{ a: 1 }, { a: 1, b: undefined }, true],
    [{ a: new Date(5) }, { a: new Date(5) }, true],
    [{ a: 1 }, { a: '1' }, false],
    [[1, 2], [2, 1], false],
  ])('%j equals %j: %s', (a, b, same) => {
    expect(isSameValue(a, b)).toBe(same);
  });
});
