import { createServer, connect, type Socket } from 'node:net';

/** A TCP proxy that can be cut (every connection dropped, new ones refused) and restored. */
export interface CuttableProxy {
  port: number;
  cut(): void;
  restore(): void;
  close(): Promise<void>;
}

/**
 * Stands in front of a shared service (PostgreSQL) so the bench can take it away from the cluster
 * without restarting it for everyone else on the machine.
 */
export async function startCuttableProxy(target: { host: string; port: number }): Promise<CuttableProxy> {
  const open = new Set<Socket>();
  let isCut = false;
  const server = createServer((client) => {
    if (isCut) return client.destroy();
    const upstream = connect(target.port, target.host);
    open.add(client).add(upstream);
    const drop = () => {
      client.destroy();
      upstream.destroy();
      open.delete(client);
      open.delete(upstream);
    };
    client.on('error', drop).on('close', drop);
    upstream.on('error', drop).on('close', drop);
    client.pipe(upstream).pipe(client);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  const { port } = server.address() as { port: number };
  return {
    port,
    cut() {
      isCut = true;
      for (const socket of open) socket.destroy();
      open.clear();
    },
    restore() {
      isCut = false;
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of open) socket.destroy();
        server.close(() => resolve());
      }),
  };
}
