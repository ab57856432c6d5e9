import { serverModule } from '../../lib/server-module.js';
import { sandboxRoutes } from './routes.js';

/** Sandbox mode only: /api/sandbox makes users through the real API (SIM_ADMIN_KEY). */
export const sandboxModule = serverModule<{ adminKey: string | undefined }>(
  'sandbox',
  ['app-context'],
  async (app, { adminKey }) => {
    if (app.appContext.gameMode !== 'sandbox') return;
    await app.register(sandboxRoutes, { prefix: '/api/sandbox', ctx: app.appContext, adminKey });
  },
);
