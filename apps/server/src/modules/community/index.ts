import type { AppContext } from '../../lib/app-context.js';
import { serverModule } from '../../lib/server-module.js';
import {
  createDiscordIdentity,
  createSandboxIdentity,
  type CommunityIdentityProvider,
  type SandboxIdentity,
} from './discord.js';
import { communityRoutes } from './routes.js';

export interface CommunityOptions {
  /** Discord OAuth2 when set; otherwise the sandbox stand-in of that flow. */
  discord?: { clientId: string; clientSecret: string; fetch?: typeof fetch } | undefined;
  publicUrl?: string | undefined;
}

function pickIdentity(
  discord: CommunityOptions['discord'],
  gameMode: AppContext['gameMode'],
): {
  identity: CommunityIdentityProvider | undefined;
  sandbox?: SandboxIdentity;
} {
  if (discord) return { identity: createDiscordIdentity(discord) };
  // Live without Discord keys: no stand-in, or anyone could verify themselves.
  if (gameMode === 'live') return { identity: undefined };
  const sandbox = createSandboxIdentity();
  return { identity: sandbox, sandbox };
}

/** Chat-community linking: /api/community. */
export const communityModule = serverModule<CommunityOptions>('community', ['auth'], async (app, options) => {
  const { identity, sandbox } = pickIdentity(options.discord, app.appContext.gameMode);
  await app.register(communityRoutes, {
    prefix: '/api/community',
    ctx: app.appContext,
    auth: app.auth,
    identity,
    sandbox,
    publicUrl: options.publicUrl,
  });
});
