import { serverModule } from '../../lib/server-module.js';
import { createUserPresenter, type UserPresenter } from './presenter.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** The user as the web sees it (sign-in answers and /api/user). */
    presentUser: UserPresenter;
  }
}

/**
 * The user presenter, registered before auth: the sign-in answers show the user, and auth reaches it
 * by this plugin's name rather than by import, so auth never imports the user module (which builds
 * on auth's users and sessions).
 */
export const userPresenterModule = serverModule('user-presenter', ['app-context'], async (app) => {
  app.decorate('presentUser', createUserPresenter(app.appContext));
});
