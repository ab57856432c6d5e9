import { describe, expect, it } from 'vitest';
import { recordObservedPrice } from '../../src/modules/prices/record.js';
import { backends, Client, signedInUser, useTestApp } from '../helpers.js';
import { givenPrices, minutesBefore, ODEGAARD, PELE } from './fixtures.js';

describe.each(backends)('the price database market and the players page (%s)', (backend) => {
  const t = useTestApp(backend);
  const get = (url: string) => new Client(t.app).get(url);

  it('returns each rarity keyed by its price-site key, up to its maximum pages of 20', async () => {
    const market = await get(
      '/api/player-data/market?rarities=rare,icon,any&includeMetadata=true&isCached=false',
    );
    expect(market.status).toBe(200);
    expect(Object.keys(market.body.data).sort()).toEqual(['any', 'gold_rare', 'icons']);
    expect(Object.keys(market.body.data.gold_rare)).toHaveLength(30 * 20);
    expect(Object.keys(market.body.data.icons)).toHaveLength(5 * 20);
    expect(market.body.data.any).toEqual({});
    expect(market.body.data.icons[PELE]).toMatchObject({
      name: 'Pelé',
      rating: 95,
      futbin: { urlName: 'pele' },
    });

    const bare = await get('/api/player-data/market?rarities=icon');
    expect(Object.keys(bare.body.data.icons[PELE]).sort()).toEqual([
      'id',
      'name',
      'pc',
      'ps',
      'rarity',
      'rarityId',
      'rating',
    ]);
  });

  it('answers anonymous visitors and signed-in ones alike (the auth header is optional)', async () => {
    const url = '/api/player-data/market?rarities=team_of_the_week,ut_heroes';
    const anonymous = await get(url);
    const user = await signedInUser(t.app);
    const signedIn = await user.client.get(url);
    expect(anonymous.status).toBe(200);
    expect(signedIn.body).toEqual(anonymous.body);
    // Their maximum pages (4 and 3) of 20, though the catalogue holds 115 and 74 such cards.
    expect(Object.keys(signedIn.body.data.gold_if)).toHaveLength(4 * 20);
    expect(Object.keys(signedIn.body.data.heroes)).toHaveLength(3 * 20);
  });

  it('serves cached answers until asked not to, and new prices at once', async () => {
    const url = (isCached: boolean) => `/api/player-data/market?rarities=icon&isCached=${isCached}`;
    const before = await get(url(true));
    expect(before.body.data.icons[PELE].ps.current).toBeNull();
    await recordObservedPrice(t.database.db, {
      definitionId: PELE,
      platform: 'ps',
      price: 6_100_000,
      observedAt: t.clock.now(),
    });
    // A new price drops the cached answers: the next cached answer already carries it.
    expect((await get(url(true))).body.data.icons[PELE].ps).toMatchObject({ current: 6_100_000, ageMs: 0 });
    t.clock.advance(30_000);
    // Within its lifetime the cached answer is served as it was built; an uncached one is rebuilt.
    expect((await get(url(true))).body.data.icons[PELE].ps.ageMs).toBe(0);
    expect((await get(url(false))).body.data.icons[PELE].ps.ageMs).toBe(30_000);
    expect((await get(url(true))).body.data.icons[PELE].ps.ageMs).toBe(30_000);
  });

  it('rejects unknown rarities and flags', async () => {
    expect(await get('/api/player-data/market?rarities=rare,gold')).toMatchObject({
      status: 400,
      body: { message: 'Unknown rarity: gold' },
    });
    for (const empty of ['', 'rarities=', 'rarities=%20,'])
      expect(await get(`/api/player-data/market?${empty}`)).toMatchObject({
        status: 400,
        body: { message: 'Choose at least one rarity' },
      });
    // A trailing comma (a list built by joining) is not a rarity of its own.
    expect(Object.keys((await get('/api/player-data/market?rarities=icon,')).body.data)).toEqual(['icons']);
    expect(await get('/api/player-data/market?rarities=rare&isCached=yes')).toMatchObject({
      status: 400,
      body: { message: 'Use true or false' },
    });
  });

  it('pages the players database 15 at a time, best rating first', async () => {
    const first = await get('/api/player-data/players');
    expect(first.body.data).toMatchObject({ page: 1, pageSize: 15, hasNextPage: true });
    expect(first.body.data.players).toHaveLength(15);
    const ratings = first.body.data.players.map((player: { rating: number }) => player.rating);
    expect(ratings).toEqual([...ratings].sort((a, b) => b - a));
    const second = await get('/api/player-data/players?page=2');
    expect(second.body.data.players[0].id).not.toBe(first.body.data.players[0].id);
  });

  it('filters by name, rating, rarity and price range', async () => {
    await givenPrices(t.database.db, [{ id: ODEGAARD, price: 23_000, at: minutesBefore(t.clock.now(), 1) }]);
    const byName = await get('/api/player-data/players?name=%C3%B8degaard&rarity=rare&rating=89');
    expect(byName.body.data.players.map((player: { id: number }) => player.id)).toEqual([ODEGAARD]);
    expect(byName.body.data.hasNextPage).toBe(false);

    const inRange = await get('/api/player-data/players?rarity=rare&minPrice=20000&maxPrice=25000');
    expect(inRange.body.data.players.map((player: { id: number }) => player.id)).toEqual([ODEGAARD]);
    const outOfRange = await get('/api/player-data/players?rarity=rare&minPrice=24000');
    expect(outOfRange.body.data.players).toEqual([]);
  });

  it('filters by preferred position: one position, or a group of them', async () => {
    const strikers = await get('/api/player-data/players?position=ST');
    const positions = (answer: typeof strikers) =>
      new Set(answer.body.data.players.map((player: { position: string }) => player.position));
    expect(strikers.body.data.players).toHaveLength(15);
    expect(positions(strikers)).toEqual(new Set(['ST']));
    const defenders = await get('/api/player-data/players?position=defenders&page=2');
    expect(defenders.body.data.players.length).toBeGreaterThan(0);
    for (const code of positions(defenders)) expect(['RWB', 'RB', 'CB', 'LB', 'LWB']).toContain(code);
    expect(await get('/api/player-data/players?position=striker')).toMatchObject({ status: 400 });
  });

  it('names players in the order the game shows them', async () => {
    const bale = await get('/api/player-data/players?name=gareth%20bale');
    expect(bale.body.data.players[0]).toMatchObject({ name: 'Gareth Bale' });
  });

  it('rejects bad page filters', async () => {
    expect(await get('/api/player-data/players?minPrice=500&maxPrice=100')).toMatchObject({
      status: 400,
      body: { message: 'Min price must not be above max price' },
    });
    expect(await get('/api/player-data/players?page=0')).toMatchObject({
      status: 400,
      body: { message: 'Page must be at least 1' },
    });
    expect(await get('/api/player-data/players?rating=120')).toMatchObject({
      status: 400,
      body: { message: 'Rating must be from 1 to 99' },
    });
  });
});
