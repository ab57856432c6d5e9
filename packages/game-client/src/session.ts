import type { GameClientConfig } from './config.js';
import { CookieJar } from './cookie-jar.js';
import { GameError, InvalidInputError, SessionExpiredError } from './errors.js';
import { parseInput } from './input.js';
import { credentialsSchema, obtainAccessToken, type Credentials } from './sign-in/access-token.js';
import { SignInBrowser, type AccessToken } from './sign-in/browser.js';
import { fetchAuthCode, fetchNucleusId } from './sign-in/nucleus.js';
import { refreshAccessToken } from './sign-in/token-refresh.js';
import {
  createUtSession,
  deleteUtSession,
  fetchPersonas,
  selectPersona,
  type SelectedPersona,
} from './sign-in/ut-session.js';
import type { Transport } from './transport.js';

/** Who is signed in; holds no secret. */
export interface SessionInfo {
  nucleusId: number;
  persona: SelectedPersona;
  platform: string;
}

/** Owns the access token and the UT session id of one account. */
export class GameSession {
  private accessToken: AccessToken | undefined;
  /** The sign-in's page walker and cookies: they mint a new token when the old one expires. */
  private browser: SignInBrowser | undefined;
  private currentSid: string | undefined;
  private currentInfo: SessionInfo | undefined;
  private pendingReauth: Promise<void> | undefined;

  constructor(
    private readonly transport: Transport,
    private readonly config: GameClientConfig,
    private readonly wallClock: () => number = Date.now,
  ) {}

  get sid(): string | undefined {
    return this.currentSid;
  }

  get info(): SessionInfo | undefined {
    return this.currentInfo;
  }

  /** The full headless sign-in: pages → token → Nucleus id → persona → UT session. */
  async signIn(input: Credentials, platform: string): Promise<SessionInfo> {
    const credentials = parseInput(credentialsSchema, input, 'credentials');
    if (this.config.platforms[platform] === undefined)
      throw new InvalidInputError(`Unknown platform ${platform}`);
    const browser = new SignInBrowser(this.transport, new CookieJar(), this.config.userAgent, this.wallClock);
    const token = await obtainAccessToken(browser, this.config, credentials);
    const nucleusId = await fetchNucleusId(this.transport, this.config, token.value);
    const infoCode = await fetchAuthCode(this.transport, this.config, token.value, 'shard5');
    const personas = await fetchPersonas(this.transport, this.config, nucleusId, infoCode);
    const persona = selectPersona(personas, this.config, platform);
    const sessionCode = await fetchAuthCode(this.transport, this.config, token.value, 'ut-auth');
    this.currentSid = await createUtSession(this.transport, this.config, persona, sessionCode);
    this.accessToken = token;
    this.browser = browser;
    this.currentInfo = { nucleusId, persona, platform };
    return this.currentInfo;
  }

  /**
   * Mints a new sid with the still-valid access token (new auth code + `/ut/auth`); when the token
   * has expired, the sign-in cookies mint a new one first. Concurrent callers share one attempt;
   * a temporary failure stays temporary, anything else surfaces as SessionExpiredError.
   */
  reauthenticate(): Promise<void> {
    this.pendingReauth ??= this.renewSid().finally(() => {
      this.pendingReauth = undefined;
    });
    return this.pendingReauth;
  }

  private async renewSid(): Promise<void> {
    const info = this.currentInfo;
    if (this.accessToken === undefined || info === undefined) {
      throw new SessionExpiredError({ code: 401, reason: 'Not signed in' });
    }
    try {
      const code = await this.sessionAuthCode();
      this.currentSid = await createUtSession(this.transport, this.config, info.persona, code);
    } catch (cause) {
      // A passing outage stays retryable; anything else means the session cannot be renewed.
      if (
        cause instanceof GameError &&
        (cause.category === 'temporary' || cause.kind === 'session-expired')
      ) {
        throw cause;
      }
      const reason = cause instanceof Error ? cause.message : 'Re-authentication failed';
      throw new SessionExpiredError({ code: 401, reason, request: 'POST /ut/auth', cause });
    }
  }

  /** An auth code for `/ut/auth`; an expired access token is first replaced through the sign-in cookies. */
  private async sessionAuthCode(): Promise<string> {
    const token = this.accessToken;
    const expired = token?.expiresAt !== undefined && token.expiresAt <= this.wallClock();
    if (token !== undefined && !expired) {
      try {
        return await fetchAuthCode(this.transport, this.config, token.value, 'ut-auth');
      } catch (cause) {
        if (!(cause instanceof GameError && cause.kind === 'session-expired')) throw cause;
      }
    }
    if (this.browser === undefined) throw new SessionExpiredError({ code: 401, reason: 'Not signed in' });
    this.accessToken = await refreshAccessToken(this.browser, this.config, this.wallClock());
    return fetchAuthCode(this.transport, this.config, this.accessToken.value, 'ut-auth');
  }

  /** Ends the UT session (best effort) and forgets every token. */
  async signOut(): Promise<void> {
    const sid = this.currentSid;
    this.currentSid = undefined;
    this.accessToken = undefined;
    this.browser = undefined;
    this.currentInfo = undefined;
    if (sid !== undefined) await deleteUtSession(this.transport, this.config, sid);
  }
}
