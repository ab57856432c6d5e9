import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Server } from 'socket.io';

/**
 * An in-process web hub at `path` on the page's own origin (the client connects there, as in the
 * browser): it records every handshake and join, resolves `joined` with the first `join`'s
 * handshake, and can drop its connections as a network failure would.
 */
export async function startTestHub(path: string) {
  const http = createServer();
  const io = new Server(http, { path, serveClient: false });
  const handshakes: unknown[] = [];
  let joins = 0;
  let markJoined: (auth: unknown) => void = () => undefined;
  const joined = new Promise<unknown>((resolve) => (markJoined = resolve));
  io.use((socket, next) => {
    handshakes.push(socket.handshake.auth);
    next();
  });
  io.on('connection', (socket) =>
    socket.on('join', () => {
      joins += 1;
      markJoined(socket.handshake.auth);
    }),
  );
  await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve));
  const { port } = http.address() as AddressInfo;
  (window as unknown as { happyDOM: { setURL: (url: string) => void } }).happyDOM.setURL(
    `http://127.0.0.1:${port}/`,
  );
  return {
    handshakes,
    joined,
    /** How many times a client joined (once per connection: the first and every reconnect). */
    joins: () => joins,
    /** How many clients are connected now. */
    connectedClients: () => io.sockets.sockets.size,
    /** Closes every connection's transport, as a network drop does (the client may come back). */
    dropConnections: () => {
      for (const socket of io.sockets.sockets.values()) socket.conn.close();
    },
    /** Sends a hub `message` to every connected client. */
    sendMessage: (action: string, data: unknown) => io.emit('message', { action, data }),
    /** Refuses an action as the server's hubs do: `error {description}`. */
    sendError: (description: string) => io.emit('error', { description }),
    close: () => io.close(),
  };
}
