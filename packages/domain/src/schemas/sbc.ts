import { z } from 'zod';
import { SOLVER_DEFAULTS, SOLVER_LIMITS, SOLVER_SEARCH_SPEED_MIN } from '../constants.js';
import { messages } from '../messages.js';
import { boundedIntLike, dateTimeSchema, intLike, nonNegativeIntLike } from './common.js';

export const sbcRewardSchema = z.object({
  type: z.enum(['player', 'pack']),
  name: z.string().optional(),
  description: z.string().optional(),
  imageId: z.string().optional(),
});
export type SbcReward = z.infer<typeof sbcRewardSchema>;

/** One card of a stored solution. */
export const solutionPlayerSchema = z.object({
  definitionId: intLike(),
  /** Position code of the squad slot. */
  position: z.string(),
  price: nonNegativeIntLike(),
  chemistry: intLike().pipe(z.number().min(0).max(3)),
  clubId: intLike(),
  nationId: intLike(),
  leagueId: intLike(),
});
export type SolutionPlayer = z.infer<typeof solutionPlayerSchema>;

export const solutionSchema = z.object({
  solutionId: z.string().min(1),
  createdAt: dateTimeSchema,
  players: z.array(solutionPlayerSchema),
});
export type Solution = z.infer<typeof solutionSchema>;

export interface SbcChallenge {
  challengeId: string;
  name: string;
  imageId: string;
  rewards: SbcReward[];
  expiresAt: Date | null;
  solutions: Solution[];
  subChallenges: SbcChallenge[];
}

type SbcChallengeInput = Omit<SbcChallenge, 'expiresAt' | 'solutions' | 'subChallenges'> & {
  expiresAt: string | Date | null;
  solutions: z.input<typeof solutionSchema>[];
  subChallenges: SbcChallengeInput[];
};

/** A challenge with its rewards, stored solutions and nested sub-challenges. */
export const sbcChallengeSchema: z.ZodType<SbcChallenge, z.ZodTypeDef, SbcChallengeInput> = z.lazy(() =>
  z.object({
    challengeId: z.string().min(1),
    name: z.string(),
    imageId: z.string(),
    rewards: z.array(sbcRewardSchema),
    expiresAt: dateTimeSchema.nullable(),
    solutions: z.array(solutionSchema),
    subChallenges: z.array(sbcChallengeSchema),
  }),
);

/** Admins may delete only top-level challenges without sub-challenges. */
export function canDeleteChallenge(challenge: SbcChallenge, isTopLevel: boolean): boolean {
  return isTopLevel && challenge.subChallenges.length === 0;
}

/** The solver modal's settings (numOfRepititions is spelled as the spec spells it). */
export const solverSettingsShape = z.object({
  searchSpeed: boundedIntLike(
    SOLVER_SEARCH_SPEED_MIN,
    SOLVER_LIMITS.searchSpeed,
    messages.solverSearchSpeedRange,
  ),
  maxPurchaseAttempts: intLike().pipe(
    z
      .number()
      .positive(messages.solverAttempts)
      .max(SOLVER_LIMITS.maxPurchaseAttempts, messages.solverAttemptsMax),
  ),
  enableAutoList: z.boolean(),
  numOfSteps: intLike().pipe(
    z.number().min(0, messages.solverStepsNonNegative).max(SOLVER_LIMITS.numOfSteps, messages.solverStepsMax),
  ),
  numOfRepititions: intLike().pipe(
    z
      .number()
      .positive(messages.solverRepetitions)
      .max(SOLVER_LIMITS.numOfRepititions, messages.solverRepetitionsMax),
  ),
});

/** Steps must be greater than 0 when auto-list is on. */
function checkSolverSteps(
  settings: { enableAutoList: boolean; numOfSteps: number },
  ctx: z.RefinementCtx,
): void {
  if (settings.enableAutoList && settings.numOfSteps <= 0) {
    ctx.addIssue({
      code: z.ZodIssueCode.custom,
      path: ['numOfSteps'],
      message: messages.solverStepsWithAutoList,
    });
  }
}

export const solverSettingsSchema = solverSettingsShape.superRefine(checkSolverSteps);
export type SolverSettings = z.infer<typeof solverSettingsSchema>;

/** Search speed 3500 ms, 3 purchase attempts, 1 repetition, 1 step, auto-list off. */
export function defaultSolverSettings(): SolverSettings {
  return { ...SOLVER_DEFAULTS };
}

/** The account the solver buys with (secrets are filled in by the server). */
export const solverAccountSchema = z.object({ id: z.string().min(1) }).passthrough();

/** SBC_START_SOLVER payload: the account, the solutions and the modal's settings. */
export const solverStartSchema = solverSettingsShape
  .extend({
    account: solverAccountSchema,
    solutions: z.array(solutionSchema).min(1, messages.selectSolution),
  })
  .superRefine(checkSolverSteps);
export type SolverStart = z.infer<typeof solverStartSchema>;
