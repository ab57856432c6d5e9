import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const serverDir = fileURLToPath(new URL('..', import.meta.url));
const tsx = fileURLToPath(new URL('../../../node_modules/.bin/tsx', import.meta.url));

function runMain(env: Record<string, string>): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve) => {
    const child = spawn(tsx, ['src/main.ts'], {
      cwd: serverDir,
      env: { ...process.env, ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.on('exit', (code) => resolve({ code, output }));
  });
}

describe('start-up', () => {
  it('refuses a bad environment with a clear message and exit code 1', async () => {
    const { code, output } = await runMain({ PORT: 'eighty', GAME_MODE: 'demo', SECRET_KEY: 'short' });
    expect(code).toBe(1);
    expect(output).toContain('Invalid environment:');
    expect(output).toContain('PORT: PORT must be a number from 0 to 65535');
    expect(output).toContain('SECRET_KEY: SECRET_KEY must be 64 hexadecimal characters (32 bytes)');
    expect(output).toContain('GAME_MODE: Game mode must be one of: sandbox, live');
  });
});
