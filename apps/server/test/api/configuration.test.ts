import {
  defaultAdvancedConfig,
  defaultConfiguration,
  defaultTimeConfig,
  defaultTransferConfig,
} from '@tradedesk/domain';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { configurations, users } from '../../src/db/schema.js';
import { backends, signedInUser, useTestApp } from '../helpers.js';

describe.each(backends)('configuration service (%s)', (backend) => {
  const t = useTestApp(backend);

  it('starts from the spec defaults', async () => {
    const user = await signedInUser(t.app);
    const response = await user.client.get('/api/configuration');
    expect(response.status).toBe(200);
    expect(response.body.data).toEqual(JSON.parse(JSON.stringify(defaultConfiguration())));
  });

  it.each([
    ['advanced', { ...defaultAdvancedConfig(), isHeadlessEnabled: true }, 'Updated premium config'],
    ['time', { ...defaultTimeConfig(), maxRequests: 500 }, 'Updated time config'],
    [
      'notification',
      {
        isStartStopEnabled: false,
        isSoundEnabled: true,
        isSnipesEnabled: true,
        sound: {
          transferSuccess: 'kaching',
          transferError: 'drum',
          snipeSuccess: 'coin',
          snipeError: 'nuclear-buzzer',
          captcha: 'captcha',
        },
      },
      'Updated notification config',
    ],
    [
      'market',
      {
        players: [{ id: 1, name: 'Player', price: 1500, isExcluded: true }],
        isExclusionPurchaseEnabled: true,
      },
      'Updated market config',
    ],
    [
      'transfer',
      {
        screenshot: 'both',
        safeLatency: 75,
        retries: 2,
        delay: { min: 500, max: 900 },
        isTransfersMasked: true,
        isBuyBackProtectionEnabled: false,
      },
      'Updated transfer config',
    ],
  ])('saves the %s group', async (group, body, message) => {
    const user = await signedInUser(t.app);
    const response = await user.client.put(`/api/configuration/${group}`, body);
    expect(response.status).toBe(200);
    expect(response.body.message).toBe(message);
    expect(response.body.data[group]).toEqual(body);
    expect((await user.client.get('/api/configuration')).body.data[group]).toEqual(body);
  });

  it('reads a transfer group saved before its ranges at their nearest bounds, so the page still opens', async () => {
    const user = await signedInUser(t.app);
    const saved = {
      ...defaultTransferConfig(),
      safeLatency: 2_000_000_000,
      retries: 500,
      delay: { min: 90_000, max: 3_600_000 },
    };
    const [row] = await t.database.db.select().from(users).where(eq(users.username, user.username));
    await t.database.db
      .update(configurations)
      .set({ transfer: saved })
      .where(eq(configurations.userId, row!.id));
    const response = await user.client.get('/api/configuration');
    expect(response.status).toBe(200);
    expect(response.body.data.transfer).toMatchObject({
      safeLatency: 10_000,
      retries: 10,
      delay: { min: 59_999, max: 60_000 },
    });
  });

  it('saves the calibration delay and stamps when it was measured', async () => {
    const user = await signedInUser(t.app);
    const response = await user.client.put('/api/configuration/calibration', { delay: '120' });
    expect(response.body).toMatchObject({
      message: 'Updated calibration config',
      data: { calibration: { delay: 120, updatedAt: t.clock.now().toISOString() } },
    });
  });

  it.each([
    [
      'advanced',
      { ...defaultAdvancedConfig(), rotation: { isEnabled: true, requests: 0 } },
      'Number of requests must be at least 1',
    ],
    [
      'advanced',
      { ...defaultAdvancedConfig(), numOfSearchResults: 51 },
      'Number of search results must be between 1 and 50',
    ],
    [
      'advanced',
      { ...defaultAdvancedConfig(), numOfSearchResults: 0 },
      'Number of search results must be between 1 and 50',
    ],
    [
      'time',
      {
        ...defaultTimeConfig(),
        delay: { min: { value: 2, unit: 'seconds' }, max: { value: 1500, unit: 'milliseconds' } },
      },
      'Max value must be greater than min value',
    ],
    [
      'notification',
      {
        isStartStopEnabled: true,
        isSoundEnabled: true,
        isSnipesEnabled: true,
        sound: {
          transferSuccess: 'trumpet',
          transferError: 'drum',
          snipeSuccess: 'coin',
          snipeError: 'drum',
          captcha: 'captcha',
        },
      },
      'Transfer success must be one of: coin, drum, captcha, car-siren, kaching, military-siren, mystical-chimes, nuclear-buzzer',
    ],
    [
      'transfer',
      { screenshot: 'none', safeLatency: 0, retries: 0, delay: { min: 0, max: 0 }, isTransfersMasked: false },
      'Is buy back protection enabled is required',
    ],
    ['transfer', { ...defaultTransferConfig(), retries: 11 }, 'Retries must be between 0 and 10'],
    ['transfer', { ...defaultTransferConfig(), retries: -1 }, 'Retries must be between 0 and 10'],
    [
      'transfer',
      { ...defaultTransferConfig(), delay: { min: 500, max: 3_600_000 } },
      'Delay between searches must be between 0 and 60,000 ms',
    ],
    [
      'transfer',
      { ...defaultTransferConfig(), safeLatency: 2_000_000_000 },
      'Safe latency must be between 0 and 10,000 ms',
    ],
    ['calibration', { delay: 'soon' }, 'Delay must be a number'],
  ])('rejects a bad %s group with the first message and changes nothing', async (group, body, message) => {
    const user = await signedInUser(t.app);
    const before = (await user.client.get('/api/configuration')).body.data;
    const response = await user.client.put(`/api/configuration/${group}`, body);
    expect(response).toMatchObject({ status: 400, body: { message } });
    expect((await user.client.get('/api/configuration')).body.data).toEqual(before);
  });
});
