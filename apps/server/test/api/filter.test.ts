import {
  defaultFodderFilter,
  defaultNormalFilter,
  defaultRarityFilter,
  defaultTransferFilter,
} from '@tradedesk/domain';
import { describe, expect, it } from 'vitest';
import { backends, signedInUser, useTestApp } from '../helpers.js';

const normal = (label: string, extra: Record<string, unknown> = {}) => ({
  ...defaultNormalFilter(label),
  maxPrice: 10_000,
  ...extra,
});
const transfer = (label: string) => {
  const filter = defaultTransferFilter(label);
  return { ...filter, player: { ...filter.player, id: 237067, name: 'Pelé', value: 5000, rarity: 'icon' } };
};

/** Follow-up: list at the price database's price (needs a name and a min profit). */
const listAtSitePrice = {
  action: 'list_at_price_site_price',
  startPrice: 0,
  buyNowPrice: 0,
  duration: 3600,
  percentage: 100,
};

describe.each(backends)('filter service (%s)', (backend) => {
  const t = useTestApp(backend);

  it('creates a filter with a new id and lists it', async () => {
    const user = await signedInUser(t.app);
    const response = await user.client.post('/api/filter', normal('Cheap golds'));
    expect(response.status).toBe(200);
    expect(response.body.message).toBe('Updated filters');
    expect(response.body.data).toMatchObject({ type: 'normal', label: 'Cheap golds', maxPrice: 10_000 });
    expect(response.body.data.id).toEqual(expect.any(String));
    const list = await user.client.get('/api/filter');
    expect(list.body.data).toEqual([response.body.data]);
  });

  it('saves every kind of filter', async () => {
    const user = await signedInUser(t.app);
    const rarity = {
      ...defaultRarityFilter(),
      maxPrice: 3000,
      followUp: { ...defaultRarityFilter().followUp, startPrice: 3000, buyNowPrice: 3500 },
    };
    const fodder = { ...defaultFodderFilter(), player: { ...defaultFodderFilter().player, maxPrice: 2000 } };
    for (const filter of [rarity, fodder, transfer('Coins to alt')]) {
      const response = await user.client.post('/api/filter', filter);
      expect(response.status, JSON.stringify(response.body)).toBe(200);
    }
    expect((await user.client.get('/api/filter')).body.data.map((f: { type: string }) => f.type)).toEqual([
      'rarity',
      'fodder',
      'transfer',
    ]);
  });

  it('updates an existing filter in place', async () => {
    const user = await signedInUser(t.app);
    const created = (await user.client.post('/api/filter', normal('Before'))).body.data;
    const updated = await user.client.post('/api/filter', { ...created, label: 'After', maxPrice: 20_000 });
    expect(updated.body.data).toMatchObject({ id: created.id, label: 'After', maxPrice: 20_000 });
    expect((await user.client.get('/api/filter')).body.data).toHaveLength(1);
  });

  it('rejects a second filter with the same label', async () => {
    const user = await signedInUser(t.app);
    await user.client.post('/api/filter', normal('Twice'));
    const second = await user.client.post('/api/filter', normal('Twice'));
    expect(second).toMatchObject({
      status: 409,
      body: { message: 'Filter with the same label already exists' },
    });
    const other = (await user.client.post('/api/filter', normal('Other'))).body.data;
    const rename = await user.client.post('/api/filter', { ...other, label: 'Twice' });
    expect(rename).toMatchObject({
      status: 409,
      body: { message: 'Filter with the same label already exists' },
    });
  });

  it.each([
    [normal('Prices', { minPrice: 5000, maxPrice: 5000 }), 'Max price must be greater than min price'],
    [
      normal('Listing', {
        followUp: {
          action: 'list_on_transfer_list',
          startPrice: 900,
          buyNowPrice: 900,
          duration: 3600,
          percentage: 100,
        },
      }),
      'Buy price must be greater than start price',
    ],
    [
      normal('Site price', {
        followUp: listAtSitePrice,
      }),
      'Listing at futbin price requires the filter to have a player name',
    ],
    [
      normal('Profit', {
        name: 'Pelé',
        rarity: 'icon',
        minProfit: { value: 0, unit: 'percentage' },
        followUp: listAtSitePrice,
      }),
      'For percentage, value must be between 0 and 100. For fixed, value must be greater than 0.',
    ],
    [
      {
        ...defaultFodderFilter('Fodder 95'),
        player: { ...defaultFodderFilter().player, rating: 95, maxPrice: 1000 },
      },
      'Rating must be between 84 and 94',
    ],
    [normal('Nobody', { name: 'Zzyzx Qwertyuiop' }), 'Player not found in futbin'],
    [normal('Wrong rarity', { name: 'Pelé', rarity: 'team_of_the_week' }), 'Player not found in futbin'],
    [
      { ...transfer('Unknown name'), player: { ...transfer('').player, name: 'Nonexistent Playerzzz' } },
      'Player not found in futbin',
    ],
    [
      { ...transfer('Unknown id'), player: { ...transfer('').player, id: 999_999_999 } },
      'Player not found in futbin',
    ],
    [
      { ...transfer('Wrong rarity'), player: { ...transfer('').player, rarity: 'team_of_the_week' } },
      'Player not found in futbin',
    ],
    [normal(''), 'Label is required'],
  ])('rejects filter %# with its message and saves nothing', async (filter, message) => {
    const user = await signedInUser(t.app);
    const response = await user.client.post('/api/filter', filter);
    expect(response).toMatchObject({ status: 400, body: { message } });
    expect((await user.client.get('/api/filter')).body.data).toEqual([]);
  });

  it('accepts a named filter whose player exists in the rarity', async () => {
    const user = await signedInUser(t.app);
    const response = await user.client.post('/api/filter', normal('Pele', { name: 'pele', rarity: 'icon' }));
    expect(response.status).toBe(200);
  });

  it('deletes a filter but never the last one of a list', async () => {
    const user = await signedInUser(t.app);
    const first = (await user.client.post('/api/filter', normal('First'))).body.data;
    const second = (await user.client.post('/api/filter', normal('Second'))).body.data;
    const onlyTransfer = (await user.client.post('/api/filter', transfer('Only transfer'))).body.data;
    expect(await user.client.delete(`/api/filter/${first.id}`)).toMatchObject({
      status: 200,
      body: { message: 'Deleted First filter' },
    });
    expect(await user.client.delete(`/api/filter/${second.id}`)).toMatchObject({
      status: 400,
      body: { message: 'You cannot delete the last filter' },
    });
    expect(await user.client.delete(`/api/filter/${onlyTransfer.id}`)).toMatchObject({
      status: 400,
      body: { message: 'You cannot delete the last filter' },
    });
    expect(await user.client.delete('/api/filter/unknown-id')).toMatchObject({
      status: 404,
      body: { message: 'Unable to find filter for deletion' },
    });
    expect((await user.client.get('/api/filter')).body.data.map((f: { label: string }) => f.label)).toEqual([
      'Second',
      'Only transfer',
    ]);
  });

  it('shares a stable 20-character code that another user imports as a copy', async () => {
    const owner = await signedInUser(t.app);
    const filter = (await owner.client.post('/api/filter', normal('Shared'))).body.data;
    const share = await owner.client.get(`/api/filter/${filter.id}/share`);
    expect(share.status).toBe(200);
    expect(share.body.data.code).toMatch(/^[A-Za-z0-9]{20}$/);
    expect((await owner.client.get(`/api/filter/${filter.id}/share`)).body.data.code).toBe(
      share.body.data.code,
    );

    const friend = await signedInUser(t.app);
    await friend.client.post('/api/filter', normal('Shared'));
    const imported = await friend.client.post('/api/filter/import', {
      id: share.body.data.code,
      type: 'normal',
    });
    expect(imported).toMatchObject({
      status: 200,
      body: { message: 'Successfully imported filter', data: { label: 'Shared (2)', maxPrice: 10_000 } },
    });
    expect(imported.body.data.id).not.toBe(filter.id);
    expect((await friend.client.get('/api/filter')).body.data).toHaveLength(2);
    expect((await owner.client.get('/api/filter')).body.data).toHaveLength(1);
  });

  it('imports a code only into the list of its kind', async () => {
    const owner = await signedInUser(t.app);
    const filter = (await owner.client.post('/api/filter', transfer('Transfer one'))).body.data;
    const code = (await owner.client.get(`/api/filter/${filter.id}/share`)).body.data.code;
    const rarity = {
      ...defaultRarityFilter(),
      maxPrice: 3000,
      followUp: { ...defaultRarityFilter().followUp, startPrice: 3000, buyNowPrice: 3500 },
    };
    const rarityFilter = (await owner.client.post('/api/filter', rarity)).body.data;
    const rarityCode = (await owner.client.get(`/api/filter/${rarityFilter.id}/share`)).body.data.code;
    const friend = await signedInUser(t.app);
    expect(await friend.client.post('/api/filter/import', { id: code, type: 'normal' })).toMatchObject({
      status: 404,
      body: { message: 'Filter not found' },
    });
    expect(
      await friend.client.post('/api/filter/import', { id: 'A'.repeat(20), type: 'transfer' }),
    ).toMatchObject({ status: 404, body: { message: 'Filter not found' } });
    expect(await friend.client.post('/api/filter/import', { id: 'short', type: 'transfer' })).toMatchObject({
      status: 400,
      body: { message: 'Filter code must be 20 characters long' },
    });
    expect(await friend.client.post('/api/filter/import', { id: code, type: 'transfer' })).toMatchObject({
      status: 200,
      body: { data: { type: 'transfer' } },
    });
    // The snipe list takes any snipe kind: a 59th Minute filter imports from the normal-filter modal.
    expect(await friend.client.post('/api/filter/import', { id: rarityCode, type: 'normal' })).toMatchObject({
      status: 200,
      body: { data: { type: 'rarity', label: '59th Minute' } },
    });
    // …and the dashboard's Import Snipe Filter names the list itself.
    expect(await friend.client.post('/api/filter/import', { id: rarityCode, type: 'snipe' })).toMatchObject({
      status: 200,
      body: { data: { type: 'rarity', label: '59th Minute (2)' } },
    });
    expect(await friend.client.post('/api/filter/import', { id: code, type: 'snipe' })).toMatchObject({
      status: 404,
      body: { message: 'Filter not found' },
    });
    expect((await friend.client.get('/api/filter')).body.data).toHaveLength(3);
  });

  it('does not share a filter it cannot find', async () => {
    const user = await signedInUser(t.app);
    expect(await user.client.get('/api/filter/nope/share')).toMatchObject({
      status: 404,
      body: { message: 'Filter not found' },
    });
  });
});
