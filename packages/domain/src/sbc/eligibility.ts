/** The web app's `SBCEligibilityKey` and `SBCEligibilityScope` enums (SBC.md §3.1). */
export const SBC_ELIGIBILITY_KEY = Object.freeze({
  TEAM_STAR_RATING: 0,
  PLAYER_COUNT: 2,
  PLAYER_QUALITY: 3,
  SAME_NATION_COUNT: 4,
  SAME_LEAGUE_COUNT: 5,
  SAME_CLUB_COUNT: 6,
  NATION_COUNT: 7,
  LEAGUE_COUNT: 8,
  CLUB_COUNT: 9,
  NATION_ID: 10,
  LEAGUE_ID: 11,
  CLUB_ID: 12,
  SCOPE: 13,
  LEGEND_COUNT: 15,
  NUM_TROPHY_REQUIRED: 16,
  PLAYER_LEVEL: 17,
  PLAYER_RARITY: 18,
  TEAM_RATING: 19,
  PLAYER_COUNT_COMBINED: 21,
  PLAYER_RARITY_GROUP: 25,
  PLAYER_MIN_OVR: 26,
  PLAYER_EXACT_OVR: 27,
  PLAYER_MAX_OVR: 28,
  FIRST_OWNER_PLAYERS_COUNT: 30,
  PLAYER_TRADABILITY: 33,
  CHEMISTRY_POINTS: 35,
  ALL_PLAYERS_CHEMISTRY_POINTS: 36,
});
export type SbcEligibilityKeyName = keyof typeof SBC_ELIGIBILITY_KEY;

const KEY_NAMES: ReadonlyMap<number, SbcEligibilityKeyName> = new Map(
  (Object.entries(SBC_ELIGIBILITY_KEY) as [SbcEligibilityKeyName, number][]).map(([name, id]) => [id, name]),
);

/** Name of a key id; undefined for ids the enum does not hold. */
export function eligibilityKeyName(key: number): SbcEligibilityKeyName | undefined {
  return KEY_NAMES.get(key);
}

/** GREATER = 0 (min), LOWER = 1 (max), EXACT = 2. */
export const SBC_ELIGIBILITY_SCOPE = Object.freeze({ GREATER: 0, LOWER: 1, EXACT: 2 });

/** Scope of a requirement in this model. */
export type RequirementScope = 'min' | 'max' | 'exact';

const SCOPE_BY_ID: readonly RequirementScope[] = ['min', 'max', 'exact'];

/** The requirement scope of an EA scope id; undefined when unknown. */
export function scopeOfId(id: number): RequirementScope | undefined {
  return SCOPE_BY_ID[id];
}

/** The EA id of a requirement scope. */
export function scopeId(scope: RequirementScope): number {
  return SCOPE_BY_ID.indexOf(scope);
}

/** GREATER: required ≤ actual; LOWER: actual ≤ required; EXACT: equal (SBC.md §3.3). */
export function compareByScope(actual: number, required: number, scope: RequirementScope): boolean {
  if (scope === 'min') return actual >= required;
  if (scope === 'max') return actual <= required;
  return actual === required;
}
