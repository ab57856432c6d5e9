import { createServer, type IncomingMessage } from 'node:http';

/** A chat-webhook body as the server posts it: one embed per message. */
export interface ChatBody {
  embeds: Array<{ title?: string; description: string; color: number; fields?: unknown[] }>;
}

/**
 * A local chat-webhook receiver on port 0 (the sandbox lets the server post to 127.0.0.1): it
 * answers 204 and keeps every body, so a test sees what a user's chat would show.
 */
export async function startChatReceiver() {
  const bodies: ChatBody[] = [];
  const wakers = new Set<() => void>();
  const server = createServer((request: IncomingMessage, response) => {
    let text = '';
    request.on('data', (chunk: Buffer) => (text += chunk.toString()));
    request.on('end', () => {
      bodies.push(JSON.parse(text) as ChatBody);
      response.writeHead(204).end();
      wakers.forEach((wake) => wake());
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  return {
    url: `http://127.0.0.1:${port}/hook`,
    bodies,
    /** The first body, received or to come, that `match` takes. */
    waitForBody(match: (body: ChatBody) => boolean) {
      return new Promise<ChatBody>((resolve) => {
        const check = () => {
          const hit = bodies.find(match);
          if (hit) {
            wakers.delete(check);
            resolve(hit);
          }
        };
        wakers.add(check);
        check();
      });
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

export type ChatReceiver = Awaited<ReturnType<typeof startChatReceiver>>;
