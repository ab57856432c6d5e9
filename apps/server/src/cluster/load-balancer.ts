import { createServer, request as httpRequest, type IncomingMessage, type Server } from 'node:http';
import { connect, type Socket } from 'node:net';

/** A server node behind the balancer. */
export interface Backend {
  host: string;
  port: number;
}

export interface LoadBalancer {
  /** The address browsers and agents use, e.g. http://127.0.0.1:8080. */
  url: string;
  port: number;
  close(): Promise<void>;
}

/** The cookie that keeps a browser on one node (Socket.IO's long-polling needs every request of a session there). */
export const stickyCookie = 'td_node';
/** A node that refused a connection is skipped for this long before it is tried again. */
const downForMs = 1_000;

const cookieValue = (request: IncomingMessage, name: string) =>
  request.headers.cookie
    ?.split(';')
    .map((part) => part.trim().split('='))
    .find(([key]) => key === name)?.[1];

/**
 * A small HTTP and WebSocket load balancer for running several server nodes on one machine
 * (`npm run cluster`, the cluster bench). A browser stays on the node that answered its first
 * request (a cookie), because Socket.IO's long-polling transport sends one session's requests
 * separately and only that node knows the session; WebSocket-only clients (agents) take nodes in
 * turn. A node that refuses connections is skipped, so its clients move to the others when it
 * dies; it is tried again a second later. Request bodies are read before a node is chosen, so a
 * request meant for a dead node is answered by a live one.
 */
export async function startLoadBalancer(options: {
  backends: readonly Backend[];
  port?: number;
  host?: string;
}): Promise<LoadBalancer> {
  const { backends } = options;
  if (backends.length === 0) throw new Error('The load balancer needs at least one server node');
  const downUntil = backends.map(() => 0);
  let next = 0;

  /** The nodes to try, the sticky one first, then the others in turn (live ones before dead ones). */
  function candidates(request: IncomingMessage): number[] {
    const pinned = Number(cookieValue(request, stickyCookie));
    const start = next;
    next = (next + 1) % backends.length;
    const order = backends.map((_, offset) => (start + offset) % backends.length);
    const now = Date.now();
    const live = order.filter((index) => downUntil[index]! <= now);
    const dead = order.filter((index) => downUntil[index]! > now);
    const ranked = [...live, ...dead];
    return Number.isInteger(pinned) && pinned >= 0 && pinned < backends.length && downUntil[pinned]! <= now
      ? [pinned, ...ranked.filter((index) => index !== pinned)]
      : ranked;
  }

  const forwardedHeaders = (request: IncomingMessage) => ({
    ...request.headers,
    'x-forwarded-for': request.socket.remoteAddress ?? '',
    'x-forwarded-proto': 'http',
  });

  const server: Server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const body = Buffer.concat(chunks);
      const order = candidates(request);
      const attempt = (position: number) => {
        const index = order[position];
        if (index === undefined) {
          response.writeHead(502, { 'content-type': 'application/json' });
          response.end(JSON.stringify({ message: 'No server node is reachable' }));
          return;
        }
        const backend = backends[index]!;
        const upstream = httpRequest(
          {
            host: backend.host,
            port: backend.port,
            method: request.method,
            path: request.url,
            headers: forwardedHeaders(request),
          },
          (answer) => {
            const headers = { ...answer.headers };
            if (cookieValue(request, stickyCookie) !== String(index)) {
              const sticky = `${stickyCookie}=${index}; Path=/; HttpOnly; SameSite=Lax`;
              headers['set-cookie'] = [...(headers['set-cookie'] ?? []), sticky];
            }
            response.writeHead(answer.statusCode ?? 502, headers);
            answer.pipe(response);
          },
        );
        upstream.on('error', (error: NodeJS.ErrnoException) => {
          if (response.headersSent) return response.destroy();
          // Refused: the node is down; another one answers. Any other failure ends the request.
          if (error.code === 'ECONNREFUSED' || error.code === 'ECONNRESET') {
            downUntil[index] = Date.now() + downForMs;
            return attempt(position + 1);
          }
          response.writeHead(502, { 'content-type': 'application/json' });
          response.end(JSON.stringify({ message: 'The server node failed' }));
        });
        upstream.end(body);
      };
      attempt(0);
    });
  });

  // Upgraded connections leave the HTTP server's books: closing the balancer ends them here.
  const tunnels = new Set<Socket>();
  server.on('upgrade', (request: IncomingMessage, client: Socket, head: Buffer) => {
    const order = candidates(request);
    tunnels.add(client);
    client.on('close', () => tunnels.delete(client));
    client.on('error', () => client.destroy());
    const attempt = (position: number) => {
      const index = order[position];
      if (index === undefined) return client.destroy();
      const backend = backends[index]!;
      const upstream = connect(backend.port, backend.host);
      const onConnectError = () => {
        downUntil[index] = Date.now() + downForMs;
        attempt(position + 1);
      };
      upstream.once('error', onConnectError);
      upstream.once('connect', () => {
        upstream.off('error', onConnectError);
        upstream.on('error', () => client.destroy());
        upstream.on('close', () => client.destroy());
        client.on('close', () => upstream.destroy());
        const headers = Object.entries(forwardedHeaders(request)).flatMap(([name, value]) =>
          [value ?? []].flat().map((item) => `${name}: ${item}`),
        );
        upstream.write(
          `${request.method} ${request.url} HTTP/${request.httpVersion}\r\n${headers.join('\r\n')}\r\n\r\n`,
        );
        if (head.length > 0) upstream.write(head);
        upstream.pipe(client);
        client.pipe(upstream);
      });
    };
    attempt(0);
  });

  const host = options.host ?? '127.0.0.1';
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, host, () => resolve());
  });
  const { port } = server.address() as { port: number };
  return {
    url: `http://${host}:${port}`,
    port,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
        for (const tunnel of tunnels) tunnel.destroy();
      }),
  };
}
