import { defaultNormalFilter, defaultShortcuts, defaultTimeConfig } from '@tradedesk/domain';
import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { signedInUser, testSandboxAdminKey, useTestApp, type Client } from '../helpers.js';
import { bodyFor, nastyString, rawOverflowBodies } from './arbitraries.js';
import { databaseFingerprint } from './db-fingerprint.js';
import { endsTheSession, validAccount, validBodies } from './valid-bodies.js';

/** Runs per route (about 90 routes); `FUZZ_RUNS` raises it for a longer hunt. */
const runsPerRoute = Number(process.env.FUZZ_RUNS ?? 12);
/** The whole sweep is one test: generous for a loaded machine, it only turns a hang into a failure. */
const sweepTimeoutMs = 300_000;
/**
 * One request that has not answered after this long has stalled (a loop, a lock never released):
 * far above any answer on a loaded machine, it turns a hang into a named failure, not a timeout.
 */
const stallAfterMs = 20_000;
/** The most an answer's headers may hold: a client must not choose a header's size (a redirect). */
const maxHeaderBytes = 8 * 1024;
/** The largest answer a route gives (card images and sounds are the big ones). */
const maxBodyBytes = 2 * 1024 * 1024;

/** Tables a refused request may legitimately write: a failed sign-in is counted by the throttle. */
const ignoredTables = ['sign_in_throttle'];

const queryArbitrary = fc.dictionary(
  fc.oneof(
    fc.constantFrom('id', 'name', 'rarity', 'platform', 'page', 'since', 'limit', 'configuration'),
    nastyString,
  ),
  fc.oneof(nastyString, fc.integer().map(String)),
  { maxKeys: 3 },
);

const encodePathPart = (part: string) =>
  // A lone surrogate cannot be percent-encoded as UTF-8; send it as the raw bytes a client would.
  part.replace(/[^A-Za-z0-9_.~-]/gu, (char) => {
    try {
      return encodeURIComponent(char);
    } catch {
      return '%ED%A0%80';
    }
  });

function urlFor(pattern: string, params: readonly string[], query: Record<string, string>) {
  let index = 0;
  const path = pattern.replace(/:[A-Za-z]+/g, () => encodePathPart(params[index++] ?? 'x') || 'x');
  const search = Object.entries(query)
    .map(([key, value]) => `${encodePathPart(key)}=${encodePathPart(value)}`)
    .join('&');
  return search === '' ? path : `${path}?${search}`;
}

interface Answer {
  status: number;
  body: unknown;
  /** Bytes of the status line's headers and of the body, as sent. */
  headerBytes: number;
  bodyBytes: number;
  /** The answer is a page for a person (the sandbox's hosted checkout), not an API answer. */
  isPage: boolean;
}

function checkAnswer(route: string, answer: Answer) {
  expect(answer.status, `${route} answered ${answer.status}: ${JSON.stringify(answer.body)}`).toBeLessThan(
    500,
  );
  expect(answer.headerBytes, `${route}: headers of ${answer.headerBytes} bytes`).toBeLessThanOrEqual(
    maxHeaderBytes,
  );
  expect(answer.bodyBytes, `${route}: a body of ${answer.bodyBytes} bytes`).toBeLessThanOrEqual(maxBodyBytes);
  if (answer.status >= 400 && answer.isPage) {
    expect(String(answer.body), `${route} error page without text`).not.toBe('');
  } else if (answer.status >= 400) {
    expect(
      typeof (answer.body as { message?: unknown } | null)?.message,
      `${route} error without a message`,
    ).toBe('string');
  }
}

describe('every HTTP route survives arbitrary input (fast-check, PGlite)', () => {
  const t = useTestApp('pglite');
  let client: Client;
  let accountId: string;
  let filterId: string;

  beforeAll(async () => {
    ({ client } = await signedInUser(t.app, { tier: 'snipe', maxAccounts: 3 }));
    accountId = (await client.post('/api/account', validAccount)).body.data.id;
    // Needs a real account to get past the owner check, so the coins reach the insert.
    validBodies['POST /api/client-transfer'] = {
      event: 'metadata',
      data: { accountId, username: 'fuzz', coins: 1_000, unassigned: [], tradepile: [], screenshot: '' },
    };
    filterId = (await client.post('/api/filter', validBodies['POST /api/filter'])).body.data.id;
  });

  const send = async (method: string, url: string, body: unknown, raw?: string): Promise<Answer> => {
    const payload = raw ?? (body === undefined ? undefined : JSON.stringify(body));
    const request = t.app.inject({
      method: method as 'GET',
      url,
      headers: {
        cookie: client.cookie ?? '',
        // The sandbox admin key too, so the key-only route's body is fuzzed as well.
        'x-sim-admin-key': testSandboxAdminKey,
        ...(payload === undefined ? {} : { 'content-type': 'application/json' }),
      },
      ...(payload === undefined ? {} : { payload }),
    });
    let stallTimer: NodeJS.Timeout | undefined;
    const stalled = new Promise<never>((_resolve, reject) => {
      stallTimer = setTimeout(
        () => reject(new Error(`${method} ${url.slice(0, 200)} stalled: no answer in ${stallAfterMs} ms`)),
        stallAfterMs,
      );
    });
    const response = await Promise.race([request, stalled]).finally(() => clearTimeout(stallTimer));
    let parsed: unknown = response.body;
    try {
      parsed = response.json();
    } catch {
      // Not JSON: the assertion on `message` reports it.
    }
    const isPage = String(response.headers['content-type'] ?? '').startsWith('text/html');
    const headerBytes = Object.entries(response.headers).reduce(
      (total, [name, value]) => total + name.length + String(value).length + 4,
      0,
    );
    return {
      status: response.statusCode,
      body: parsed,
      isPage,
      headerBytes,
      bodyBytes: response.rawPayload.length,
    };
  };

  it('covers every registered route', () => {
    const routes = t.app.routeTable.map((route) => `${route.method} ${route.url}`);
    expect(routes.length).toBeGreaterThan(30);
    for (const route of Object.keys(validBodies)) expect(routes).toContain(route);
  });

  it(
    'answers < 500 with a JSON message, and a refused request changes no row',
    async () => {
      const routes = t.app.routeTable.filter((route) => !endsTheSession.has(`${route.method} ${route.url}`));
      for (const { method, url: pattern } of routes) {
        const route = `${method} ${pattern}`;
        const hasBody = method !== 'GET' && method !== 'DELETE';
        const params = fc.oneof(
          fc.constant([accountId, filterId]),
          fc.constant([filterId, accountId]),
          fc.array(nastyString, { minLength: 1, maxLength: 2 }),
        );
        await fc.assert(
          fc.asyncProperty(
            params,
            queryArbitrary,
            hasBody ? bodyFor(validBodies[route]) : fc.constant(undefined),
            async (pathParams, query, body) => {
              const before = await databaseFingerprint(t.database.db, ignoredTables);
              const answer = await send(method, urlFor(pattern, pathParams, query), body);
              checkAnswer(route, answer);
              if (answer.status >= 400)
                expect(await databaseFingerprint(t.database.db, ignoredTables)).toBe(before);
            },
          ),
          { numRuns: runsPerRoute },
        );
      }
    },
    sweepTimeoutMs,
  );

  it("the issue's examples answer 400 with a clear message", async () => {
    const examples: Array<[string, string, unknown]> = [
      ['POST', '/api/auth/token', { username: '\u0000', token: 'x', fingerprint: 'f' }],
      ['PUT', '/api/user/shortcuts', { ...defaultShortcuts(), '\u0000': 'a' }],
      ['POST', '/api/filter', { ...defaultNormalFilter('\u0000'), maxPrice: 1_000 }],
      ['POST', '/api/filter', { ...defaultNormalFilter('L'.repeat(2_700)), maxPrice: 1_000 }],
      ['PUT', '/api/account', { ...validAccount, id: '\u0000' }],
      ['DELETE', '/api/filter/%00', undefined],
      ['DELETE', '/api/account/%00', undefined],
      ['POST', '/api/account/%00/reset', undefined],
      [
        'PUT',
        '/api/user/shortcuts',
        { ...defaultShortcuts(), general: { goTransferMarket: 'k'.repeat(1_000_000), goHome: 'h' } },
      ],
      ['PUT', '/api/configuration/time', { ...defaultTimeConfig(), maxRequests: 1e308 }],
      ['PUT', '/api/configuration/calibration', { delay: -1e308 }],
      ['POST', '/api/community/sandbox/authorize', { state: 's'.repeat(1_000_000) }],
      ...[1e308, 9_007_199_254_740_992].map((coins): [string, string, unknown] => [
        'POST',
        '/api/client-transfer',
        {
          event: 'metadata',
          data: { accountId, username: 'x', coins, unassigned: [], tradepile: [], screenshot: '' },
        },
      ]),
      ['POST', '/api/account', { ...validAccount, password: 'p'.repeat(1_000_000) }],
    ];
    for (const [method, url, body] of examples) {
      const before = await databaseFingerprint(t.database.db, ignoredTables);
      const answer = await send(method, url, body);
      expect(answer.status, `${method} ${url}`).toBe(400);
      expect((answer.body as { message: string }).message).toMatch(
        /not allowed|at most|or less|or more|must be|is required|not valid|whole number/,
      );
      expect(await databaseFingerprint(t.database.db, ignoredTables)).toBe(before);
    }
  });

  it('numbers that overflow to Infinity are refused', async () => {
    for (const raw of rawOverflowBodies) {
      const answer = await send('PUT', '/api/configuration/calibration', undefined, raw);
      expect(answer.status).toBe(400);
      expect(typeof (answer.body as { message: unknown }).message).toBe('string');
    }
  });
});
