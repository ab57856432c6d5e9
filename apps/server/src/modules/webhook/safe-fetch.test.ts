import { createServer } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BlockedAddressError, createSafeFetch } from './safe-fetch.js';

describe('the webhook fetch wrapper', () => {
  let url = '';
  let answers: number[] = [];
  let hits = 0;
  const server = createServer((_request, response) => {
    hits += 1;
    response.writeHead(answers.shift() ?? 204).end();
  });
  beforeAll(async () => {
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    url = `http://127.0.0.1:${(server.address() as { port: number }).port}/hook`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  it.each([
    'http://10.1.2.3/hook',
    'http://192.168.1.10/hook',
    'http://172.20.0.1/hook',
    'http://169.254.169.254/latest/meta-data',
    'http://[::1]/hook',
    'http://[fd00::1]/hook',
    'http://127.0.0.2/hook',
  ])('refuses the private address %s', async (target) => {
    await expect(createSafeFetch({ allowLoopback: true })(target)).rejects.toBeInstanceOf(
      BlockedAddressError,
    );
  });

  it('refuses a host name that resolves to a private address', async () => {
    const safeFetch = createSafeFetch({ resolve: async () => ['93.184.216.34', '10.0.0.5'] });
    await expect(safeFetch('https://hooks.example.com/x')).rejects.toBeInstanceOf(BlockedAddressError);
  });

  it('refuses 127.0.0.1 outside the sandbox and URLs with credentials', async () => {
    await expect(createSafeFetch()(url)).rejects.toBeInstanceOf(BlockedAddressError);
    await expect(createSafeFetch({ allowLoopback: true })('http://user:pw@127.0.0.1/x')).rejects.toThrow(
      'URLs with credentials are not allowed',
    );
  });

  it('makes one attempt and answers what the receiver said (retrying is the queue’s job)', async () => {
    answers = [503];
    hits = 0;
    const response = await createSafeFetch({ allowLoopback: true })(url, { method: 'POST', body: '{}' });
    expect(response.status).toBe(503);
    expect(hits).toBe(1);
  });
});
