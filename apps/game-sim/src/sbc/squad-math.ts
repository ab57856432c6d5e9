import type { CardDef } from '../world/cards.js';

/** Generic slot positions of the formations the sim's challenges use (SBC.md §1.5). */
export const FORMATIONS: Record<string, readonly string[]> = {
  f433: ['GK', 'RB', 'CB', 'CB', 'LB', 'CM', 'CM', 'CM', 'RW', 'ST', 'LW'],
  f442: ['GK', 'RB', 'CB', 'CB', 'LB', 'RM', 'CM', 'CM', 'LM', 'ST', 'ST'],
  f4231: ['GK', 'RB', 'CB', 'CB', 'LB', 'CDM', 'CDM', 'CAM', 'CAM', 'CAM', 'ST'],
};

const ICON_RARITY = 12;
const HERO_RARITY = 72;
const RESTRICTED_CLUBS = new Set([112658, 114605]);
const RESTRICTED_LEAGUES = new Set([2118]);
const CLUB_STEPS = [2, 4, 7];
const NATION_STEPS = [2, 5, 8];
const LEAGUE_STEPS = [3, 5, 8];

function points(count: number, steps: readonly number[]): number {
  return steps.filter((step) => count >= step).length;
}

function add(map: Map<number, number>, key: number, amount: number): void {
  map.set(key, (map.get(key) ?? 0) + amount);
}

/**
 * Chemistry of each of the 11 slots (FC 24–26 rules, SBC.md §1): in-position players add 1 to
 * their club, league and nation; icons add 2 to their nation and 1 to every league present;
 * heroes add 2 to their league and 1 to their nation; points from 2/4/7, 2/5/8, 3/5/8 capped at 3;
 * in-position icons and heroes always have 3; out of position is 0 and adds nothing.
 */
export function slotChemistry(
  slots: readonly (CardDef | undefined)[],
  formation: readonly string[],
): number[] {
  const inPosition = slots.map(
    (card, index) => card !== undefined && card.positions.includes(formation[index] ?? ''),
  );
  const clubs = new Map<number, number>();
  const leagues = new Map<number, number>();
  const nations = new Map<number, number>();
  let icons = 0;
  slots.forEach((card, index) => {
    if (!card || !inPosition[index]) return;
    if (card.rarityId === ICON_RARITY) {
      icons += 1;
      add(nations, card.nationId, 2);
      return;
    }
    if (card.rarityId === HERO_RARITY) {
      add(leagues, card.leagueId, 2);
      add(nations, card.nationId, 1);
      return;
    }
    if (!RESTRICTED_CLUBS.has(card.clubId)) add(clubs, card.clubId, 1);
    if (!RESTRICTED_LEAGUES.has(card.leagueId)) add(leagues, card.leagueId, 1);
    add(nations, card.nationId, 1);
  });
  for (const league of leagues.keys()) add(leagues, league, icons);
  return slots.map((card, index) => {
    if (!card || !inPosition[index]) return 0;
    if (card.rarityId === ICON_RARITY || card.rarityId === HERO_RARITY) return 3;
    const total =
      points(clubs.get(card.clubId) ?? 0, CLUB_STEPS) +
      points(leagues.get(card.leagueId) ?? 0, LEAGUE_STEPS) +
      points(nations.get(card.nationId) ?? 0, NATION_STEPS);
    return Math.min(3, total);
  });
}

/**
 * Squad rating (SBC.md §2): floor(round(S + E) / 11) with S the sum of the 11 ratings (empty = 0)
 * and E = Σ max(0, r − S/11), computed in integers: 11·(S+E) = 11S + Σ max(0, 11r − S).
 */
export function squadRating(ratings: readonly number[]): number {
  const padded = [...ratings, ...Array<number>(Math.max(0, 11 - ratings.length)).fill(0)].slice(0, 11);
  const sum = padded.reduce((total, rating) => total + rating, 0);
  const elevenTimes = 11 * sum + padded.reduce((total, rating) => total + Math.max(0, 11 * rating - sum), 0);
  const rounded = Math.floor((2 * elevenTimes + 11) / 22);
  return Math.floor(rounded / 11);
}
