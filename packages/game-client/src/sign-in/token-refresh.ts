import { z } from 'zod';
import type { GameClientConfig } from '../config.js';
import { SessionExpiredError } from '../errors.js';
import type { AccessToken, SignInBrowser } from './browser.js';

const tokenAnswerSchema = z.object({
  access_token: z.string().min(1),
  expires_in: z.union([z.number(), z.string()]).optional(),
});

const request = 'GET /connect/auth';

/** The sign-in host answers JSON when it can mint a token and a sign-in page when it cannot. */
function jsonOrUndefined(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

/**
 * GAME-PROTOCOL §1.2 step 4: mints a new access token without the password while the EA cookies
 * of the sign-in are still valid (`prompt=none`, `redirect_uri=nucleus:rest`).
 */
export async function refreshAccessToken(
  browser: SignInBrowser,
  config: GameClientConfig,
  nowMs: number,
): Promise<AccessToken> {
  const url = new URL('/connect/auth', config.accountsUrl);
  url.searchParams.set('client_id', config.webClientId);
  url.searchParams.set('response_type', 'token');
  url.searchParams.set('redirect_uri', 'nucleus:rest');
  url.searchParams.set('prompt', 'none');
  url.searchParams.set('release_type', 'prod');
  const landing = await browser.go('GET', url);
  if (landing.kind === 'token') return landing.token;
  const answer = tokenAnswerSchema.safeParse(
    landing.status < 400 ? jsonOrUndefined(landing.html) : undefined,
  );
  if (!answer.success) {
    throw new SessionExpiredError({
      code: landing.status,
      reason: 'The sign-in cookies no longer mint a token',
      request,
    });
  }
  const expiresIn = Number(answer.data.expires_in);
  return Number.isFinite(expiresIn) && expiresIn > 0
    ? { value: answer.data.access_token, expiresAt: nowMs + expiresIn * 1000 }
    : { value: answer.data.access_token };
}
