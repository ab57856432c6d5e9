import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { admin, startBenchSim, type BenchSim } from '../bench/sandbox.js';
import { BrowserRuntime } from '../src/browser/browser-runtime.js';
import { screenshotCoinBalance, ScreenshotError } from '../src/browser/coin-balance.js';

let sim: BenchSim;
const runtime = new BrowserRuntime();

beforeAll(async () => {
  sim = await startBenchSim({ seed: 5, clock: { speed: 0 }, market: { initialListings: 50 } });
  await admin(sim, '/accounts', {
    email: 'shot@example.com',
    password: 'shot-password',
    backupCode: 'SHOT0001',
    platform: 'pc',
    coins: 123_456,
  });
}, 30_000);
afterAll(async () => {
  await runtime.close();
  await sim.close();
});

/** Width and height from a PNG's IHDR chunk. */
function pngSize(base64: string): { width: number; height: number } {
  const bytes = Buffer.from(base64, 'base64');
  return { width: bytes.readUInt32BE(16), height: bytes.readUInt32BE(20) };
}

describe('Screenshot Coin Balance in a real Chromium', () => {
  it('signs the account in to the sandbox web app and captures its coin balance as a PNG', async () => {
    const shot = await screenshotCoinBalance(runtime, `${sim.url}/web-app/`, {
      email: 'shot@example.com',
      password: 'shot-password',
      backupCode: 'SHOT0001',
    });
    expect(shot.coins).toBe(123_456);
    expect(Buffer.from(shot.png, 'base64').subarray(1, 4).toString()).toBe('PNG');
    const size = pngSize(shot.png);
    expect(size.width).toBeGreaterThan(50);
    expect(size.height).toBeGreaterThan(5);
    expect(size.height).toBeLessThan(200);
  }, 60_000);

  it('says why when the game refuses the password', async () => {
    const attempt = screenshotCoinBalance(runtime, `${sim.url}/web-app/`, {
      email: 'shot@example.com',
      password: 'wrong-password',
      backupCode: 'SHOT0001',
    });
    await expect(attempt).rejects.toThrow(ScreenshotError);
    await expect(attempt).rejects.toThrow('Your credentials are incorrect or have expired');
  }, 60_000);
});
