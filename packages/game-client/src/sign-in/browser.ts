import type { CookieJar } from '../cookie-jar.js';
import { SignInFailedError } from '../errors.js';
import type { Transport } from '../transport.js';

/** An OAuth access token taken from the redirect fragment. */
export interface AccessToken {
  value: string;
  /** Epoch milliseconds, when the fragment carried `expires_in`. */
  expiresAt?: number;
}

export type Landing =
  { kind: 'token'; token: AccessToken } | { kind: 'page'; url: URL; status: number; html: string };

const maxRedirects = 10;

/** Reads `access_token` (and `expires_in`) from a URL's fragment, or undefined when there is none. */
export function tokenFromUrl(rawUrl: string, nowMs: number): AccessToken | undefined {
  const hashIndex = rawUrl.indexOf('#');
  if (hashIndex < 0) return undefined;
  const fragment = new URLSearchParams(rawUrl.slice(hashIndex + 1));
  const value = fragment.get('access_token');
  if (value === null || value === '') return undefined;
  const expiresIn = Number(fragment.get('expires_in'));
  return Number.isFinite(expiresIn) && expiresIn > 0
    ? { value, expiresAt: nowMs + expiresIn * 1000 }
    : { value };
}

/**
 * A cookie-keeping page walker: follows redirects by hand so the token fragment in a `Location`
 * is caught before any browser-only page (the web app's auth.html) would be loaded.
 */
export class SignInBrowser {
  constructor(
    private readonly transport: Transport,
    private readonly jar: CookieJar,
    private readonly userAgent: string,
    private readonly wallClock: () => number = Date.now,
  ) {}

  /** Epoch milliseconds on the clock token expiries are measured with. */
  now(): number {
    return this.wallClock();
  }

  async go(method: 'GET' | 'POST', start: URL, form?: URLSearchParams, referer?: URL): Promise<Landing> {
    let url = start;
    let currentMethod = method;
    let body = form?.toString();
    for (let hop = 0; hop <= maxRedirects; hop += 1) {
      const headers: Record<string, string> = {
        'User-Agent': this.userAgent,
        Accept: 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8',
      };
      const cookie = this.jar.headerFor(url);
      if (cookie !== undefined) headers['Cookie'] = cookie;
      if (referer !== undefined) headers['Referer'] = referer.toString();
      if (body !== undefined) headers['Content-Type'] = 'application/x-www-form-urlencoded';
      const response = await this.transport.send({
        method: currentMethod,
        url,
        headers,
        ...(body === undefined ? {} : { body }),
      });
      this.jar.store(url, response.headers);
      const location = response.headers.get('location');
      if (response.status >= 300 && response.status < 400 && location !== null) {
        const token = tokenFromUrl(location, this.wallClock());
        if (token !== undefined) return { kind: 'token', token };
        referer = url;
        url = new URL(location, url);
        // Browsers turn a redirected POST into a GET (except 307/308).
        if (response.status !== 307 && response.status !== 308) {
          currentMethod = 'GET';
          body = undefined;
        }
        continue;
      }
      return { kind: 'page', url, status: response.status, html: response.text };
    }
    throw new SignInFailedError({
      code: 0,
      reason: 'Too many redirects during sign-in',
      request: `GET ${url.pathname}`,
    });
  }
}
