import { randomBytes } from 'node:crypto';
import type { Platform } from '../world/cards.js';

/** A sign-in in progress on the accounts pages. */
export interface SignInFlow {
  readonly id: string;
  readonly clientId: string;
  readonly redirectUri: string;
  stage: 'credentials' | 'codeType' | 'code' | 'done';
  email?: string;
  /** Digest of the password typed (kept until an unknown e-mail's account is created). */
  passwordDigest?: string;
  codeType?: 'EMAIL' | 'APP';
  accountId?: number;
  readonly createdAt: number;
}

export interface UtSession {
  readonly sid: string;
  readonly accountId: number;
  readonly platform: Platform;
  lastSeen: number;
}

const FLOW_TTL_MS = 30 * 60_000;
const CODE_TTL_MS = 5 * 60_000;
const KICKED_MEMORY = 10_000;

/** Tokens are not world randomness: they must not be guessable from the seed. */
export function newToken(bytes = 24): string {
  return randomBytes(bytes).toString('base64url');
}

/**
 * Credentials of the accounts host and the game host: sign-in flows, remember-me cookies,
 * access tokens, one-time auth codes and UT sessions (one per account; a new one kicks the old).
 */
export class SessionStore {
  private readonly flows = new Map<string, SignInFlow>();
  private readonly accessTokens = new Map<string, { accountId: number; expiresAt: number }>();
  private readonly rememberCookies = new Map<string, number>();
  private readonly authCodes = new Map<string, { accountId: number; expiresAt: number }>();
  private readonly utSessions = new Map<string, UtSession>();
  private readonly sidByAccount = new Map<number, string>();
  private readonly kicked = new Set<string>();

  constructor(
    private readonly idleMs: number,
    private readonly accessTokenMs: number,
  ) {}

  startFlow(clientId: string, redirectUri: string, now: number): SignInFlow {
    const flow: SignInFlow = {
      id: `e${newToken(9)}s1`,
      clientId,
      redirectUri,
      stage: 'credentials',
      createdAt: now,
    };
    this.flows.set(flow.id, flow);
    return flow;
  }

  flow(id: string, now: number): SignInFlow | undefined {
    const flow = this.flows.get(id);
    if (flow && now - flow.createdAt > FLOW_TTL_MS) {
      this.flows.delete(id);
      return undefined;
    }
    return flow;
  }

  endFlow(id: string): void {
    this.flows.delete(id);
  }

  issueAccessToken(accountId: number, now: number): { token: string; expiresIn: number } {
    const token = newToken(32);
    this.accessTokens.set(token, { accountId, expiresAt: now + this.accessTokenMs });
    return { token, expiresIn: Math.floor(this.accessTokenMs / 1000) };
  }

  accountOfAccessToken(token: string, now: number): number | undefined {
    const entry = this.accessTokens.get(token);
    if (!entry) return undefined;
    if (entry.expiresAt <= now) {
      this.accessTokens.delete(token);
      return undefined;
    }
    return entry.accountId;
  }

  remember(accountId: number): string {
    const cookie = newToken(24);
    this.rememberCookies.set(cookie, accountId);
    return cookie;
  }

  accountOfCookie(cookie: string | undefined): number | undefined {
    return cookie ? this.rememberCookies.get(cookie) : undefined;
  }

  issueAuthCode(accountId: number, now: number): string {
    const code = newToken(18);
    this.authCodes.set(code, { accountId, expiresAt: now + CODE_TTL_MS });
    return code;
  }

  /** Auth codes are single use. */
  redeemAuthCode(code: string, now: number): number | undefined {
    const entry = this.authCodes.get(code);
    this.authCodes.delete(code);
    return entry && entry.expiresAt > now ? entry.accountId : undefined;
  }

  /** Opens a UT session; an older session of the same account is kicked. */
  openUtSession(accountId: number, platform: Platform, now: number): UtSession {
    const previous = this.sidByAccount.get(accountId);
    if (previous) this.kick(previous);
    const session: UtSession = { sid: newToken(27), accountId, platform, lastSeen: now };
    this.utSessions.set(session.sid, session);
    this.sidByAccount.set(accountId, session.sid);
    return session;
  }

  /** The live session of a sid, or why there is none. */
  resolveSid(sid: string | undefined, now: number): UtSession | 'expired' | 'kicked' {
    if (!sid) return 'expired';
    if (this.kicked.has(sid)) return 'kicked';
    const session = this.utSessions.get(sid);
    if (!session) return 'expired';
    if (now - session.lastSeen > this.idleMs) {
      this.closeUtSession(sid);
      return 'expired';
    }
    session.lastSeen = now;
    return session;
  }

  closeUtSession(sid: string): void {
    const session = this.utSessions.get(sid);
    if (!session) return;
    this.utSessions.delete(sid);
    if (this.sidByAccount.get(session.accountId) === sid) this.sidByAccount.delete(session.accountId);
  }

  /** Kicks the account's live session (admin, or a new sign-in elsewhere). */
  kickAccount(accountId: number): void {
    const sid = this.sidByAccount.get(accountId);
    if (sid) this.kick(sid);
  }

  private kick(sid: string): void {
    this.closeUtSession(sid);
    this.kicked.add(sid);
    if (this.kicked.size > KICKED_MEMORY) {
      const oldest = this.kicked.values().next().value;
      if (oldest !== undefined) this.kicked.delete(oldest);
    }
  }
}
