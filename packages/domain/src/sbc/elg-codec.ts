import { z } from 'zod';
import {
  SBC_ELIGIBILITY_KEY as KEY,
  SBC_ELIGIBILITY_SCOPE,
  eligibilityKeyName,
  scopeId,
  scopeOfId,
} from './eligibility.js';
import type { RequirementScope, SbcEligibilityKeyName } from './eligibility.js';
import type { ChallengeRequirements, GroupKind, PlayerCondition, SbcRequirement } from './requirements.js';

/** A key id, or its `SBCEligibilityKey` name, or the id as a string. */
const eligibilityKeyField = z
  .union([z.number().int().nonnegative(), z.string().min(1)])
  .transform((value, ctx) => {
    if (typeof value === 'number') return value;
    if (/^\d+$/.test(value)) return Number(value);
    if (Object.hasOwn(KEY, value)) return KEY[value as SbcEligibilityKeyName];
    ctx.addIssue({ code: z.ZodIssueCode.custom, message: `unknown eligibility key "${value}"` });
    return z.NEVER;
  });

/** An integer, its string form, or a scope name (GREATER / LOWER / EXACT) for SCOPE entries. */
const eligibilityIntField = z
  .union([z.number().int(), z.string().min(1)], { errorMap: () => ({ message: 'expected a whole number' }) })
  .transform((value, ctx) => {
    if (typeof value === 'number') return value;
    if (/^-?\d+$/.test(value)) return Number(value);
    if (Object.hasOwn(SBC_ELIGIBILITY_SCOPE, value))
      return SBC_ELIGIBILITY_SCOPE[value as keyof typeof SBC_ELIGIBILITY_SCOPE];
    ctx.addIssue({ code: z.ZodIssueCode.custom, message: `not a whole number: "${value}"` });
    return z.NEVER;
  });

/**
 * One raw `elgReq` entry (SBC.md §3.2). The wire form is uncertain (GAME-PROTOCOL §2.7), so keys
 * may come as ids or names and numbers as strings; decoding always yields numbers.
 */
export const eligibilityEntrySchema = z.object({
  type: z.string().optional(),
  eligibilitySlot: eligibilityIntField,
  eligibilityKey: eligibilityKeyField,
  eligibilityValue: eligibilityIntField,
});
export type EligibilityEntry = z.output<typeof eligibilityEntrySchema>;

export const challengeEligibilitySchema = z.object({
  elgOperation: z.enum(['AND', 'OR']).default('AND'),
  elgReq: z.array(eligibilityEntrySchema),
});

/** Tradability values of PLAYER_TRADABILITY (uncertain mapping, see docs/decisions/sbc.md). */
const UNTRADEABLE = 1;
const TRADEABLE = 0;
/** `count` of requirements whose value itself is the target (rating, chemistry …). */
const VALUE_IS_TARGET = -1;

const SQUAD_KEYS: Readonly<Record<number, (scope: RequirementScope, value: number) => SbcRequirement>> = {
  [KEY.TEAM_RATING]: (scope, value) => ({ kind: 'teamRating', scope, value }),
  [KEY.TEAM_STAR_RATING]: (scope, value) => ({ kind: 'teamStarRating', scope, value }),
  [KEY.CHEMISTRY_POINTS]: (scope, value) => ({ kind: 'chemistry', scope, value }),
  [KEY.ALL_PLAYERS_CHEMISTRY_POINTS]: (scope, value) => ({ kind: 'playerChemistry', scope, value }),
  [KEY.PLAYER_QUALITY]: (scope, tier) => ({ kind: 'quality', scope, tier }),
  [KEY.SAME_CLUB_COUNT]: (scope, value) => ({ kind: 'sameGroup', group: 'club', scope, value }),
  [KEY.SAME_LEAGUE_COUNT]: (scope, value) => ({ kind: 'sameGroup', group: 'league', scope, value }),
  [KEY.SAME_NATION_COUNT]: (scope, value) => ({ kind: 'sameGroup', group: 'nation', scope, value }),
  [KEY.CLUB_COUNT]: (scope, value) => ({ kind: 'distinctGroups', group: 'club', scope, value }),
  [KEY.LEAGUE_COUNT]: (scope, value) => ({ kind: 'distinctGroups', group: 'league', scope, value }),
  [KEY.NATION_COUNT]: (scope, value) => ({ kind: 'distinctGroups', group: 'nation', scope, value }),
};

const CONDITION_KEYS: Readonly<Record<number, (values: number[]) => PlayerCondition>> = {
  [KEY.NATION_ID]: (ids) => ({ type: 'nation', ids }),
  [KEY.LEAGUE_ID]: (ids) => ({ type: 'league', ids }),
  [KEY.CLUB_ID]: (ids) => ({ type: 'club', ids }),
  [KEY.PLAYER_LEVEL]: (tiers) => ({ type: 'level', tiers }),
  [KEY.PLAYER_RARITY]: (rarityIds) => ({ type: 'rarity', rarityIds }),
  [KEY.PLAYER_RARITY_GROUP]: (groupIds) => ({ type: 'rarityGroup', groupIds }),
  [KEY.PLAYER_MIN_OVR]: ([rating = 0]) => ({ type: 'minOvr', rating }),
  [KEY.PLAYER_EXACT_OVR]: ([rating = 0]) => ({ type: 'exactOvr', rating }),
  [KEY.PLAYER_MAX_OVR]: ([rating = 0]) => ({ type: 'maxOvr', rating }),
  [KEY.PLAYER_TRADABILITY]: ([value]) => ({ type: 'tradability', untradeable: value === UNTRADEABLE }),
  [KEY.LEGEND_COUNT]: () => ({ type: 'legend' }),
  [KEY.FIRST_OWNER_PLAYERS_COUNT]: () => ({ type: 'firstOwner' }),
};

/** Keys whose single value is the player count when the slot has no PLAYER_COUNT entry. */
const VALUE_AS_COUNT_KEYS: ReadonlySet<number> = new Set([KEY.LEGEND_COUNT, KEY.FIRST_OWNER_PLAYERS_COUNT]);

function decodeSlot(slot: number, entries: readonly EligibilityEntry[]): SbcRequirement {
  let scope: RequirementScope = 'min';
  let count = VALUE_IS_TARGET;
  let combinedCount = VALUE_IS_TARGET;
  const valuesByKey = new Map<number, number[]>();
  for (const entry of entries) {
    const { eligibilityKey: key, eligibilityValue: value } = entry;
    if (key === KEY.SCOPE) {
      const decoded = scopeOfId(value);
      if (!decoded) throw new Error(`SBC requirement slot ${slot}: unknown scope ${value}`);
      scope = decoded;
    } else if (key === KEY.PLAYER_COUNT) count = value;
    else if (key === KEY.PLAYER_COUNT_COMBINED) combinedCount = value;
    else valuesByKey.set(key, [...(valuesByKey.get(key) ?? []), value]);
  }
  if (count === VALUE_IS_TARGET) count = combinedCount;
  const keys = [...valuesByKey.keys()];
  const valuesOf = (key: number) => valuesByKey.get(key) ?? [];
  for (const key of keys) {
    const buildSquadRequirement = SQUAD_KEYS[key];
    if (buildSquadRequirement) return buildSquadRequirement(scope, valuesOf(key)[0] ?? 0);
  }
  const conditions: PlayerCondition[] = [];
  for (const key of keys) {
    const buildCondition = CONDITION_KEYS[key];
    if (!buildCondition) return { kind: 'unsupported', key, values: valuesOf(key), scope, count };
    conditions.push(buildCondition(valuesOf(key)));
  }
  if (count === VALUE_IS_TARGET) {
    const valueKey = keys.find((key) => VALUE_AS_COUNT_KEYS.has(key));
    // A player requirement without a count means one player ("Romania OR Sweden: Min. 1").
    count = valueKey !== undefined ? (valuesOf(valueKey)[0] ?? 0) : keys.length > 0 ? 1 : 0;
  }
  return { kind: 'players', scope, count, conditions };
}

/** Parses or throws one readable error naming the first problem and where it is. */
function parseRaw<T extends z.ZodTypeAny>(schema: T, raw: unknown): z.output<T> {
  const parsed = schema.safeParse(raw);
  if (parsed.success) return parsed.data as z.output<T>;
  const issue = parsed.error.issues[0];
  const where = issue && issue.path.length > 0 ? ` at ${issue.path.join('.')}` : '';
  throw new Error(`Invalid SBC requirements${where}: ${issue?.message ?? 'malformed'}`);
}

/** Decodes a raw `elgReq` list: entries sharing an `eligibilitySlot` form one requirement. */
export function decodeEligibility(rawEntries: unknown): SbcRequirement[] {
  const entries = parseRaw(z.array(eligibilityEntrySchema), rawEntries);
  const bySlot = new Map<number, EligibilityEntry[]>();
  for (const entry of entries)
    bySlot.set(entry.eligibilitySlot, [...(bySlot.get(entry.eligibilitySlot) ?? []), entry]);
  return [...bySlot.entries()]
    .sort(([a], [b]) => a - b)
    .map(([slot, slotEntries]) => decodeSlot(slot, slotEntries));
}

/** Decodes a raw challenge's `elgOperation` and `elgReq`. */
export function decodeChallengeRequirements(rawChallenge: unknown): ChallengeRequirements {
  const challenge = parseRaw(challengeEligibilitySchema, rawChallenge);
  return { operation: challenge.elgOperation, requirements: decodeEligibility(challenge.elgReq) };
}

const GROUP_KEYS: Readonly<Record<GroupKind, { same: number; distinct: number; ids: number }>> = {
  club: { same: KEY.SAME_CLUB_COUNT, distinct: KEY.CLUB_COUNT, ids: KEY.CLUB_ID },
  league: { same: KEY.SAME_LEAGUE_COUNT, distinct: KEY.LEAGUE_COUNT, ids: KEY.LEAGUE_ID },
  nation: { same: KEY.SAME_NATION_COUNT, distinct: KEY.NATION_COUNT, ids: KEY.NATION_ID },
};

function conditionValues(condition: PlayerCondition, count: number): [number, number[]] {
  switch (condition.type) {
    case 'club':
    case 'league':
    case 'nation':
      return [GROUP_KEYS[condition.type].ids, [...condition.ids]];
    case 'level':
      return [KEY.PLAYER_LEVEL, [...condition.tiers]];
    case 'rarity':
      return [KEY.PLAYER_RARITY, [...condition.rarityIds]];
    case 'rarityGroup':
      return [KEY.PLAYER_RARITY_GROUP, [...condition.groupIds]];
    case 'minOvr':
      return [KEY.PLAYER_MIN_OVR, [condition.rating]];
    case 'exactOvr':
      return [KEY.PLAYER_EXACT_OVR, [condition.rating]];
    case 'maxOvr':
      return [KEY.PLAYER_MAX_OVR, [condition.rating]];
    case 'tradability':
      return [KEY.PLAYER_TRADABILITY, [condition.untradeable ? UNTRADEABLE : TRADEABLE]];
    case 'legend':
      return [KEY.LEGEND_COUNT, [count]];
    case 'firstOwner':
      return [KEY.FIRST_OWNER_PLAYERS_COUNT, [count]];
  }
}

/** Key, values and count of a requirement in the raw encoding. */
function encodedParts(requirement: SbcRequirement): { keys: [number, number[]][]; count: number } {
  switch (requirement.kind) {
    case 'teamRating':
      return { keys: [[KEY.TEAM_RATING, [requirement.value]]], count: VALUE_IS_TARGET };
    case 'teamStarRating':
      return { keys: [[KEY.TEAM_STAR_RATING, [requirement.value]]], count: VALUE_IS_TARGET };
    case 'chemistry':
      return { keys: [[KEY.CHEMISTRY_POINTS, [requirement.value]]], count: VALUE_IS_TARGET };
    case 'playerChemistry':
      return { keys: [[KEY.ALL_PLAYERS_CHEMISTRY_POINTS, [requirement.value]]], count: VALUE_IS_TARGET };
    case 'quality':
      return { keys: [[KEY.PLAYER_QUALITY, [requirement.tier]]], count: VALUE_IS_TARGET };
    case 'sameGroup':
      return { keys: [[GROUP_KEYS[requirement.group].same, [requirement.value]]], count: VALUE_IS_TARGET };
    case 'distinctGroups':
      return {
        keys: [[GROUP_KEYS[requirement.group].distinct, [requirement.value]]],
        count: VALUE_IS_TARGET,
      };
    case 'players':
      return {
        keys: requirement.conditions.map((condition) => conditionValues(condition, requirement.count)),
        count: requirement.count,
      };
    case 'unsupported':
      return { keys: [[requirement.key, [...requirement.values]]], count: requirement.count };
  }
}

/**
 * Encodes requirements as the game's flat `elgReq` list: requirement n gets `eligibilitySlot`
 * n + 1 with one entry per value, then its SCOPE and PLAYER_COUNT entries.
 */
export function encodeEligibility(requirements: readonly SbcRequirement[]): EligibilityEntry[] {
  return requirements.flatMap((requirement, index) => {
    const eligibilitySlot = index + 1;
    const entry = (key: number, value: number): EligibilityEntry => ({
      type: eligibilityKeyName(key) ?? String(key),
      eligibilitySlot,
      eligibilityKey: key,
      eligibilityValue: value,
    });
    const { keys, count } = encodedParts(requirement);
    return [
      ...keys.flatMap(([key, values]) => values.map((value) => entry(key, value))),
      entry(KEY.SCOPE, scopeId(requirement.scope)),
      entry(KEY.PLAYER_COUNT, count),
    ];
  });
}
