import { describe, expect, it } from 'vitest';
import { readPlayersQuery, withPlayersQuery, writePlayersQuery } from './players-query';

describe('players page query string', () => {
  it('round-trips the filters and the page', () => {
    const query = {
      name: 'Pelé',
      rating: 95,
      rarity: 'icon' as const,
      position: 'defenders' as const,
      minPrice: 1000,
      maxPrice: 9_000_000,
      page: 3,
    };
    expect(readPlayersQuery(writePlayersQuery(query))).toEqual(query);
    expect(writePlayersQuery(query).toString()).toBe(
      'name=Pel%C3%A9&rating=95&rarity=icon&position=defenders&minPrice=1000&maxPrice=9000000&page=3',
    );
  });

  it('ignores malformed values instead of failing', () => {
    expect(
      readPlayersQuery(new URLSearchParams('rating=abc&rarity=gold&position=striker&minPrice=-5&page=0')),
    ).toEqual({
      name: '',
      rating: undefined,
      rarity: 'any',
      position: 'any',
      minPrice: undefined,
      maxPrice: undefined,
      page: 1,
    });
  });

  it('keeps other parameters such as iframe', () => {
    const params = withPlayersQuery(new URLSearchParams('iframe=true&name=old'), {
      name: 'new',
      rarity: 'any',
      position: 'any',
      page: 1,
    });
    expect(params.toString()).toBe('iframe=true&name=new');
    expect(withPlayersQuery(params, undefined).toString()).toBe('iframe=true');
  });
});
