import { randomBytes } from 'node:crypto';

/** Finds the chat-community id behind an authorisation code (Discord, or the sandbox stand-in). */
export interface CommunityIdentityProvider {
  readonly name: 'discord' | 'sandbox';
  /** Where the browser goes to approve sharing its identity. */
  authorizeUrl(state: string, redirectUri: string): string;
  /** The user id behind a code the authorisation page returned. */
  identify(code: string, redirectUri: string): Promise<string | undefined>;
}

const discordApi = 'https://discord.com/api/v10';

/** Discord OAuth2, scope `identify` only: the app learns the user's id, nothing more. */
export function createDiscordIdentity(options: {
  clientId: string;
  clientSecret: string;
  fetch?: typeof fetch;
}): CommunityIdentityProvider {
  const call = options.fetch ?? fetch;
  return {
    name: 'discord',
    authorizeUrl(state, redirectUri) {
      const query = new URLSearchParams({
        response_type: 'code',
        client_id: options.clientId,
        scope: 'identify',
        state,
        redirect_uri: redirectUri,
        prompt: 'consent',
      });
      return `https://discord.com/oauth2/authorize?${query.toString()}`;
    },
    async identify(code, redirectUri) {
      const tokenResponse = await call(`${discordApi}/oauth2/token`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({
          grant_type: 'authorization_code',
          code,
          redirect_uri: redirectUri,
          client_id: options.clientId,
          client_secret: options.clientSecret,
        }),
        signal: AbortSignal.timeout(10_000),
      });
      if (!tokenResponse.ok) return undefined;
      const { access_token: accessToken } = (await tokenResponse.json()) as { access_token?: unknown };
      if (typeof accessToken !== 'string') return undefined;
      const meResponse = await call(`${discordApi}/users/@me`, {
        headers: { authorization: `Bearer ${accessToken}` },
        signal: AbortSignal.timeout(10_000),
      });
      if (!meResponse.ok) return undefined;
      const { id } = (await meResponse.json()) as { id?: unknown };
      return typeof id === 'string' && /^\d{5,30}$/.test(id) ? id : undefined;
    },
  };
}

export interface SandboxIdentity extends CommunityIdentityProvider {
  /** The consent page's Authorize button: a one-time code for a new made-up id. */
  approve(): string;
}

/**
 * The sandbox's stand-in for Discord's consent page: it approves with a made-up id shaped like
 * a real one (17–19 digits) and hands back a one-time code, through the same callback.
 */
export function createSandboxIdentity(): SandboxIdentity {
  const codes = new Map<string, string>();
  return {
    name: 'sandbox',
    authorizeUrl: (state) => `/api/community/sandbox/authorize?state=${encodeURIComponent(state)}`,
    approve() {
      const code = randomBytes(16).toString('hex');
      const id = `9${BigInt(`0x${randomBytes(8).toString('hex')}`)
        .toString()
        .padStart(17, '0')}`.slice(0, 18);
      codes.set(code, id);
      return code;
    },
    async identify(code) {
      const id = codes.get(code);
      codes.delete(code);
      return id;
    },
  };
}
