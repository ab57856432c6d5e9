import { defaultShortcuts } from '@tradedesk/domain';
import { describe, expect, it } from 'vitest';
import { Client, signedInUser, useTestApp } from '../helpers.js';

describe('cached sessions never outlive a change (pglite)', () => {
  const t = useTestApp('pglite');

  it('shows a write at once, and ends at once on logout and on forced logout', async () => {
    const user = await signedInUser(t.app);
    expect((await user.client.get('/api/filter')).status).toBe(200);
    const shortcuts = { ...defaultShortcuts(), general: { goTransferMarket: 'm', goHome: 'Escape' } };
    expect((await user.client.put('/api/user/shortcuts', shortcuts)).status).toBe(200);
    expect((await user.client.get('/api/user')).body.data.shortcuts.general.goTransferMarket).toBe('m');

    const stolen = new Client(t.app);
    stolen.cookie = user.client.cookie;
    expect((await stolen.get('/api/filter')).status).toBe(200);
    await user.client.post('/api/auth/logout');
    expect((await stolen.get('/api/filter')).status).toBe(401);

    const again = await signedInUser(t.app);
    expect((await again.client.get('/api/filter')).status).toBe(200);
    await new Client(t.app).post('/api/auth/forceLogout', { token: again.token });
    expect((await again.client.get('/api/filter')).status).toBe(401);
  });
});
