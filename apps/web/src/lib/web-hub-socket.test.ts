import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Server, type Socket as ServerSocket } from 'socket.io';
import type { Socket } from 'socket.io-client';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { recoverRefusedConnections, type LiveStatus } from './socket-recovery';
import { connectWebHub, sendWebHubAction } from './web-hub-socket';

const SNIPE_SOCKET_PATH = '/client/snipe';
/** Connects as the snipe dashboard does. */
const connectSnipeHub = (credential: { token: string }) => connectWebHub(SNIPE_SOCKET_PATH, credential);

/** An in-process `/client/snipe` hub whose handshake middleware the test decides. */
type TestHub = {
  io: Server;
  handshakes: unknown[];
  refuseNext: number;
  joined: Promise<ServerSocket>;
  messages: unknown[];
};

let hub: TestHub;
let client: Socket | undefined;

beforeEach(async () => {
  const http = createServer();
  const io = new Server(http, { path: SNIPE_SOCKET_PATH, serveClient: false });
  let markJoined: (socket: ServerSocket) => void = () => undefined;
  hub = {
    io,
    handshakes: [],
    refuseNext: 0,
    joined: new Promise((resolve) => (markJoined = resolve)),
    messages: [],
  };
  // Refuses as the real hub does when the session lookup fails: `next(new Error('Unauthorized'))`.
  io.use((socket, next) => {
    hub.handshakes.push(socket.handshake.auth);
    if (hub.refuseNext > 0) {
      hub.refuseNext -= 1;
      return next(new Error('Unauthorized'));
    }
    next();
  });
  io.on('connection', (socket) => {
    socket.on('join', () => markJoined(socket));
    socket.on('message', (payload: unknown) => hub.messages.push(payload));
  });
  await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve));
  // The client connects to the page's own origin, as in the browser: make the page live here.
  const { port } = http.address() as AddressInfo;
  (window as unknown as { happyDOM: { setURL: (url: string) => void } }).happyDOM.setURL(
    `http://127.0.0.1:${port}/snipe`,
  );
});

afterEach(async () => {
  client?.disconnect();
  client = undefined;
  await hub.io.close();
});

/** Resolves once the status reported by the recovery equals `wanted`. */
function statusTracker() {
  const seen: LiveStatus[] = [];
  const waiters: { wanted: LiveStatus; resolve: () => void }[] = [];
  return {
    seen,
    onStatus: (status: LiveStatus) => {
      seen.push(status);
      for (const waiter of waiters.filter((candidate) => candidate.wanted === status)) waiter.resolve();
    },
    reaches: (wanted: LiveStatus) =>
      seen.includes(wanted)
        ? Promise.resolve()
        : new Promise<void>((resolve) => waiters.push({ wanted, resolve })),
  };
}

const quickBackoff = { firstDelayMs: 5, maxDelayMs: 20, maxRefusals: 3 };

describe('a web hub connection (here /client/snipe)', () => {
  it('authenticates as a web client with the licence token and joins', async () => {
    client = connectSnipeHub({ token: 'licence-token' });
    await hub.joined;
    expect(hub.handshakes).toEqual([{ token: 'licence-token', clientType: 'web' }]);
  });

  it('sends an action only while connected', async () => {
    expect(sendWebHubAction(null, 'snipe-stop', { id: 'a' })).toBe(false);
    client = connectSnipeHub({ token: 'licence-token' });
    expect(sendWebHubAction(client, 'snipe-stop', { id: 'early' })).toBe(false);
    await hub.joined;
    expect(sendWebHubAction(client, 'snipe-stop', { id: 'a' })).toBe(true);
    await expect.poll(() => hub.messages).toEqual([{ action: 'snipe-stop', data: { id: 'a' } }]);
  });

  it('comes back by itself after the hub refused the first handshakes', async () => {
    hub.refuseNext = 2;
    const status = statusTracker();
    client = connectSnipeHub({ token: 'licence-token' });
    recoverRefusedConnections(client, { onStatus: status.onStatus, backoff: quickBackoff });

    await hub.joined;
    await status.reaches('live');
    expect(client.connected).toBe(true);
    expect(hub.handshakes).toHaveLength(3);
    expect(status.seen).toEqual(['reconnecting', 'reconnecting', 'live']);
  });

  it('stops after the capped number of refusals and tries again when asked', async () => {
    hub.refuseNext = Number.POSITIVE_INFINITY;
    const status = statusTracker();
    client = connectSnipeHub({ token: 'licence-token' });
    const recovery = recoverRefusedConnections(client, { onStatus: status.onStatus, backoff: quickBackoff });

    await status.reaches('offline');
    expect(hub.handshakes).toHaveLength(1 + quickBackoff.maxRefusals);
    expect(client.connected).toBe(false);

    hub.refuseNext = 0;
    recovery.reconnectNow();
    await hub.joined;
    await status.reaches('live');
  });

  it('makes no further attempt once stopped (the dashboard closed or the user signed out)', async () => {
    hub.refuseNext = Number.POSITIVE_INFINITY;
    const status = statusTracker();
    const retryAfterMs = 20;
    client = connectSnipeHub({ token: 'licence-token' });
    const recovery = recoverRefusedConnections(client, {
      onStatus: status.onStatus,
      backoff: { firstDelayMs: retryAfterMs, maxDelayMs: retryAfterMs, maxRefusals: 5 },
      random: () => 1,
    });
    await status.reaches('reconnecting'); // the retry is now scheduled
    recovery.stop();

    // A timer set later with the same delay runs after the retry's would have.
    await new Promise((resolve) => setTimeout(resolve, retryAfterMs));
    // A retry marks the socket active at once (socket.io-client), before any handshake.
    expect(client.active).toBe(false);
    expect(hub.handshakes).toHaveLength(1);
  });
});
