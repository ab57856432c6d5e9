import { readFile, writeFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';
import type { RouteEntry } from '../../src/app.js';
import { audiences, type Audience } from '../../src/lib/audience.js';
import { invalidSignatureMessage } from '../../src/modules/payment/webhook-routes.js';
import { signedInUser, testSandboxAdminKey, useTestApp, type Client } from '../helpers.js';

/** The route table as docs/route-audience.md keeps it (regenerate: UPDATE_ROUTE_AUDIENCE=1). */
const tablePath = fileURLToPath(new URL('../../../../docs/route-audience.md', import.meta.url));

const audienceWords: Record<Audience, string> = {
  anyone: 'nothing (anyone)',
  session: 'a session (401 without)',
  admin: 'a session with the Admin role (401, then 403)',
  'sandbox-key': 'the sandbox admin key, x-sim-admin-key (403 without)',
  'provider-signature': "the payment provider's signature (400 without)",
  'checkout-link': "an open checkout's address (404 for any other)",
};

function renderTable(routes: readonly RouteEntry[]) {
  const rows = [...routes]
    .sort((a, b) => a.url.localeCompare(b.url) || a.method.localeCompare(b.method))
    .map((route) => `| ${route.method} | \`${route.url}\` | ${audienceWords[route.audience!]} |`);
  return [
    '# Route audience',
    '',
    "Generated from the server's own route table by `apps/server/test/api/route-audience.test.ts`",
    '(`UPDATE_ROUTE_AUDIENCE=1 npx vitest run apps/server/test/api/route-audience.test.ts` rewrites it).',
    'Each route declares who it is for (`routesAreFor` in its module, or `config.audience`); the test',
    'fails when a route has no declaration, when this page is out of date, or when a request without',
    'the credential is not refused the way the audience says. Agents use the socket hub, not these',
    'routes. See [security.md](security.md).',
    '',
    '| Method | Path | Needs |',
    '| --- | --- | --- |',
    ...rows,
    '',
  ].join('\n');
}

/** The path with every parameter filled by a value that names nothing. */
const concretePath = (url: string) => url.replace(/:[A-Za-z]+/g, 'no-such-id');

describe('route audience: every route declares who it is for, and behaves so', () => {
  const t = useTestApp('pglite');
  let member: Client;

  beforeAll(async () => {
    ({ client: member } = await signedInUser(t.app));
  });

  const ask = async (route: RouteEntry, headers: Record<string, string> = {}) => {
    const response = await t.app.inject({
      method: route.method as 'GET',
      url: concretePath(route.url),
      headers,
    });
    const isJson = String(response.headers['content-type'] ?? '').includes('application/json');
    return {
      status: response.statusCode,
      message: isJson ? (response.json() as { message?: string }).message : undefined,
    };
  };

  it('every route has a declared audience', () => {
    const undeclared = t.app.routeTable.filter((route) => route.audience === undefined);
    expect(undeclared.map((route) => `${route.method} ${route.url}`)).toEqual([]);
    for (const route of t.app.routeTable) expect(audiences).toContain(route.audience);
  });

  it('docs/route-audience.md is the table the server generates', async () => {
    const table = renderTable(t.app.routeTable);
    if (process.env.UPDATE_ROUTE_AUDIENCE === '1') await writeFile(tablePath, table);
    expect(await readFile(tablePath, 'utf8'), 'regenerate with UPDATE_ROUTE_AUDIENCE=1').toBe(table);
  });

  it('a request without the credential is refused as the audience says; with it, it is not', async () => {
    const wrong: string[] = [];
    const memberCookie = { cookie: member.cookie ?? '' };
    for (const route of t.app.routeTable) {
      const name = `${route.method} ${route.url} (${route.audience})`;
      const anonymous = await ask(route);
      const expectStatus = (
        status: number,
        expected: number | ((status: number) => boolean),
        what: string,
      ) => {
        const ok = typeof expected === 'number' ? status === expected : expected(status);
        if (!ok) wrong.push(`${name}: ${what} answered ${status}`);
      };
      switch (route.audience) {
        case 'anyone':
          expectStatus(anonymous.status, (status) => status !== 401 && status !== 403, 'anonymous');
          break;
        case 'session':
          expectStatus(anonymous.status, 401, 'anonymous');
          expectStatus((await ask(route, memberCookie)).status, (status) => status !== 401, 'signed in');
          break;
        case 'admin':
          expectStatus(anonymous.status, 401, 'anonymous');
          expectStatus((await ask(route, memberCookie)).status, 403, 'a user without the Admin role');
          break;
        case 'sandbox-key':
          expectStatus(anonymous.status, 403, 'anonymous');
          expectStatus(
            (await ask(route, { 'x-sim-admin-key': testSandboxAdminKey })).status,
            (status) => status !== 403,
            'with the key',
          );
          break;
        case 'provider-signature':
          expectStatus(anonymous.status, 400, 'unsigned');
          if (anonymous.message !== invalidSignatureMessage)
            wrong.push(`${name}: unsigned said ${anonymous.message}`);
          break;
        case 'checkout-link':
          expectStatus(anonymous.status, 404, 'an unknown checkout');
          break;
        default:
          wrong.push(`${name}: no audience`);
      }
    }
    expect(wrong).toEqual([]);
  });
});
