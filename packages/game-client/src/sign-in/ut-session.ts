import type { GameClientConfig } from '../config.js';
import { InvalidInputError, NoClubError, SessionExpiredError } from '../errors.js';
import { buildUrl, readAnswer, webAppHeaders } from '../game-http.js';
import { accountInfoSchema, utAuthSchema, type Persona } from '../schemas/auth.js';
import type { Transport } from '../transport.js';

/** The persona (club owner) a session plays as. */
export interface SelectedPersona {
  personaId: number;
  personaName: string;
  clubName: string | undefined;
  /** The club's crest id (its picture), when the club list names one. */
  badgeId: number | undefined;
  /** Game SKU sent to `/ut/auth` (from the platform's configuration). */
  gameSku: string;
}

/** GAME-PROTOCOL §1.2 step 7: every persona of the account with its club list. */
export async function fetchPersonas(
  transport: Transport,
  config: GameClientConfig,
  nucleusId: number,
  authCode: string,
): Promise<Persona[]> {
  const path = `/ut/game/${config.gameSegment}/v2/user/accountinfo`;
  const response = await transport.send({
    method: 'GET',
    url: buildUrl(config.utasUrl, path, {
      filterConsoleLogin: true,
      sku: config.sku,
      returningUserGameYear: config.returningUserGameYear,
      clientVersion: config.clientVersion,
    }),
    headers: {
      ...webAppHeaders(config),
      'Easw-Session-Data-Nucleus-Id': String(nucleusId),
      'Nucleus-Access-Code': authCode,
      'Nucleus-Redirect-Url': 'nucleus:rest',
    },
  });
  return readAnswer(response, accountInfoSchema, `GET ${path}`).userAccountInfo.personas;
}

/** Picks the persona whose club list has this season's year on the chosen platform. */
export function selectPersona(
  personas: Persona[],
  config: GameClientConfig,
  platform: string,
): SelectedPersona {
  const platformConfig = config.platforms[platform];
  if (platformConfig === undefined) {
    throw new InvalidInputError(`Unknown platform ${platform}`);
  }
  const names = platformConfig.clubPlatforms.map((name) => name.toLowerCase());
  for (const persona of personas) {
    const club = persona.userClubList.find(
      (entry) => config.clubYears.includes(entry.year) && names.includes(entry.platform.toLowerCase()),
    );
    if (club !== undefined) {
      return {
        personaId: persona.personaId,
        personaName: persona.personaName,
        clubName: club.clubName,
        badgeId: club.badgeId,
        gameSku: platformConfig.gameSku,
      };
    }
  }
  throw new NoClubError({
    code: 465,
    reason: `No Ultimate Team club for ${platform} in ${config.clubYears.join(' or ')}`,
  });
}

/** GAME-PROTOCOL §1.2 step 8: trades an auth code for a UT session id. */
export async function createUtSession(
  transport: Transport,
  config: GameClientConfig,
  persona: SelectedPersona,
  authCode: string,
): Promise<string> {
  const response = await transport.send({
    method: 'POST',
    url: buildUrl(config.utasUrl, '/ut/auth'),
    headers: { ...webAppHeaders(config), 'Content-Type': 'application/json', 'X-UT-PHISHING-TOKEN': '0' },
    body: JSON.stringify({
      clientVersion: config.clientVersion,
      ds: '',
      gameSku: persona.gameSku,
      identification: { authCode, redirectUrl: 'nucleus:rest', tid: 'RETAIL' },
      isReadOnly: false,
      locale: 'en-US',
      method: 'authcode',
      nucleusPersonaId: persona.personaId,
      priorityLevel: 4,
      sku: config.sku,
    }),
  });
  const answer = readAnswer(response, utAuthSchema, 'POST /ut/auth');
  const sid = answer.sid ?? response.headers.get('x-ut-sid') ?? undefined;
  if (sid === undefined || sid === '') {
    throw new SessionExpiredError({
      code: response.status,
      reason: 'No session id in the answer',
      request: 'POST /ut/auth',
    });
  }
  return sid;
}

/** GAME-PROTOCOL §1.2 step 10: ends the UT session. */
export async function deleteUtSession(
  transport: Transport,
  config: GameClientConfig,
  sid: string,
): Promise<void> {
  await transport.send({
    method: 'DELETE',
    url: buildUrl(config.utasUrl, '/ut/auth'),
    headers: { ...webAppHeaders(config), 'X-UT-SID': sid },
  });
}
