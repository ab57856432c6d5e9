import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Server } from 'socket.io';

/**
 * An in-process web hub at `path` on the page's own origin (the client connects there, as in the
 * browser): it records every handshake, resolves `joined` with the first `join`'s handshake and
 * `send`s a `message` to every joined page.
 */
export async function startTestHub(path: string) {
  const http = createServer();
  const io = new Server(http, { path, serveClient: false });
  const handshakes: unknown[] = [];
  let markJoined: (auth: unknown) => void = () => undefined;
  const joined = new Promise<unknown>((resolve) => (markJoined = resolve));
  io.use((socket, next) => {
    handshakes.push(socket.handshake.auth);
    next();
  });
  io.on('connection', (socket) => socket.on('join', () => markJoined(socket.handshake.auth)));
  await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve));
  const { port } = http.address() as AddressInfo;
  (window as unknown as { happyDOM: { setURL: (url: string) => void } }).happyDOM.setURL(
    `http://127.0.0.1:${port}/`,
  );
  return {
    handshakes,
    joined,
    send: (action: string, data: Record<string, unknown>) => io.emit('message', { action, data }),
    close: () => io.close(),
  };
}
