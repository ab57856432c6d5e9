import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../database.js';
import {
  createAccount,
  hubHookTimeoutMs,
  hubSuite,
  openBrowser,
  startPayload,
  startServerNode,
  type Browser,
  type ServerNode,
} from '../realtime/stack.js';
import { WEB_MESSAGE_MAX_BYTES } from '../../src/realtime/web-hub.js';
import { bodyFor, nastyJson, nastyString } from './arbitraries.js';
import { databaseFingerprint } from './db-fingerprint.js';

const runsPerAction = Number(process.env.FUZZ_RUNS ?? 15);
const internalError = 'Something went wrong, please try again later';
/** What fits one frame (with room for the envelope); bigger ones close the connection, tested apart. */
const fitsOneFrame = (payload: unknown) =>
  Buffer.byteLength(JSON.stringify(payload) ?? '') < WEB_MESSAGE_MAX_BYTES - 1_000;
/** Only stops a hang: every action answers with an event. */
const answerDeadlineMs = 60_000;

describe('every /client/snipe action survives arbitrary input (fast-check, PGlite)', hubSuite, () => {
  let server: ServerNode;
  let dispose: () => Promise<void>;
  let browser: Browser;
  let accountId: string;

  beforeAll(async () => {
    const created = await createTestDatabase('pglite');
    dispose = created.dispose;
    server = await startServerNode(created.database);
    browser = await openBrowser(server);
    accountId = await createAccount(browser.http, 'socket-fuzz@example.com');
  }, hubHookTimeoutMs);
  afterAll(async () => {
    browser?.socket.disconnect();
    await server?.app.close();
    await dispose?.();
  }, hubHookTimeoutMs);

  /** Sends a raw `message` payload and resolves with the first event that follows it. */
  const answerTo = (payload: unknown) =>
    new Promise<{ kind: 'message' | 'error'; description?: string }>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error('no answer')), answerDeadlineMs);
      const done = (kind: 'message' | 'error') => (event: { description?: string }) => {
        clearTimeout(timer);
        browser.socket.off('message', onMessage);
        browser.socket.off('error', onError);
        resolve({ kind, description: event?.description });
      };
      const onMessage = done('message');
      const onError = done('error');
      browser.socket.on('message', onMessage);
      browser.socket.on('error', onError);
      browser.socket.emit('message', payload);
    });

  it('answers every action with an event, never an internal error, and a refusal changes no row', async () => {
    const actions: Array<[string, unknown]> = [
      ['snipe-create-browser', startPayload(accountId, [{ label: 'x' }])],
      ['snipe-stop', { id: accountId }],
      [
        'SBC_START_SOLVER',
        {
          account: { id: accountId },
          solutions: [{ solutionId: 'solution-1', createdAt: '2026-01-01T00:00:00.000Z', players: [] }],
          searchSpeed: 3500,
          maxPurchaseAttempts: 3,
          enableAutoList: false,
          numOfSteps: 1,
          numOfRepititions: 1,
        },
      ],
      ['SBC_STOP_SOLVER', { id: accountId }],
      ['snipe-rehearse', { filterIds: ['no-such-filter'], spanMinutes: 60, platform: 'pc' }],
    ];
    for (const [action, valid] of actions) {
      await fc.assert(
        fc.asyncProperty(
          fc.oneof(fc.constant(action), nastyString),
          bodyFor(valid).filter(fitsOneFrame),
          async (name, data) => {
            const before = await databaseFingerprint(server.app.appContext.db);
            const answer = await answerTo({ action: name, data });
            expect(answer.description, JSON.stringify({ name, data }).slice(0, 300)).not.toBe(internalError);
            if (answer.kind === 'error')
              expect(await databaseFingerprint(server.app.appContext.db)).toBe(before);
          },
        ),
        { numRuns: runsPerAction },
      );
    }
    await fc.assert(
      fc.asyncProperty(nastyJson.filter(fitsOneFrame), async (payload) => {
        const answer = await answerTo(payload);
        expect(answer.kind).toBe('error');
        expect(answer.description).not.toBe(internalError);
      }),
      { numRuns: runsPerAction },
    );
  });

  it('closes the connection of a frame over the limit, changes no row, and the page connects again', async () => {
    const before = await databaseFingerprint(server.app.appContext.db);
    const closed = new Promise<void>((resolve) => browser.socket.once('disconnect', () => resolve()));
    // Back when the page has joined again: the hub answers a join with the accounts list.
    const joinedAgain = new Promise<void>((resolve) => {
      const onMessage = (message: { action?: string }) => {
        if (message?.action !== 'accounts') return;
        browser.socket.off('message', onMessage);
        resolve();
      };
      browser.socket.on('message', onMessage);
    });
    browser.socket.emit('message', { action: 'snipe-stop', data: { id: 'y'.repeat(WEB_MESSAGE_MAX_BYTES) } });
    await closed;
    await joinedAgain;

    expect(await databaseFingerprint(server.app.appContext.db)).toBe(before);
    const answer = await answerTo({ action: 'snipe-stop', data: { id: '\u0000' } });
    expect(answer).toEqual({ kind: 'error', description: 'Text contains characters that are not allowed' });
  });

  it("the issue's example: snipe-stop with a NUL id answers the refusal, not an internal error", async () => {
    const answer = await answerTo({ action: 'snipe-stop', data: { id: '\u0000' } });
    expect(answer).toEqual({ kind: 'error', description: 'Text contains characters that are not allowed' });
  });
});
