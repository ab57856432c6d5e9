import { serverModule } from '../../lib/server-module.js';
import { soundRoutes } from './routes.js';

/** Alert sounds: /api/sound. */
export const soundModule = serverModule('sound', [], async (app) => {
  await app.register(soundRoutes, { prefix: '/api/sound' });
});
