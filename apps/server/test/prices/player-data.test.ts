import { describe, expect, it } from 'vitest';
import { backends, Client, useTestApp } from '../helpers.js';
import { givenPrices, minutesBefore, ODEGAARD, PELE, VINI_RARE } from './fixtures.js';

/** The colours an SVG paints with, in order (what tells one rarity's card from another's). */
const fillsOf = (svg: string) =>
  [...svg.matchAll(/(?:fill|stop-color)="(#[0-9a-f]{6})"/g)].map((match) => match[1]);

describe.each(backends)('player data search and lookups (%s)', (backend) => {
  const t = useTestApp(backend);
  const get = (url: string) => new Client(t.app).get(url);

  it('finds a player by name whatever the accents and case, by common and full name', async () => {
    const byCommon = await get('/api/player-data?name=PELE&rarity=icon&numOfResults=5');
    expect(byCommon.status).toBe(200);
    expect(byCommon.body.data[0]).toMatchObject({ id: PELE, name: 'Pelé', rating: 95, rarity: 'icon' });

    const byFullName = await get('/api/player-data?name=edson%20arantes&rarity=icon');
    expect(byFullName.body.data.map((entry: { id: number }) => entry.id)).toContain(PELE);

    const byLastWord = await get('/api/player-data?name=odegaard&rarity=rare');
    expect(byLastWord.body.data[0]).toMatchObject({ id: ODEGAARD, name: 'Martin Ødegaard' });

    const byAccentedFirstNames = await get('/api/player-data?name=Vinícius%20José&rarity=rare');
    expect(byAccentedFirstNames.body.data[0]).toMatchObject({ id: VINI_RARE, name: 'Vini Jr.' });
  });

  it('honours the rarity and numOfResults (suggestions ask for 5)', async () => {
    const anyRarity = await get('/api/player-data?name=vini&rarity=any&numOfResults=5');
    expect(anyRarity.body.data).toHaveLength(5);
    const onlyTotw = await get('/api/player-data?name=vini&rarity=team_of_the_week');
    expect(onlyTotw.body.data.every((entry: { rarity: string }) => entry.rarity === 'team_of_the_week')).toBe(
      true,
    );
    const byRarityId = await get('/api/player-data?name=pele&rarity=12&numOfResults=5');
    expect(byRarityId.body.data[0]).toMatchObject({ id: PELE, rarity: 'icon' });
    const nobody = await get('/api/player-data?name=zzyzx%20qwerty&rarity=any');
    expect(nobody.body.data).toEqual([]);
    const wildcard = await get('/api/player-data?name=%25&rarity=any');
    expect(wildcard.body.data).toEqual([]);
  });

  it('rejects bad search parameters with a clear message', async () => {
    expect(await get('/api/player-data?name=pele')).toMatchObject({
      status: 400,
      body: { message: 'Please select a rarity' },
    });
    expect(await get('/api/player-data?rarity=icon')).toMatchObject({
      status: 400,
      body: { message: 'Enter a player name or id' },
    });
    expect(await get('/api/player-data?name=pele&rarity=gold')).toMatchObject({ status: 400 });
    expect(await get('/api/player-data?name=pele&rarity=icon&numOfResults=0')).toMatchObject({
      status: 400,
      body: { message: 'numOfResults must be from 1 to 50' },
    });
  });

  it('returns the player database entry by id and rarity', async () => {
    await givenPrices(t.database.db, [
      { id: PELE, platform: 'ps', price: 6_000_000, at: minutesBefore(t.clock.now(), 2) },
      { id: PELE, platform: 'pc', price: 7_000_000, at: minutesBefore(t.clock.now(), 3) },
    ]);
    const found = await get(`/api/player-data?id=${PELE}&rarity=icon`);
    expect(found.status).toBe(200);
    expect(found.body.data).toMatchObject({
      id: PELE,
      name: 'Pelé',
      rating: 95,
      rarity: 'icon',
      position: 'CAM',
      pc: { current: 7_000_000, source: 'futbin', isStale: false },
      ps: { current: 6_000_000, source: 'futbin', isStale: false },
      isSBC: false,
      isObjective: false,
      isExtinct: false,
      futbin: { id: PELE, urlName: 'pele' },
      futwiz: { id: PELE, urlName: 'pele' },
      futgg: { id: PELE, urlName: 'pele' },
    });
    expect(await get(`/api/player-data?id=${PELE}&rarity=rare`)).toMatchObject({
      status: 404,
      body: { message: 'Player not found' },
    });
    expect(await get('/api/player-data?id=abc&rarity=icon')).toMatchObject({
      status: 400,
      body: { message: 'Player id must be a number' },
    });
  });

  it('reports a card no source has priced as extinct, with no current price', async () => {
    const entry = await get(`/api/player-data?id=${VINI_RARE}&rarity=rare`);
    expect(entry.body.data).toMatchObject({ isExtinct: true, pc: { current: null, isStale: true } });
  });

  it('builds card and portrait images (SVG) from the catalogue', async () => {
    for (const url of [
      `/api/player-data/fifa/card/${PELE}`,
      `/api/player-data/fifa/card?id=${PELE}&rarity=icon`,
      `/api/player-data/fifa/image/${PELE}`,
    ]) {
      const image = await get(url);
      expect(image.status).toBe(200);
      expect(image.headers['content-type']).toContain('image/svg+xml');
      expect(String(image.body)).toContain('Pel');
    }
    expect(String((await get(`/api/player-data/fifa/card/${PELE}`)).body)).toContain('>95<');
    expect(await get('/api/player-data/fifa/card/1')).toMatchObject({
      status: 404,
      body: { message: 'Player not found' },
    });
    expect(await get('/api/player-data/fifa/card?rarity=icon')).toMatchObject({ status: 400 });
  });

  it('draws /fifa/card in the asked rarity, and refuses a bad id or rarity with a clear message', async () => {
    const card = async (query: string) => String((await get(`/api/player-data/fifa/card?${query}`)).body);
    const asIcon = await card(`id=${PELE}&rarity=icon`);
    const asHeroes = await card(`id=${PELE}&rarity=ut_heroes`);
    expect(asIcon).toContain('>Icon<');
    expect(asHeroes).toContain('>UT Heroes<');
    expect(fillsOf(asHeroes)).not.toEqual(fillsOf(asIcon));
    // The rarity's EA id (as the filter form sends it) draws the same card; none or any: the card's own.
    expect(await card(`id=${PELE}&rarity=72`)).toBe(asHeroes);
    expect(await card(`id=${PELE}&rarity=any`)).toBe(asIcon);
    expect(await card(`id=${PELE}`)).toBe(asIcon);

    const refusals: [url: string, status: number, message: string | RegExp][] = [
      [`fifa/card?id=${PELE}&rarity=gold`, 400, /^Rarity must be one of: any, rare, /],
      ['fifa/card?id=abc&rarity=icon', 400, 'Player id must be a number'],
      ['fifa/card?rarity=icon', 400, 'Player id must be a number'],
      ['fifa/card?id=0&rarity=icon', 400, 'Player id must be a positive number'],
      ['fifa/card?id=1&rarity=icon', 404, 'Player not found'],
      ['fifa/image/abc', 400, 'Player id must be a number'],
    ];
    for (const [url, status, message] of refusals) {
      const answer = await get(`/api/player-data/${url}`);
      expect({ status: answer.status, message: answer.body.message }, url).toEqual({
        status,
        message: typeof message === 'string' ? message : expect.stringMatching(message),
      });
    }
  });
});
