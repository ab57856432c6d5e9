import { describe, expect, it } from 'vitest';
import {
  ANY,
  clubById,
  clubByName,
  clubIdsOfLeague,
  clubsOfLeague,
  leagueById,
  leagueByName,
  leagueOptions,
  nationById,
  nationByName,
  nationOptions,
  rarityNameById,
} from './lookup.js';

describe('id tables', () => {
  it.each([
    [13, 'Premier League'],
    [19, 'Bundesliga'],
    [39, 'Major League Soccer'],
  ])('league %i is %s', (id, name) => {
    expect(leagueById(id)).toEqual({ id, name });
  });

  it('knows the leagues the spec names by id', () => {
    expect(leagueById(31).name).toMatch(/^Serie A/);
    expect(leagueById(53).name).toMatch(/^LALIGA/);
    expect(leagueById(16).name).toMatch(/^Ligue 1/);
  });

  it('finds nations and clubs', () => {
    expect(nationById(54)).toEqual({ id: 54, name: 'Brazil' });
    expect(clubById(1)).toEqual({ id: 1, name: 'Arsenal' });
    expect(clubByName('arsenal')).toEqual({ id: 1, name: 'Arsenal' });
  });

  it.each([
    ['nation', () => nationById(99_999)],
    ['league', () => leagueById(-5)],
    ['club', () => clubById(0)],
    ['rarity', () => rarityNameById(9_999)],
    ['club name', () => clubByName('Nowhere FC')],
  ])('gives Any for an unknown %s', (_kind, lookup) => {
    expect(lookup()).toEqual({ id: -1, name: 'Any' });
  });

  it('gives the any league no clubs and maps real leagues to their clubs', () => {
    expect(clubIdsOfLeague(ANY.id)).toEqual([]);
    expect(clubIdsOfLeague(13)).toContain(1);
    expect(clubIdsOfLeague(2118)).toEqual([112658]);
    const premierLeague = clubsOfLeague(13);
    expect(premierLeague.length).toBe(20);
    expect(premierLeague.map((club) => club.name)).toEqual(
      [...premierLeague.map((club) => club.name)].sort((a, b) => a.localeCompare(b)),
    );
  });

  it('lists Any first in the dropdowns, with nation ids up to 219', () => {
    expect(nationOptions[0]).toEqual(ANY);
    expect(leagueOptions[0]).toEqual(ANY);
    expect(Math.max(...nationOptions.map((nation) => nation.id))).toBeLessThanOrEqual(219);
    expect(leagueOptions.length).toBe(61);
  });

  it('names rarities as the spec does', () => {
    expect(rarityNameById(150)).toEqual({ id: 150, name: 'Cornerstones' });
    expect(rarityNameById(22)).toEqual({ id: 22, name: 'Ratings Reload' });
    expect(rarityNameById(3)).toEqual({ id: 3, name: 'Team of the Week' });
  });

  it('maps names to numeric ids (case-insensitive), unknown names to Any', () => {
    expect(nationByName('brazil')).toEqual({ id: 54, name: 'Brazil' });
    expect(leagueByName('Premier League')).toEqual({ id: 13, name: 'Premier League' });
    expect(leagueByName('Sunday League')).toEqual(ANY);
    expect(nationByName('')).toEqual(ANY);
  });
});
