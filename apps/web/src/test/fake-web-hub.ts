import { vi } from 'vitest';

type Handler = (payload?: unknown) => void;

/**
 * A stand-in for a web hub socket (/client/snipe, /client/transfer) in the pages' component tests: the test plays the
 * server (`serverSends`) and reads what the page sent (`emit`). The real hub is tested in
 * shared/live against a Socket.IO server.
 */
export const fakeWebHubSocket = (() => {
  const handlers = new Map<string, Handler[]>();
  return {
    connected: true,
    active: true,
    emit: vi.fn(),
    on(event: string, handler: Handler) {
      handlers.set(event, [...(handlers.get(event) ?? []), handler]);
      return this;
    },
    off(event: string, handler: Handler) {
      handlers.set(
        event,
        (handlers.get(event) ?? []).filter((candidate) => candidate !== handler),
      );
      return this;
    },
    connect: vi.fn(),
    disconnect: vi.fn(),
    removeAllListeners: vi.fn(),
    serverSends(event: string, payload?: unknown) {
      for (const handler of handlers.get(event) ?? []) handler(payload);
    },
    reset() {
      handlers.clear();
      this.connected = true;
      this.active = true;
      this.emit.mockClear();
    },
  };
})();

/** connectWebHub's stand-in: the fake socket, connected on the next tick as a real one would be. */
export function connectFakeWebHub() {
  queueMicrotask(() => fakeWebHubSocket.serverSends('connect'));
  return fakeWebHubSocket;
}
