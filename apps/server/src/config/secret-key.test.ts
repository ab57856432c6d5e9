import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { resolveSecretKey } from './secret-key.js';

describe('secret key', () => {
  const dirs: string[] = [];
  const tempDir = async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 'td-key-'));
    dirs.push(dir);
    return dir;
  };
  afterEach(async () => {
    await Promise.all(dirs.splice(0).map((dir) => rm(dir, { recursive: true, force: true })));
  });

  it('generates a key on first start and reuses it afterwards', async () => {
    const dir = await tempDir();
    const first = await resolveSecretKey(undefined, dir);
    expect(first.source).toBe('generated');
    expect(first.key).toMatch(/^[0-9a-f]{64}$/);
    expect(await resolveSecretKey(undefined, dir)).toEqual({ key: first.key, source: 'file' });
  });

  it('prefers the environment', async () => {
    const key = 'cd'.repeat(32);
    expect(await resolveSecretKey(key, await tempDir())).toEqual({ key, source: 'env' });
  });

  it('rejects a damaged key file', async () => {
    const dir = await tempDir();
    await writeFile(path.join(dir, 'secret.key'), 'nope');
    await expect(resolveSecretKey(undefined, dir)).rejects.toThrow(
      'does not hold a valid key (64 hexadecimal characters)',
    );
  });
});
