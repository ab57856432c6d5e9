/**
 * A minimal cookie jar for the sign-in pages: remembers `name=value` per host (and parent domain
 * when the cookie names one) and sends back those whose path matches. Expiry dates are honoured
 * for deletion only; the jar lives as long as one sign-in, so nothing else matters here.
 */
interface StoredCookie {
  name: string;
  value: string;
  /** Host the cookie applies to; `domainMatch` lets subdomains share it. */
  domain: string;
  domainMatch: boolean;
  path: string;
}

function parseSetCookie(header: string, url: URL): StoredCookie | undefined {
  const [pair, ...attributes] = header.split(';');
  const separator = pair?.indexOf('=') ?? -1;
  if (pair === undefined || separator <= 0) return undefined;
  const cookie: StoredCookie = {
    name: pair.slice(0, separator).trim(),
    value: pair.slice(separator + 1).trim(),
    domain: url.hostname,
    domainMatch: false,
    path: '/',
  };
  let expired = false;
  for (const attribute of attributes) {
    const [rawKey = '', ...rest] = attribute.split('=');
    const key = rawKey.trim().toLowerCase();
    const value = rest.join('=').trim();
    if (key === 'domain' && value !== '') {
      cookie.domain = value.replace(/^\./, '').toLowerCase();
      cookie.domainMatch = true;
    } else if (key === 'path' && value.startsWith('/')) {
      cookie.path = value;
    } else if (key === 'max-age' && Number(value) <= 0) {
      expired = true;
    } else if (key === 'expires' && Date.parse(value) < Date.now()) {
      expired = true;
    }
  }
  return expired ? { ...cookie, value: '' } : cookie;
}

function hostMatches(cookie: StoredCookie, hostname: string): boolean {
  return hostname === cookie.domain || (cookie.domainMatch && hostname.endsWith(`.${cookie.domain}`));
}

export class CookieJar {
  private readonly cookies = new Map<string, StoredCookie>();

  /** Stores every `Set-Cookie` of a response from `url`. */
  store(url: URL, headers: Headers): void {
    for (const header of headers.getSetCookie()) {
      const cookie = parseSetCookie(header, url);
      if (cookie === undefined) continue;
      const key = `${cookie.domain}|${cookie.path}|${cookie.name}`;
      if (cookie.value === '') this.cookies.delete(key);
      else this.cookies.set(key, cookie);
    }
  }

  /** The `Cookie` header for a request to `url`, or undefined when nothing applies. */
  headerFor(url: URL): string | undefined {
    const matching = [...this.cookies.values()].filter(
      (cookie) => hostMatches(cookie, url.hostname) && url.pathname.startsWith(cookie.path),
    );
    return matching.length === 0 ? undefined : matching.map((c) => `${c.name}=${c.value}`).join('; ');
  }

  get size(): number {
    return this.cookies.size;
  }
}
