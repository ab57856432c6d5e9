import type { GameClientConfig } from '../config.js';
import { readAnswer } from '../game-http.js';
import { authCodeSchema, identitySchema } from '../schemas/auth.js';
import type { Transport } from '../transport.js';

/** Which auth code is asked for: account info uses `shard5`, the session `ut-auth` (GAME-PROTOCOL §1.2). */
export type ClientSequence = 'shard5' | 'ut-auth';

/** GAME-PROTOCOL §1.2 step 5: the Nucleus id of the signed-in EA account. */
export async function fetchNucleusId(
  transport: Transport,
  config: GameClientConfig,
  accessToken: string,
): Promise<number> {
  const response = await transport.send({
    method: 'GET',
    url: new URL('/proxy/identity/pids/me', config.gatewayUrl),
    headers: {
      Authorization: `Bearer ${accessToken}`,
      Accept: 'application/json',
      'User-Agent': config.userAgent,
    },
  });
  return readAnswer(response, identitySchema, 'GET /proxy/identity/pids/me').pid.pidId;
}

/** GAME-PROTOCOL §1.2 step 6: a one-use auth code for the UT servers, minted with the access token. */
export async function fetchAuthCode(
  transport: Transport,
  config: GameClientConfig,
  accessToken: string,
  sequence: ClientSequence,
): Promise<string> {
  const url = new URL('/connect/auth', config.accountsUrl);
  url.searchParams.set('client_id', config.utasClientId);
  url.searchParams.set('redirect_uri', 'nucleus:rest');
  url.searchParams.set('response_type', 'code');
  url.searchParams.set('access_token', accessToken);
  url.searchParams.set('release_type', 'prod');
  url.searchParams.set('client_sequence', sequence);
  const response = await transport.send({
    method: 'GET',
    url,
    headers: { Accept: 'application/json', 'User-Agent': config.userAgent },
  });
  return readAnswer(response, authCodeSchema, 'GET /connect/auth').code;
}
