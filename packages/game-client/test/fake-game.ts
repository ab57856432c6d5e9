import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';

/** A request as the fake game saw it. */
export interface SeenRequest {
  method: string;
  path: string;
  query: Record<string, string>;
  headers: IncomingHttpHeaders;
  body: string;
}

export interface FakeReply {
  status?: number;
  headers?: Record<string, string | string[]>;
  /** Objects are sent as JSON, strings as HTML, null/undefined as an empty body. */
  body?: unknown;
}

export type FakeHandler = (request: SeenRequest) => FakeReply;

/** A tiny scripted HTTP server on port 0: tests register `METHOD /path` handlers and read what arrived. */
export interface FakeGame {
  url: string;
  requests: SeenRequest[];
  /** TCP connections accepted so far (keep-alive reuses one). */
  connections(): number;
  on(method: string, path: string, handler: FakeHandler): void;
  close(): Promise<void>;
}

export async function startFakeGame(): Promise<FakeGame> {
  const handlers = new Map<string, FakeHandler>();
  const requests: SeenRequest[] = [];
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const url = new URL(req.url ?? '/', 'http://fake');
      const seen: SeenRequest = {
        method: req.method ?? 'GET',
        path: url.pathname,
        query: Object.fromEntries(url.searchParams),
        headers: req.headers,
        body: Buffer.concat(chunks).toString('utf8'),
      };
      requests.push(seen);
      const handler = handlers.get(`${seen.method} ${seen.path}`);
      const reply: FakeReply =
        handler === undefined ? { status: 404, body: { code: 404, reason: 'Not Found' } } : handler(seen);
      const isText = typeof reply.body === 'string';
      const payload =
        reply.body === undefined || reply.body === null
          ? ''
          : isText
            ? String(reply.body)
            : JSON.stringify(reply.body);
      res.writeHead(reply.status ?? 200, {
        'content-type': isText ? 'text/html; charset=utf-8' : 'application/json',
        ...reply.headers,
      });
      res.end(payload);
    });
  });
  let connections = 0;
  server.on('connection', () => {
    connections += 1;
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    connections: () => connections,
    on: (method, path, handler) => handlers.set(`${method} ${path}`, handler),
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
}
